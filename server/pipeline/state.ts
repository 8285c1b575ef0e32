/**
 * What the HTTP stages leave on ctx.state for the stages after them, each field set by one stage
 * (server/app.ts lists them in order). Koa types ctx.state as any; the stages take a RequestContext.
 */
import type { ParameterizedContext } from 'koa';
import type { ErrorCode } from '../contract.ts';
import type { CallRequest } from './invoke.ts';

export interface RequestState {
  /** The respond stage: this request's id (X-Request-Id). */
  requestId: string;
  /** The route stage: the matched operation, for metrics and the access log; absent when none matched. */
  operationId?: string;
  /** The respond stage, when the answer is a problem: its code, for the access log. */
  problemCode?: ErrorCode;
  /** The usage stage starts it at 0; the operation fills in its price and charge. */
  usage: CallRequest['usage'];
  /** The drain stage (server/lifecycle.ts): shutdown waits until a settled call's answer has left. */
  settlementHold?: CallRequest['settlementHold'];
  /** The caller's address, worked out once per request (server/app.ts). */
  clientIp?: string;
}

export type RequestContext = ParameterizedContext<RequestState>;
