/**
 * Opening fetched content, for the parse tasks (tasks.ts) alone: the one place besides the pool's
 * hand-over (server/parse-pool/wire.ts) that reads a Fetched value's bytes (engines/net/fetched.ts).
 * The tasks call it on a worker thread; analyzeInline (server/parse-pool/inline.ts) on the calling
 * thread, for unit tests and benchmarks only.
 */
import { decodeBody } from '../net/charset.ts';
import { unsealFetched, type Fetched } from '../net/fetched.ts';

/** The bytes, as a Buffer over the same memory. */
export function bytesOf(fetched: Fetched): Buffer {
  const bytes = unsealFetched(fetched);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The text, decoded as a browser would (BOM, Content-Type charset, <meta charset>, else UTF-8). */
export function textOf(fetched: Fetched | null | undefined): string {
  if (!fetched || fetched.size === 0) return '';
  return decodeBody(bytesOf(fetched), fetched.contentType);
}

/** The JSON value of the content, or undefined when it is not JSON. */
export function jsonOf(fetched: Fetched | null | undefined): unknown {
  try {
    return JSON.parse(textOf(fetched).replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}
