/// <reference path="./pdfjs-worker.d.ts" />
/**
 * A fetched PDF to Markdown with pdf.js (pdfjs-dist's legacy build, the one that runs in Node),
 * inside the parse pool's thread that runs the task: pdf.js's own worker is not started (in Node
 * it runs "in-thread", its worker module loaded beside it), since the pool thread is already the
 * sandbox and its deadline terminates it. Nothing leaves the process: the document is given as
 * bytes, pdf.js's character maps and standard font metrics are read from its package directory,
 * and eval (pdf.js compiles font and function programs with it when allowed) is off, so a
 * crafted font cannot run code. The layout (lines, paragraphs, headings, lists, links) is
 * pdf-layout.ts's.
 *
 * Caps (the spec's limits on fetched content): at most PDF_LIMITS.maxPages pages and
 * PDF_LIMITS.maxTextRuns runs of text are read, and reading stops once the Markdown is longer
 * than the answer can carry (maxChars): the pages after that point cannot change the answer.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pdfToMarkdown, type PdfPageText, type PdfRun } from './pdf-layout.ts';
import { markdownToText } from './plain-text.ts';

export const PDF_LIMITS = {
  /** Pages read, from the first. */
  maxPages: 100,
  /** Runs of text (pdf.js text items) read over the whole document: a page of a million tiny runs ends the reading there. */
  maxTextRuns: 100_000,
};

export type PdfRead =
  | { readable: false; reason: 'password' | 'damaged'; detail: string }
  | {
      readable: true;
      title: string;
      metaDescription: string;
      markdown: string;
      hasContent: boolean;
      /** Pages the document has, and how many were read. */
      pages: number;
      pagesRead: number;
      /** Reading stopped before the end once the Markdown was longer than maxChars. */
      stoppedAtLength: boolean;
      /** What the caps cut, and pages that could not be read. */
      limitNotes: string[];
    };

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loaded: Promise<PdfJs> | null = null;

