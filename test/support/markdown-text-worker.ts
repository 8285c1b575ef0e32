/**
 * A worker of test/support/markdown-texts.ts: converts the pages it is given, as the parse pool's
 * markdown reader does in-thread (htmlToMarkdown, then the words of the Markdown), and posts the
 * texts back in order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { htmlToMarkdown } from '../../engines/markdown/convert.ts';
import { markdownToText } from '../../engines/markdown/plain-text.ts';

const pages = workerData as { html: string; url: string }[];
parentPort!.postMessage(pages.map(({ html, url }) => markdownToText(htmlToMarkdown(html, url).markdown)));
