/**
 * Fetched content, sealed. The safe fetcher hands every response body over as a Fetched value:
 * its size, its Content-Type and whether it was cut are readable, its bytes are not (an ES
 * #private field). A page a stranger chose is read only by a named task of the parse pool
 * (engines/parse/tasks.ts), on a worker thread under a deadline: the main thread, which
 * answers every caller, never scans fetched text, so no page can hold it.
 *
 * The only ways to the bytes:
 * - unsealFetched: for the parse tasks' opener (engines/parse/open.ts, which only the task
 *   registry imports, and which only the parse pool runs), the pool's hand-over to a worker
 *   (server/parse-pool/wire.ts) and the renderer's hand-over to the sandboxed browser, which
 *   copies a response's bytes to the page unread (server/render/renderer.ts);
 *   test/unit/engines/net/fetched.test.ts fails when any other module imports it;
 * - peekFetched: the escape hatch for readers that are small by construction, at most
 *   PEEK_MAX_BYTES from the start (a content sniff of the first bytes, a gzip magic number).
 *   Every use names its bound at the call site.
 */

/** peekFetched reads at most this many bytes: a few hundred bytes is the point of it. */
export const PEEK_MAX_BYTES = 2_048;

let reveal: (fetched: Fetched) => Uint8Array;

export class Fetched {
  readonly #bytes: Uint8Array;
  /** The response's Content-Type ('' when it sent none): the charset the worker decodes with. */
  readonly contentType: string;
  /** Bytes held (after decompression, at most the fetch's cap). */
  readonly size: number;
  /** The body was longer than the cap and was cut. */
  readonly truncated: boolean;

  constructor(bytes: Uint8Array, { contentType = '', truncated = false }: { contentType?: string; truncated?: boolean } = {}) {
    this.#bytes = bytes;
    this.contentType = contentType;
    this.size = bytes.byteLength;
    this.truncated = truncated;
  }

  static {
    reveal = (fetched) => fetched.#bytes;
  }

  /** Nothing of the content leaks through logging or JSON. */
  toJSON() {
    return { size: this.size, contentType: this.contentType, truncated: this.truncated };
  }
}

/** No content at all (a file that did not answer). */
export const EMPTY_FETCHED = new Fetched(new Uint8Array(0));

export const isFetched = (value: unknown): value is Fetched => value instanceof Fetched;

/**
 * The bytes of fetched content. Only the parse pool's hand-over, the tasks' opener and the
 * renderer's hand-over call this (the boundary test checks): the pool copies them to a worker
 * thread, where the tasks decode and read them; the renderer copies them to the browser.
 */
export function unsealFetched(fetched: Fetched): Uint8Array {
  return reveal(fetched);
}

/**
 * ESCAPE HATCH (main thread): the first `bytes` bytes of fetched content as latin1, at most
 * PEEK_MAX_BYTES. For sniffs that are small by construction (is it HTML, is it gzip); never a
 * reader of the content itself.
 */
export function peekFetched(fetched: Fetched, bytes: number): string {
  if (bytes > PEEK_MAX_BYTES) throw new RangeError(`peekFetched reads at most ${PEEK_MAX_BYTES} bytes (asked ${bytes})`);
  return Buffer.from(reveal(fetched).subarray(0, bytes)).toString('latin1');
}
