/**
 * Text of a response body, in the order the WHATWG encoding sniffing applies: a byte order
 * mark, the Content-Type charset, a <meta> charset (or an XML declaration) in the first 1024
 * bytes, else UTF-8. Unknown labels fall through to the next source.
 */

const PRESCAN_BYTES = 1024;

function decoderFor(label: string | null | undefined): TextDecoder | null {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim().replace(/^["']|["']$/g, ''));
  } catch {
    return null;
  }
}

function bomEncoding(body: Buffer): string | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return null;
}

/** The charset parameter of a Content-Type value. */
export function headerCharset(contentType: string | undefined): string | null {
  return /;\s*charset\s*=\s*("?)([^";\s]+)\1/i.exec(contentType ?? '')?.[2] ?? null;
}

/** `<meta charset>`, `<meta http-equiv content="…; charset=…">` or `<?xml encoding>` near the start. */
export function declaredCharset(body: Buffer): string | null {
  const head = body.subarray(0, PRESCAN_BYTES).toString('latin1');
  const meta = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([a-z0-9_:.+-]+)/i.exec(head);
  if (meta) {
    // A page cannot declare itself UTF-16 in ASCII bytes; the standard reads that as UTF-8.
    return /^utf-16/i.test(meta[1]) ? 'utf-8' : meta[1];
  }
  return /^<\?xml\b[^>]*\bencoding\s*=\s*["']([a-z0-9_:.+-]+)["']/i.exec(head)?.[1] ?? null;
}

/** Windows-1252 at 0x80–0x9F (WHATWG index); the rest of the range is ISO-8859-1. */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d,
  0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(body: Buffer): string {
  let text = '';
  for (let start = 0; start < body.length; start += 8192) {
    const codes = Array.from(body.subarray(start, start + 8192), (byte) => (byte >= 0x80 && byte < 0xa0 ? CP1252_HIGH[byte - 0x80] : byte));
    text += String.fromCharCode(...codes);
  }
  return text;
}

export function decodeBody(body: Buffer, contentType?: string): string {
  const decoder = decoderFor(bomEncoding(body)) ?? decoderFor(headerCharset(contentType)) ?? decoderFor(declaredCharset(body)) ?? new TextDecoder('utf-8');
  // Node 20's TextDecoder decodes windows-1252 (also every latin1/ascii label) as ISO-8859-1,
  // turning the typographic quotes and dashes of 0x80–0x9F into control characters.
  return decoder.encoding === 'windows-1252' ? decodeWindows1252(body) : decoder.decode(body);
}
