/**
 * Legal HTML pages built to cost the readers of fetched content as much as a page of their size
 * can: each is well-formed, under the parse limits (engines/parse/limits.ts: at most 20,000 start
 * tags, nested far less than 512 levels) and under 512 KiB by default (the size below which an
 * analysis takes the ordinary lane of the parse pool), and each repeats one thing a reader does
 * work for: images, entities, comments, form controls, attributes, small elements, nesting,
 * tables, lists, links, JSON-LD blocks, meta tags. The hostile families (test/world/fixtures/
 * hostile-sites.ts, hostile-family.ts) are malformed or over the limits; these are the pages a
 * site may well serve. Tests and benches import them, and readerCpuMs runs a parse task on one,
 * as a worker of the pool runs it. Written for this project.
 */
import { performance } from 'node:perf_hooks';
import { Fetched } from '../../engines/net/fetched.ts';
import { runTask, type TaskInput, type TaskName } from '../../engines/parse/tasks.ts';
import { mainThreadCpuMs } from './thread-cpu.ts';

/** The default size: under 512 KiB (524,288 bytes), as the ordinary lane's pages are. */
export const LEGAL_PAGE_BYTES = 500_000;

const head = (title: string, extra = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${extra}</head><body>`;
const TAIL = '<p>Write to sales@legal-pages.example for a quote.</p></body></html>';

/** The page of `bytes` (at most): the head, `unit(n)` for n = 0, 1, ... while it fits, the tail. */
function filled(title: string, bytes: number, unit: (n: number) => string, { extraHead = '', open = '', close = '' } = {}): string {
  const start = head(title, extraHead) + open;
  const end = close + TAIL;
  const parts: string[] = [start];
  let size = Buffer.byteLength(start) + Buffer.byteLength(end);
  for (let n = 0; ; n++) {
    const piece = unit(n);
    const length = Buffer.byteLength(piece);
    if (size + length > bytes) break;
    parts.push(piece);
    size += length;
  }
  parts.push(end);
  return parts.join('');
}

/** One block after another up to the size, each block whole (for pages whose unit is nested markup). */
const repeated = (title: string, bytes: number, block: string, options?: Parameters<typeof filled>[3]) => filled(title, bytes, () => block, options);

const nestedBlock = (levels: number, inner: string) => `${'<div class="n">'.repeat(levels)}${inner}${'</div>'.repeat(levels)}`;

const ATTRIBUTES = Array.from({ length: 100 }, (_, n) => ` data-a${n}="v${n}"`).join('');

/** Every page by name: `html(bytes)` builds it at (at most) that many bytes. */
export const COSTLY_PAGES = {
  images: (bytes: number) => repeated('Images', bytes, '<img src="/a.png" alt="x">'),
  imagesInText: (bytes: number) =>
    filled('Images in text', bytes, (n) => `<p>Photo ${n} <img src="/p/${n}.jpg" alt="photo ${n}" title="t" width="10" height="10"></p>`),
  entities: (bytes: number) => repeated('Entities', bytes, '&amp;&#x41;&eacute;&lt;&#169;&nbsp;', { open: '<p>', close: '</p>' }),
  entitiesInAttributes: (bytes: number) =>
    repeated(
      'Entities in attributes',
      bytes,
      '<a href="/?a=1&amp;b=2&amp;c=&#x33;&amp;d=&eacute;&amp;e=&lt;&amp;f=&#169;&amp;g=&nbsp;&amp;h=1&amp;i=2&amp;j=3&amp;k=4">&amp;&eacute;</a>',
    ),
  comments: (bytes: number) => repeated('Comments', bytes, '<!--x-->'),
  commentsInText: (bytes: number) => filled('Comments in text', bytes, (n) => `word${n % 10}<!-- c -->`, { open: '<p>', close: '</p>' }),
  formControls: (bytes: number) =>
    filled('Form controls', bytes, (n) => `<input type="text" name="f${n}" value="v">`, { open: '<form action="/send">', close: '</form>' }),
  selectOptions: (bytes: number) =>
    repeated('Select options', bytes, '<option value="1">One</option>', { open: '<form><select name="s">', close: '</select></form>' }),
  manyForms: (bytes: number) =>
    filled('Many forms', bytes, (n) => `<form action="/f${n}" method="post"><label>Email<input type="email" name="email"></label><button>Go</button></form>`),
  attributes: (bytes: number) => repeated('Attributes', bytes, `<div${ATTRIBUTES}>x</div>`),
  attributesOnOne: (bytes: number) => filled('Attributes on one element', bytes, (n) => ` data-a${n}="v"`, { open: '<div', close: '>x</div>' }),
  smallElements: (bytes: number) => repeated('Small elements', bytes, '<div><span></span></div>'),
  smallElementsWithText: (bytes: number) => filled('Small elements with text', bytes, (n) => `<div><span>w${n}</span></div>`),
  nesting60: (bytes: number) => repeated('Nesting 60', bytes, nestedBlock(60, '<p>deep text here</p>')),
  nesting500: (bytes: number) => repeated('Nesting 500', bytes, nestedBlock(500, '<p>deep text here</p>')),
  table: (bytes: number) => filled('Table', bytes, (n) => `<tr><td>${n}</td><td>b</td><td>c</td></tr>`, { open: '<table><tbody>', close: '</tbody></table>' }),
  list: (bytes: number) => filled('List', bytes, (n) => `<li>item ${n}</li>`, { open: '<ul>', close: '</ul>' }),
  links: (bytes: number) => filled('Links', bytes, (n) => `<a href="/p/${n}">link ${n}</a> `, { open: '<p>', close: '</p>' }),
  externalLinks: (bytes: number) => filled('External links', bytes, (n) => `<a href="https://s${n}.example.com/x">s${n}</a>`),
  jsonLd: (bytes: number) =>
    filled(
      'JSON-LD',
      bytes,
      (n) =>
        `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"P${n}","sku":"${n}","offers":{"@type":"Offer","price":"${n}.00","priceCurrency":"USD"}}</script>`,
    ),
  meta: (bytes: number) => filled('Meta', bytes, (n) => `<meta name="m${n}" content="value ${n}"><meta property="og:p${n}" content="v">`),
  scripts: (bytes: number) => filled('Scripts', bytes, (n) => `<script src="/js/s${n}.js"></script>`),
  paragraphs: (bytes: number) => filled('Paragraphs', bytes, (n) => `<p>Sentence number ${n} of a long page, with a few words in it.</p>`),
  emails: (bytes: number) =>
    filled('Emails', bytes, (n) => `<p>Write to person${n}@legal-pages.example or call +1 555 01${String(n % 100).padStart(2, '0')}.</p>`),
  headings: (bytes: number) => filled('Headings', bytes, (n) => `<h2>Heading ${n}</h2><p>t</p>`),
} satisfies Record<string, (bytes: number) => string>;

export type CostlyPageName = keyof typeof COSTLY_PAGES;

export const COSTLY_PAGE_NAMES = Object.keys(COSTLY_PAGES) as CostlyPageName[];

/** The named page at (at most) `bytes` bytes. */
export const costlyPage = (name: CostlyPageName, bytes = LEGAL_PAGE_BYTES): string => COSTLY_PAGES[name](bytes);

const URL_ = 'https://legal-pages.example/';
const NOW = '2026-11-26T00:00:00.000Z';
const HEADERS = { 'content-type': 'text/html; charset=utf-8' };

/** Every parse task that reads a page's HTML, with the input an operation gives it (the widest: team pages, careers links, text codes). */
const READERS: { [K in TaskName]?: (page: Fetched) => TaskInput<K> } = {
  markdown: (page) => ({ page, url: URL_, status: 200, headers: HEADERS }),
  product: (page) => ({ page, url: URL_ }),
  contacts: (page) => ({ page, url: URL_, teamPage: true }),
  injection: (page) => ({ pages: [page], maxPageChars: 256 * 1024 }),
  storeHome: (page) => ({ page, url: URL_ }),
  promoPage: (page) => ({ page, url: URL_, maxLinks: 20, withText: true, now: NOW }),
  companyFacts: (page) => ({ page, url: URL_, now: NOW }),
  techHome: (page) => ({ page, url: URL_, status: 200, headers: HEADERS }),
  detect: (page) => ({ page, url: URL_, headers: HEADERS, cookies: [], containers: [], dns: { mx: [], txt: [], dmarc: null, cname: [] } }),
  jobsPage: (page) => ({ page, url: URL_, domain: 'legal-pages.example', careersLinks: true }),
};

/** The parse tasks that read a page's HTML. */
export const LEGAL_PAGE_READERS = Object.keys(READERS) as TaskName[];

const cpuNow = () => mainThreadCpuMs() ?? performance.now();

/** CPU ms of one run of the reader (a parse task) on the page, in this thread (its own CPU time where the system counts it, else the wall clock). */
export async function readerCpuMs(reader: TaskName, html: string): Promise<number> {
  const input = READERS[reader];
  if (!input) throw new TypeError(`${reader} does not read HTML pages`);
  const page = new Fetched(Buffer.from(html), { contentType: HEADERS['content-type'] });
  const started = cpuNow();
  await runTask(reader, input(page) as never);
  return cpuNow() - started;
}
