/**
 * How sealed fetched content crosses to a parse thread: structured cloning drops an ES #private
 * field, so the pool replaces each Fetched value of a task's input by a plain record of its
 * bytes and the worker seals it again before the task runs. The safe fetcher's bodies are in
 * shared memory (engines/net/body.ts), which the clone shares rather than copies: no copy on the
 * main thread. Other bytes (a test's, a bench's) are copied, exactly those bytes, never the
 * pooled buffer around them. Walks plain objects and arrays a few levels deep, the
 * shapes task inputs have.
 */
import { Fetched, isFetched, unsealFetched } from '../../engines/net/fetched.ts';

const WIRE = '__fetched__';
const MAX_DEPTH = 4;

interface WireFetched {
  [WIRE]: true;
  bytes: Uint8Array;
  contentType: string;
  truncated: boolean;
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** The input with every Fetched value as a WireFetched record. */
export function toWire(input: unknown, depth = 0): unknown {
  if (isFetched(input)) {
    const bytes = unsealFetched(input);
    const own = bytes.buffer instanceof SharedArrayBuffer || (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) ? bytes : bytes.slice();
    return { [WIRE]: true, bytes: own, contentType: input.contentType, truncated: input.truncated } satisfies WireFetched;
  }
  if (depth >= MAX_DEPTH) return input;
  if (Array.isArray(input)) return input.map((value) => toWire(value, depth + 1));
  if (isPlain(input)) return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, toWire(value, depth + 1)]));
  return input;
}

/** The input with every WireFetched record sealed again (on the worker). */
export function fromWire(input: unknown, depth = 0): unknown {
  if (isPlain(input) && input[WIRE] === true) {
    const wire = input as unknown as WireFetched;
    return new Fetched(wire.bytes, { contentType: wire.contentType, truncated: wire.truncated });
  }
  if (depth >= MAX_DEPTH) return input;
  if (Array.isArray(input)) return input.map((value) => fromWire(value, depth + 1));
  if (isPlain(input)) return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, fromWire(value, depth + 1)]));
  return input;
}
