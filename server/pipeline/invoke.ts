/**
 * The transport-independent core of a call, shared by HTTP and MCP:
 * validate (headers, body canonicalized by x-identity, the handler's precheck) -> meter (free quota or x402: pay, handle, settle) -> outcome,
 * cut to the page the request's display fields ask for (page.ts).
 * The handler's result is checked against the contract before anything is charged.
 */
import { canonicalOperation, errorEntry, validatorFor, type OperationInfo } from '../contract.ts';
import { ServiceError } from '../problem.ts';
import { parseIdempotencyKey, parsePrivateTier, validateInput } from './validate.ts';
import type { ExecutionExtras, Meter, MeterOutcome } from '../metering/meter.ts';
import type { FreeQuota } from '../metering/quota.ts';
import type { CallerFacts, HandlerRegistry, HandlerServices, Progress } from '../../handlers/types.ts';
import type { Metrics } from '../observability/metrics.ts';
import { NO_LOG, writesInfo, type LogFn } from '../observability/log.ts';
import { isWorkRefused, type WorkRefused } from '../../engines/refusals.ts';
import type { FairScheduler, Grant } from '../fair-share/scheduler.ts';
import type { UnpaidPacing } from '../fair-share/unpaid-pacing.ts';
import { withNextStepUrls } from '../../handlers/nextSteps.ts';
import { deadlineExceeded, effectiveDeadlineMs, startDeadline } from './deadline.ts';
import { forwardProgressUntilDone } from './progress.ts';
import { pagedOutcome } from './page.ts';

export interface CallRequest {
  transport: 'http' | 'mcp';
  operation: OperationInfo;
  body: unknown;
  ip: string;
  requestId: string;
  baseUrl: string;
  hasAuthorization: boolean;
  idempotencyKey?: string;
  privateTier?: string;
  payment: { header?: string; meta?: unknown } | null;
  /** Filled as the call goes: what the usage headers report (and the log: which kind of charge). */
  usage: { priceMicroUsd: number; chargedMicroUsd: number; charge?: 'free_use' | 'settlement' };
  /** The request's settlement hold (server/lifecycle.ts): shutdown waits until a settled call's answer has left. */
  settlementHold?: { settling: boolean };
  /** Where the handler's progress goes while it runs (MCP, when the client asked for it); never read by metering. */
  progress?: Progress;
}

export type CallOutcome = MeterOutcome;

export interface InvokeOptions {
  handlers: HandlerRegistry;
  meter: Meter;
  services: HandlerServices;
  /** Read by handlers through context.caller (the advisor); never changed from there. */
  quota?: FreeQuota;
  now?: () => Date;
  log?: LogFn;
  /** Counts each call by operation, transport and outcome. */
  metrics?: Pick<Metrics, 'call'>;
  /** OPERATION_DEADLINE_CAP_MS: every operation's total deadline is at most this. */
  deadlineCapMs?: number | null;
  /** Admits calls fairly by caller (config.calls); none: every call runs at once. */
  calls?: FairScheduler<'calls'>;
  /** Holds back a caller's answers without a result past a rate (server/fair-share/unpaid-pacing.ts); none: never. */
  unpaidPacing?: UnpaidPacing;
}

/** Outcomes that hold no result: the terms of a 402, no payments taken here, a limit reached. */
const WITHOUT_RESULT = new Set(['payment_required', 'network_not_enabled', 'not_ok_rate_limit', 'advisor_rate_limit', 'scan_quota', 'fair_share_exceeded']);

/** What the payment terms name: the operation, never a private query's target. */
function resourceOf(call: CallRequest, operation: OperationInfo) {
  if (call.transport === 'mcp') return { url: `mcp://tool/${operation.mcpTool}`, description: operation.offerId! };
  return { url: `${call.baseUrl}${operation.path}`, description: operation.offerId! };
}

/**
 * The services as this call sees them: its fetches, parse tasks and renders are its caller's work
 * at the shared stages (the net thread, the parse pool, the renderer), which serve callers fairly.
 */
function servicesOf(services: HandlerServices, caller: string): HandlerServices {
  const { net, analyze, render } = services;
  return {
    ...services,
    net: { ...net, fetch: (url, request = {}) => net.fetch(url, { ...request, caller }) },
    analyze: (task, input, options = {}) => analyze(task, input, { ...options, caller }),
    render: render && { availability: () => render.availability(), render: (request) => render.render({ ...request, caller }) },
  };
}

