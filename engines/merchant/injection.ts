/**
 * Prompt-injection heuristics for a merchant's pages and terms: patterns in the manner of Rebuff
 * and Vigil (instruction override, role reset, chat delimiters, exfiltration, instructions to
 * agents, payment instructions and redirects, urgency), looked for separately in visible text,
 * hidden text (inline-hidden, CSS-hidden, [hidden], aria-hidden, template, noscript), comments,
 * attributes and the payment terms' own strings; plus invisible Unicode and wallet addresses
 * that differ from the live payTo. Flags read `<where>:<signal>`.
 */
import { parseBounded } from '../parse/dom.ts';
import { comments } from '../parse/scan.ts';

export type Risk = 'LOW' | 'MEDIUM' | 'CRITICAL';
export type Where = 'visible' | 'hidden' | 'hidden_css' | 'comment' | 'attr' | 'terms';

const INSTRUCTION_SIGNALS = ['override', 'role_reset', 'delimiter', 'exfil', 'agent_addressed'] as const;

/** Word-bounded, case-insensitive, on NFKC text with invisible characters removed. */
const SIGNALS: Record<string, RegExp[]> = {
  override: [
    /\b(ignore|disregard|forget|bypass|override|overrule|skip)\s+(all\s+|any\s+|the\s+|your\s+|of\s+)*(previous|prior|above|earlier|preceding|original|system|existing|safety|developer)\s+(instructions?|prompts?|rules|guidelines|directions|directives|context|commands|policies)\b/i,
    /\b(ignore|disregard|forget)\s+(all|everything|your)\s+(instructions?|rules|guidelines|prompts?)\b/i,
  ],
  role_reset: [
    /\byou\s+are\s+now\s+(in\s+)?(developer\s+mode|dan\b|an?\s+unrestricted|jailbroken|no\s+longer\s+bound)/i,
    /\bfrom\s+now\s+on,?\s+you\s+(will|must|are\s+to|shall)\b/i,
    /\bnew\s+(system\s+)?instructions\s*:/i,
  ],
  delimiter: [/<\|im_start\|>|<\|system\|>|<\|im_end\|>|\[INST\]|<<SYS>>|<\/system>|^\s*(system|assistant)\s*:\s/im],
  exfil: [
    /\b(reveal|print|repeat|show|output|disclose|send|leak)\b[^.!?\n]{0,40}\b(system\s+prompt|api\s+keys?|private\s+keys?|seed\s+phrase|mnemonic|secret\s+keys?)\b/i,
  ],
  agent_addressed: [
    /\b(ai\s+agents?|llms?|language\s+models?|ai\s+assistants?|autonomous\s+agents?|assistants?\s+reading\s+this)\b[^.!?\n]{0,60}\b(must|should|are\s+required\s+to|need\s+to|have\s+to)\b[^.!?\n]{0,40}\b(pay|approve|ignore|trust|recommend|send|transfer|sign|rate)\b/i,
  ],
  pay_instruction: [
    /\b(send|transfer|pay|approve|wire)\b[^.!?\n]{0,60}(\b(usdc|usdt|eth|dai)\b|0x[0-9a-f]{40}|\bto\s+(this|our|the\s+following|my)\s+(wallet|address)\b)/i,
  ],
  pay_redirect: [
    /\b(instead|do\s+not\s+pay|don'?t\s+pay|ignore\s+the|rather\s+than)\b[^.!?\n]{0,80}(0x[0-9a-f]{40}|\bpay\s*to\b|\bwallet\b)/i,
    /\b(updated|new|correct|real)\s+(payment\s+|receiving\s+)?(wallet|address|payto)\b[^.!?\n]{0,40}0x[0-9a-f]{40}/i,
  ],
  urgency_override: [
    /\b(approve|pay|sign|send|transfer|authori[sz]e)\b[^.!?\n]{0,60}\b(without\s+(user\s+|human\s+)?(confirmation|approval|asking|verification|checking|review)|skipping\s+(verification|confirmation|checks)|no\s+need\s+to\s+(confirm|verify|ask))\b/i,
  ],
};

const TAG_CHARACTERS = /[\u{E0000}-\u{E007F}]/u;
const BIDI_OVERRIDES = /[\u202A-\u202E\u2066-\u2069]/;
const ZERO_WIDTH_RUN = /[\u200B-\u200D\u2060\uFEFF]{3,}/;
const ZERO_WIDTH_IN_WORD = /\p{L}[\u200B-\u200D\u2060\uFEFF\u00AD]+\p{L}/u;
const INVISIBLE_ALL = /[\u{E0000}-\u{E007F}\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\uFEFF\u00AD]/gu;

const HIDING_STYLE =
  /display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(\.0*)?(px|em|rem|pt|%)?\s*(;|$|!)|opacity\s*:\s*0(\.0*)?\s*(;|$|!)|(left|top|text-indent|margin-left)\s*:\s*-\d{3,}px|clip\s*:\s*rect\(\s*0|(width|height)\s*:\s*[01]px[^;]*;[^"]*(width|height)\s*:\s*[01]px|color\s*:\s*transparent/i;
const ADDRESS = /0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/g;
const PAYMENT_CONTEXT = /\b(pay|payment|payto|pay\s+to|wallet|send|recipient|deposit|receiv\w*|address|transfer|usdc)\b/i;

export interface TextPiece {
  where: Where;
  text: string;
}

export interface ScanInput {
  /** HTML pages of the merchant (the probed URL, its home page). */
  pages: string[];
  /** Strings of the payment terms and the discovery document (descriptions, errors). */
  termsTexts?: string[];
  /** payTo of the live terms, and the asset contract (an asset address on the page is no mismatch). */
  livePayTos?: string[];
  assets?: string[];
}

export interface ScanResult {
  risk: Risk;
  flags: string[];
}

/**
 * The innermost rules of a style sheet as [selectors, declarations], as /([^{}]+)\{([^{}]*)\}/g
 * finds them ("@media x { .a { … } }" gives ".a"), read once: each rule is the text between the
 * last "{" before a "}" and that "}", its selectors what stands before that "{".
 */
export function cssRules(css: string): [selectors: string, body: string][] {
  const rules: [string, string][] = [];
  for (const piece of css.split('}').slice(0, -1)) {
    const open = piece.lastIndexOf('{');
    if (open < 0) continue;
    const selectors = piece.slice(piece.lastIndexOf('{', open - 1) + 1, open);
    if (selectors.trim()) rules.push([selectors, piece.slice(open + 1)]);
  }
  return rules;
}

/** The text pieces of a page by where they sit, hidden parts taken out of the visible text. */
export function piecesOf(html: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  for (const text of comments(html)) pieces.push({ where: 'comment', text });
  const wrapped = /<(html|body)[\s>]/i.test(html.slice(0, 5000)) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`;
  const document = parseBounded(wrapped);

  for (const element of document.querySelectorAll('meta[content], [alt], [title], [aria-label], [data-instructions], [data-prompt]')) {
    for (const name of ['content', 'alt', 'title', 'aria-label', 'data-instructions', 'data-prompt']) {
      const value = element.getAttribute(name);
      if (value && value.length > 12) pieces.push({ where: 'attr', text: value });
    }
  }
  const cssHidden = new Set<Element>();
  for (const style of document.querySelectorAll('style')) {
    for (const [selectors, body] of cssRules(style.textContent ?? '')) {
      if (!HIDING_STYLE.test(body)) continue;
      for (const selector of selectors.split(',')) {
        try {
          for (const element of document.querySelectorAll(selector.trim())) cssHidden.add(element);
        } catch {
          // a selector linkedom does not understand: skipped
        }
      }
    }
  }
  for (const element of document.querySelectorAll('script, style, svg')) element.remove();
  const hidden = [...document.querySelectorAll('template, noscript, [hidden], [aria-hidden="true"], [style]')].filter(
    (element) =>
      /^(TEMPLATE|NOSCRIPT)$/.test(element.tagName) ||
      element.hasAttribute('hidden') ||
      element.getAttribute('aria-hidden') === 'true' ||
      HIDING_STYLE.test(element.getAttribute('style') ?? ''),
  );
  for (const element of hidden) {
    if (!element.isConnected) continue;
    const content = (element as HTMLTemplateElement).content;
    pieces.push({ where: 'hidden', text: (content ? content.textContent : '') || element.textContent || '' });
    element.remove();
  }
  for (const element of cssHidden) {
    if (!element.isConnected) continue;
    pieces.push({ where: 'hidden_css', text: element.textContent ?? '' });
    element.remove();
  }
  pieces.push({ where: 'visible', text: textOf(document.body ?? document.documentElement) });
  return pieces;
}

function textOf(root: Node | null): string {
  if (!root) return '';
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) parts.push(node.nodeValue ?? '');
    else if (node.nodeType === 1) {
      parts.push(' ');
      for (const child of node.childNodes) walk(child);
    }
  };
  walk(root);
  return parts.join('').replace(/[ \t]+/g, ' ');
}

/** Invisible characters that smuggle text: tag characters, bidi overrides, zero-width runs or zero-width inside words. */
export function hasInvisibleSmuggling(text: string): boolean {
  return TAG_CHARACTERS.test(text) || BIDI_OVERRIDES.test(text) || ZERO_WIDTH_RUN.test(text) || ZERO_WIDTH_IN_WORD.test(text);
}

/** Signals matched in a text (after removing invisible characters and NFKC). */
export function signalsIn(text: string): string[] {
  const plain = text.replace(INVISIBLE_ALL, '').normalize('NFKC');
  return Object.entries(SIGNALS)
    .filter(([, patterns]) => patterns.some((pattern) => pattern.test(plain)))
    .map(([signal]) => signal);
}

/** Wallet addresses shown in a payment context that differ from every live payTo and asset. */
export function foreignWallets(text: string, known: string[]): string[] {
  const knownLower = new Set(known.map((address) => address.toLowerCase()));
  const foreign = new Set<string>();
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].toLowerCase();
    if (knownLower.has(address)) continue;
    const around = text.slice(Math.max(0, match.index! - 80), match.index! + match[0].length + 40);
    if (PAYMENT_CONTEXT.test(around)) foreign.add(address);
  }
  return [...foreign];
}

export function scanForInjection({ pages, termsTexts = [], livePayTos = [], assets = [] }: ScanInput): ScanResult {
  const pieces = [...pages.flatMap(piecesOf), ...termsTexts.map((text) => ({ where: 'terms' as const, text }))];
  const flags = new Set<string>();
  let invisible = false;
  let instructionAnywhere = false;
  let critical = false;
  let medium = false;
  for (const { where, text } of pieces) {
    if (!text.trim()) continue;
    if (hasInvisibleSmuggling(text)) {
      invisible = true;
      flags.add(`${where}:invisible_unicode`);
    }
    for (const signal of signalsIn(text)) {
      flags.add(`${where}:${signal}`);
      const instruction = (INSTRUCTION_SIGNALS as readonly string[]).includes(signal);
      if (instruction) instructionAnywhere = true;
      if (signal === 'pay_redirect' || signal === 'urgency_override') critical = true;
      else if (where !== 'visible' && (instruction || signal === 'pay_instruction')) critical = true;
      else if (instruction) medium = true;
    }
    if (livePayTos.length) {
      const plain = text.replace(INVISIBLE_ALL, '');
      if (foreignWallets(plain, [...livePayTos, ...assets]).length) {
        flags.add(`${where}:payto_mismatch`);
        critical = true;
      }
    }
  }
  if (invisible && instructionAnywhere) critical = true;
  if (invisible) medium = true;
  return { risk: critical ? 'CRITICAL' : medium ? 'MEDIUM' : 'LOW', flags: [...flags].sort() };
}