/** pdf.js, loaded once per thread on its first PDF (threads that read only HTML never load it). */
function pdfjs(): Promise<PdfJs> {
  loaded ??= (async () => {
    // The worker module registers its message handler on globalThis.pdfjsWorker, which pdf.js uses
    // in place of a worker: no thread, no import of a worker URL.
    await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return loaded;
}

/** pdf.js's data directories (cmaps, standard fonts, wasm), as paths: read from disk, never fetched. */
const packageDir = () => dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** pdf.js's errors for a file it cannot parse (as opposed to a bug of ours). */
const DAMAGED = new Set(['InvalidPDFException', 'FormatError', 'UnknownErrorException', 'ResponseException', 'MissingPDFException']);

function documentTitle(info: Record<string, unknown> | undefined): string {
  const title =
    typeof info?.Title === 'string'
      ? info.Title.replace(/^Microsoft (Word|PowerPoint|Excel) - /, '')
          .replace(/\s+/g, ' ')
          .trim()
      : '';
  // Producers often leave the source file's name as the title: that names nothing.
  return /\.(docx?|pptx?|xlsx?|odt|indd|tex|pdf|rtf)$/i.test(title) || /^untitled\b/i.test(title) ? '' : title;
}

export interface ReadPdfOptions {
  /** The answer's length: reading stops once the Markdown is longer. */
  maxChars?: number;
  /** The caps (tests give smaller ones). */
  limits?: typeof PDF_LIMITS;
}

export async function readPdf(bytes: Uint8Array, { maxChars = Infinity, limits = PDF_LIMITS }: ReadPdfOptions = {}): Promise<PdfRead> {
  const { getDocument, VerbosityLevel } = await pdfjs();
  const dir = packageDir();
  const task = getDocument({
    // A copy: pdf.js takes ownership of the buffer it is given, and the fetched body is shared memory.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    enableXfa: false,
    stopAtErrors: false,
    useSystemFonts: false,
    cMapUrl: join(dir, 'cmaps') + '/',
    standardFontDataUrl: join(dir, 'standard_fonts') + '/',
    wasmUrl: join(dir, 'wasm') + '/',
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    let document;
    try {
      document = await task.promise;
    } catch (error) {
      const name = (error as Error)?.name;
      if (name === 'PasswordException') return { readable: false, reason: 'password', detail: 'the PDF is encrypted with a password' };
      if (DAMAGED.has(name)) return { readable: false, reason: 'damaged', detail: `the PDF is damaged (${(error as Error).message.replace(/\.$/, '')})` };
      throw error;
    }
    const { info } = (await document.getMetadata().catch(() => ({ info: undefined }))) as { info?: Record<string, unknown> };
    const pages = document.numPages;
    const limit = Math.min(pages, limits.maxPages);
    const texts: PdfPageText[] = [];
    const failed: number[] = [];
    let runs = 0;
    let chars = 0;
    let runsCut = false;
    let layout = pdfToMarkdown([]);
    let stoppedAtLength = false;
    // Reading goes on until the Markdown outgrows maxChars (checked when the text read passes it, a
    // cheap upper bound of the Markdown's length before running heads are dropped).
    let checkAt = maxChars;
    for (let number = 1; number <= limit && !runsCut; number++) {
      try {
        const page = await document.getPage(number);
        const text: PdfPageText = { runs: [], links: [] };
        const reader = page.streamTextContent().getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          for (const item of value.items as { str?: string; transform: number[]; width: number; hasEOL?: boolean }[]) {
            if (typeof item.str !== 'string') continue; // marked-content boundaries
            if (runs >= limits.maxTextRuns) {
              runsCut = true;
              break;
            }
            runs++;
            chars += item.str.length;
            const [a, b, c, d, x, y] = item.transform;
            text.runs.push({ str: item.str, x, y, width: item.width, size: Math.hypot(c, d) || Math.hypot(a, b), eol: item.hasEOL } satisfies PdfRun);
          }
          if (runsCut) {
            // pdf.js wants an Error as the reason; it stops parsing the page's content there.
            await reader.cancel(new Error('the text-run cap was reached'));
            break;
          }
        }
        for (const annotation of (await page.getAnnotations({ intent: 'display' })) as {
          subtype?: string;
          url?: string;
          rect?: number[];
          overlaidText?: string;
        }[]) {
          if (annotation.subtype === 'Link' && typeof annotation.url === 'string' && Array.isArray(annotation.rect))
            text.links.push({ rect: annotation.rect, url: annotation.url, text: annotation.overlaidText });
        }
        texts.push(text);
        page.cleanup();
      } catch (error) {
        if (!DAMAGED.has((error as Error)?.name)) throw error;
        failed.push(number);
      }
      if (chars > checkAt && number < pages) {
        layout = pdfToMarkdown(texts);
        if (layout.markdown.length > maxChars) {
          stoppedAtLength = true;
          break;
        }
        checkAt = chars + Math.max(1_000, maxChars - layout.markdown.length);
      }
    }
    if (!stoppedAtLength) layout = pdfToMarkdown(texts);
    if (!texts.length && failed.length) return { readable: false, reason: 'damaged', detail: 'the PDF is damaged (none of its pages could be read)' };
    const count = (value: number) => value.toLocaleString('en-US');
    const notes: string[] = [];
    if (pages > limits.maxPages && !stoppedAtLength) notes.push(`The PDF has ${count(pages)} pages: only the first ${count(limits.maxPages)} were read.`);
    if (runsCut)
      notes.push(
        `The PDF has more than ${count(limits.maxTextRuns)} runs of text: only the first ${count(limits.maxTextRuns)} were read (through page ${texts.length}).`,
      );
    if (failed.length) notes.push(`Page${failed.length > 1 ? 's' : ''} ${failed.join(', ')} of the PDF could not be read (damaged).`);
    return {
      readable: true,
      title: documentTitle(info) || layout.firstHeading,
      metaDescription: typeof info?.Subject === 'string' ? info.Subject.trim() : '',
      markdown: layout.markdown,
      hasContent: /[\p{L}\p{N}]/u.test(markdownToText(layout.markdown)),
      pages,
      pagesRead: texts.length + failed.length,
      stoppedAtLength,
      limitNotes: notes,
    };
  } finally {
    await task.destroy();
  }
}

/** What the clean-markdown PDF task answers: a read cut to maxChars (`fullLength` is what was read), or why the PDF cannot be read. */
export type PdfMarkdown = Extract<PdfRead, { readable: false }> | (Extract<PdfRead, { readable: true }> & { truncated: boolean; fullLength: number });
