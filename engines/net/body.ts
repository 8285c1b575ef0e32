import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/**
 * Reads a response body under a byte cap that holds for the bytes on the wire and for the
 * decoded (decompressed) bytes alike. Past the cap it stops reading, keeps the first
 * `maxBytes` decoded bytes and reports `truncated`, so a decompression bomb costs at most
 * the cap plus one zlib chunk of memory.
 */

class CapReached extends Error {}

/**
 * Codings a body may be stacked in. Browsers and curl decode a handful (curl refuses more than 5);
 * every listed coding is a decompressor in the pipeline, so a header of thousands of them costs
 * seconds of setup before one byte is read.
 */
export const MAX_CONTENT_CODINGS = 5;

/** A Content-Encoding header listing more than MAX_CONTENT_CODINGS codings: the answer is refused unread. */
export class TooManyCodings extends Error {
  constructor(readonly count: number) {
    super(`the answer is encoded ${count} times over (Content-Encoding); at most ${MAX_CONTENT_CODINGS} codings are decoded`);
    this.name = 'TooManyCodings';
  }
}

/**
 * Decoders for a Content-Encoding list, in decoding order; null if one of them is unsupported.
 * Throws TooManyCodings past MAX_CONTENT_CODINGS (identity not counted).
 */
export function decodersFor(contentEncoding: string | undefined): (() => Transform)[] | null {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding && coding !== 'identity');
  if (codings.length > MAX_CONTENT_CODINGS) throw new TooManyCodings(codings.length);
  const decoders: (() => Transform)[] = [];
  for (const coding of codings.reverse()) {
    // Lenient flush: a body cut short (no gzip trailer) still yields what arrived, as browsers show it.
    if (coding === 'gzip' || coding === 'x-gzip') decoders.push(() => createGunzip({ finishFlush: constants.Z_SYNC_FLUSH }));
    else if (coding === 'deflate') decoders.push(() => createInflate({ finishFlush: constants.Z_SYNC_FLUSH }));
    else if (coding === 'br') decoders.push(() => createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH }));
    else return null;
  }
  return decoders;
}

export interface BodyOptions {
  contentEncoding?: string;
  maxBytes: number;
  signal?: AbortSignal;
}

export async function readBody(source: Readable, { contentEncoding, maxBytes, signal }: BodyOptions): Promise<{ body: Buffer; truncated: boolean }> {
  const parts: Buffer[] = [];
  let size = 0;
  let wire = 0;
  let truncated = false;
  // An unknown coding is passed through as is (the caller sees Content-Encoding).
  const decoders = (decodersFor(contentEncoding) ?? []).map((create) => create());

  const wireCap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      wire += chunk.length;
      if (wire <= maxBytes) return callback(null, chunk);
      truncated = true;
      callback(new CapReached());
    },
  });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const room = maxBytes - size;
      if (chunk.length <= room) {
        parts.push(chunk);
        size += chunk.length;
        return callback();
      }
      if (room > 0) parts.push(chunk.subarray(0, room));
      size = maxBytes;
      truncated = true;
      callback(new CapReached());
    },
  });

  // Without a coding the sink's cap is the wire cap, and it keeps the bytes of the last chunk that fit.
  const stages = decoders.length ? [source, wireCap, ...decoders, sink] : [source, sink];
  try {
    await pipeline(stages as [Readable, ...Transform[], Writable], signal ? { signal } : {});
  } catch (error) {
    if (!(error instanceof CapReached)) throw error;
  }
  return { body: sharedBytes(parts, size), truncated };
}

/**
 * The parts as one Buffer over a SharedArrayBuffer: the parse pool hands shared memory to a
 * worker without copying it (server/parse-pool/wire.ts), so a body crosses to the thread that
 * reads it at no cost to the main thread however often it is analysed.
 */
export function sharedBytes(parts: readonly Uint8Array[], size: number): Buffer {
  const bytes = Buffer.from(new SharedArrayBuffer(size));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}