/** A shared stage that had no room for this call's work: a retryable problem, nothing charged or used. */
function refusedProblem(error: WorkRefused): ServiceError {
  const headers = { 'Retry-After': String(error.retryAfterSeconds) };
  if (error.scope === 'caller') {
    return new ServiceError('fair_share_exceeded', {
      detail: `This instance is busy and your calls' work is the longest line of it (${error.message}). Nothing was charged and no free call was used; keep fewer calls in flight or wait ${error.retryAfterSeconds} s.`,
      headers,
    });
  }
  return new ServiceError('engine_unavailable', {
    detail: `This instance is busy with many callers' work (${error.message}). Repeat the call: the load balancer may send it to another instance. Nothing was charged.`,
    headers,
  });
}

/** This caller's free calls and scans, read only when a handler asks (the advisor). */
function callerFacts(quota: FreeQuota | undefined, ip: string, now: () => Date): CallerFacts {
  return {
    async freeQuota() {
      if (!quota) throw new Error('no free quota is configured');
      const usage = await quota.usage(ip, now());
      return { remaining: usage.remaining, limit: usage.limit, resetsAt: usage.resetsAt.toISOString() };
    },
    async freeScans() {
      if (!quota) throw new Error('no free quota is configured');
      return quota.scanUsage(ip, now());
    },
  };
}

const CALL_LANES = ['calls'] as const;

