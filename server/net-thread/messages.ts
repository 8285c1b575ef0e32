/** What the main thread and the net thread say to each other, and errors as they cross. */
import { TooManyCodings } from '../../engines/net/body.ts';
import type { TransportRequest, TransportResponse } from '../../engines/net/transport.ts';

export type NetThreadMessage = { type: 'fetch'; id: number; request: TransportRequest } | { type: 'abort'; id: number };
export type NetThreadAnswer = { id: number; response: TransportResponse; error?: undefined } | { id: number; error: WireError; response?: undefined };

/** An error's name, code and message, its cause's too: what failureKind (engines/net/errors.ts) reads. */
export interface WireError {
  name: string;
  message: string;
  code?: string;
  /** TooManyCodings: how many codings were listed. */
  count?: number;
  cause?: WireError;
}

const MAX_CAUSES = 3;

export function toWireError(error: unknown, depth = 0): WireError {
  const { name = 'Error', message = String(error), code, count, cause } = (error ?? {}) as Partial<WireError> & { cause?: unknown };
  return {
    name: String(name),
    message: String(message),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof count === 'number' ? { count } : {}),
    ...(cause && cause !== error && depth < MAX_CAUSES ? { cause: toWireError(cause, depth + 1) } : {}),
  };
}

export function fromWireError(wire: WireError): Error {
  if (wire.name === 'TooManyCodings' && wire.count !== undefined) return new TooManyCodings(wire.count);
  const error = new Error(wire.message, wire.cause ? { cause: fromWireError(wire.cause) } : undefined);
  error.name = wire.name;
  if (wire.code !== undefined) Object.assign(error, { code: wire.code });
  return error;
}
