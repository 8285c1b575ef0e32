import type { Schemas } from '../server/contract.ts';

/** What a handler may know about the call: never Koa, never SQL. */
export interface HandlerContext {
  operationId: string;
  requestId: string;
  baseUrl: string;
  now: () => Date;
  /** The private-query tier chosen by the caller (private-query only). */
  tier: 'single' | 'bundle';
  signal: AbortSignal;
}

export type Handler<I = any, O = any> = (input: I, context: HandlerContext) => Promise<O>;

/** Handlers by canonical operationId; an operation without one answers engine_unavailable. */
export type HandlerRegistry = Partial<Record<string, Handler>>;

export type { Schemas };