export function createInvoker({
  handlers,
  meter,
  services,
  quota,
  now = () => new Date(),
  log = NO_LOG,
  metrics,
  deadlineCapMs = null,
  calls,
  unpaidPacing,
}: InvokeOptions) {
  async function runHandler(operation: OperationInfo, input: Record<string, unknown>, call: CallRequest, tier: 'single' | 'bundle', extras: ExecutionExtras) {
    const handler = handlers[operation.operationId];
    if (!handler) {
      throw new ServiceError('engine_unavailable', {
        detail: `The engine behind ${operation.offerId} is not available on this deployment yet. Nothing was charged.`,
      });
    }
    let result: unknown;
    // An operation that reads the web runs under its total deadline: its signal aborts when the
    // budget is spent, and the call is answered at the deadline whatever the handler still does.
    // The others (the advisor) are never cancelled, so their signal is made only when read: an
    // AbortController per call showed up in heap profiles as objects that outlived the young
    // generation, growing the old space under load.
    const deadline = operation.deadlineMs === null ? null : startDeadline(effectiveDeadlineMs(operation.deadlineMs, deadlineCapMs), operation.offerId!);
    let signal: AbortSignal | undefined = deadline?.signal;
    const progress = forwardProgressUntilDone(call.progress);
    try {
      const running = handler(input, {
        operationId: operation.operationId,
        requestId: call.requestId,
        baseUrl: call.baseUrl,
        now,
        tier,
        get signal() {
          return (signal ??= new AbortController().signal);
        },
        deadlineMs: deadline?.budgetMs ?? null,
        quote: extras.quote,
        offerQuote: extras.offerQuote,
        services: servicesOf(services, call.ip),
        caller: callerFacts(quota, call.ip, now),
        progress: progress.progress,
      });
      if (deadline) running.catch(() => {});
      result = deadline ? await Promise.race([running, deadline.expired]) : await running;
    } catch (error) {
      // A deadline that passed is final: the same sites would stall the call again (never retryable).
      if (error instanceof ServiceError && (!errorEntry(error.code).retryable || !deadline?.signal.aborted)) throw error;
      if (deadline?.signal.aborted)
        throw error instanceof ServiceError && error.code === 'deadline_exceeded' ? error : deadlineExceeded(operation.offerId!, deadline.totalMs);
      if (isWorkRefused(error)) throw refusedProblem(error);
      log({
        level: 'error',
        msg: 'handler failed',
        operation: operation.operationId,
        requestId: call.requestId,
        error: String((error as Error)?.stack ?? error),
      });
      throw new ServiceError('engine_failed', { detail: `${operation.offerId} failed while collecting data. Nothing was charged.`, cause: error });
    } finally {
      progress.done();
      deadline?.clear();
    }
    if (operation.resultSchema) {
      const validate = validatorFor(operation.resultSchema);
      // As it will be answered: its next_steps are paths until then.
      if (!validate(withNextStepUrls(result, call.baseUrl))) {
        log({
          level: 'error',
          msg: 'result does not match the contract',
          operation: operation.operationId,
          requestId: call.requestId,
          errors: validate.errors,
        });
        throw new ServiceError('invalid_engine_result', {
          detail: `${operation.offerId} produced a result that does not match ${operation.resultSchema}. Nothing was charged.`,
        });
      }
    }
    return result;
  }

  async function invokeUnobserved(call: CallRequest, operation: OperationInfo): Promise<CallOutcome> {
    call.usage.priceMicroUsd = operation.priceMicroUsd;
    if (call.hasAuthorization) {
      throw new ServiceError('unsupported_payment', {
        detail: 'The Authorization header is not supported; this service takes no credentials. Pay with PAYMENT-SIGNATURE (x402 v2).',
      });
    }
    const idempotencyKey = parseIdempotencyKey(call.idempotencyKey);
    const tier = operation.headerParams.includes('X-Private-Query-Tier') ? parsePrivateTier(call.privateTier) : 'single';
    const { input, merged, display } = validateInput(operation, call.body);
    handlers[operation.operationId]?.precheck?.(input, { tier });
    const outcome = await meter(
      {
        operation,
        input,
        tier,
        idempotencyKey,
        ip: call.ip,
        requestId: call.requestId,
        resource: resourceOf(call, operation),
        payment: call.payment,
        usage: call.usage,
        settlementHold: call.settlementHold,
        merged,
        transport: call.transport,
      },
      (extras) => runHandler(operation, input, call, tier, extras),
    );
    return pagedOutcome(outcome, operation.pagedList, display);
  }

  /**
   * The answer for this request: a result keeps no caller's base URL (it may be stored, or shared
   * as a remembered result that is not ok), so its next_steps are linked to this request's here.
   */
  function linkedToThisRequest(outcome: CallOutcome, baseUrl: string): CallOutcome {
    if (outcome.kind === 'payment_required' || (outcome.bodyJson !== undefined && !outcome.bodyJson.includes('"next_steps"'))) return outcome;
    const body = withNextStepUrls(outcome.body, baseUrl);
    return body === outcome.body ? outcome : { ...outcome, body, bodyJson: undefined };
  }

  /** One log line and one metric per call, whatever its outcome: the result status, payment_required, replay or the error code. */
  const logCalls = writesInfo(log);
  return async function invoke(call: CallRequest): Promise<CallOutcome> {
    const operation = canonicalOperation(call.operation);
    const started = performance.now();
    let outcome = 'engine_failed';
    let admitted: Grant<'calls'> | null = null;
    try {
      if (calls) {
        try {
          admitted = await calls.enter(call.ip, { lanes: CALL_LANES });
        } catch (error) {
          throw isWorkRefused(error) ? refusedProblem(error) : error;
        }
      }
      const answer = linkedToThisRequest(await invokeUnobserved(call, operation), call.baseUrl);
      outcome = answer.kind === 'result' ? String((answer.body as { status?: unknown } | null)?.status ?? 'ok') : answer.kind;
      return answer;
    } catch (error) {
      if (error instanceof ServiceError) outcome = error.code;
      throw error;
    } finally {
      // Held back while the call keeps its place in the caller's line (unpaid-pacing.ts).
      const delayMs = unpaidPacing && WITHOUT_RESULT.has(outcome) ? unpaidPacing.delayFor(call.ip) : 0;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (admitted) calls!.leave(admitted, performance.now() - started);
      const seconds = (performance.now() - started) / 1000;
      metrics?.call({ operation: operation.operationId, transport: call.transport, outcome, seconds });
      if (logCalls)
        log({
          level: 'info',
          msg: 'call',
          requestId: call.requestId,
          operation: operation.operationId,
          transport: call.transport,
          outcome,
          charge: call.usage.charge ?? 'none',
          chargedMicroUsd: call.usage.chargedMicroUsd,
          durationMs: Math.round(seconds * 1e5) / 100,
        });
    }
  };
}

export type Invoke = ReturnType<typeof createInvoker>;
