import type { PrivateKeyAccount } from 'viem/accounts';
import type { HandledOperationId, InputOf, OutputOf, Schemas, TieredOperationId, TwoStepOperationId } from '../server/contract.ts';
import type { Fetched, Net } from '../engines/net/index.ts';
import type { Analyze } from '../engines/parse/types.ts';
import type { PageRenderer } from '../engines/markdown/render.ts';
import type { JobsConfig } from '../engines/jobs/index.ts';
import type { AdsConfig } from '../engines/ads/index.ts';
import type { RdapConfig } from '../engines/rdap/index.ts';

/**
 * What handlers are given is declared here and implemented by server/ (the store, the signer, the
 * meter), so that handlers import nothing of server/ but the contract (test/unit/layers.test.ts).
 */

/** A JSON value, as the store keeps it (stored as text, returned parsed as it was given). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Last known value per (kind, key), e.g. the previous tech-stack run of a domain. */
export interface SnapshotsRepo {
  get(input: { kind: string; key: string }): Promise<{ value: Json; at: number } | null>;
  put(input: { kind: string; key: string; value: Json; at: number }): Promise<void>;
}

/** A TTL cache shared by instances (job boards, DNS answers, tag-manager containers). */
export interface CacheRepo {
  get(input: { ns: string; key: string; now: number }): Promise<{ value: Json; expiresAt: number } | null>;
  set(input: { ns: string; key: string; value: Json; expiresAt: number }): Promise<void>;
  /** Delete entries expired at now (at most `limit`); returns how many. */
  purgeExpired(now: number, limit?: number): Promise<number>;
}

/** The service's signing key (server/signing-key.ts). */
export interface ServiceSigner {
  /** The account that signs (resolved once, on first use). */
  account(): Promise<PrivateKeyAccount>;
}

/** What step 1 of a two-step operation offers: the price of step 2 and what it will deliver (the meter stores it as a quote). */
export interface QuoteOffer {
  priceMicroUsd: number;
  billableCount: number;
  payload: Json;
}

/** What handlers are given to reach the world and remember things, never the store itself. */
export interface HandlerServices {
  /** The safe fetcher and DNS (engines/net); null when the deployment has no network configured. */
  net: Net;
  /** CPU-heavy work on fetched content, off the main thread (the parse pool, server/parse-pool). */
  analyze: Analyze;
  /** The sandboxed browser pool (server/render/) that runs a page's scripts, every request through the safe fetcher; absent: this deployment does not render. */
  render?: PageRenderer | null;
  /** Where the upstream APIs live (from configuration only: nothing in a request changes them). */
  upstreams: { jobs: JobsConfig; ads: AdsConfig; rdap: RdapConfig };
  snapshots: SnapshotsRepo;
  cache: CacheRepo;
  /** The service's signing key (SERVICE_SIGNING_KEY, or the one kept in the store), for signed statements. */
  signer: ServiceSigner;
  /** PUBLIC_BASE_URL (null when unset): the one base URL a handler may sign or keep; a request's Host never is. */
  publicBaseUrl?: string | null;
}

/** What every handler may know about its call: never Koa, never SQL. */
export interface HandlerContext {
  operationId: string;
  requestId: string;
  /** This request's base URL (from its Host when PUBLIC_BASE_URL is unset): for answers to this caller only, never for anything kept, shared or signed. */
  baseUrl: string;
  now: () => Date;
  /** Aborts when the call's deadline budget is spent (operations that read the web); every fetch and section takes it. */
  signal: AbortSignal;
  /** The time this call has, in ms (its total deadline less a wind-down reserve); null for operations without a deadline. Texts that state a time state this or less. */
  deadlineMs: number | null;
  services: HandlerServices;
  /** Read-only facts about this caller (source IP); reading them uses nothing. */
  caller: CallerFacts;
  /** Given the home page tech-stack read, when a composite operation runs it as a section: the page's company facts come from the same fetch. */
  onHomePage?: (page: { page: Fetched; url: string }) => void;
  /**
   * Told each time a part of a call that runs in parts has finished (a bulk row, a profile's
   * section: handlers/progress.ts); MCP sends it to a client that asked, HTTP drops it. A handler
   * run as a part of another is given a silent one: the outer call reports that part once.
   */
  progress: Progress;
}

/** What a two-step operation (x-two-step: hot-buyers, batch) is also given. */
export interface QuoteSteps {
  /** Step 2: the paid quote, what step 1 offered as the meter stored it (server/store/types.ts QuoteRecord), with its rows; null in step 1. */
  quote: QuoteOffer | null;
  /** Step 1: offer what step 2 will deliver, and its price. */
  offerQuote: (offer: QuoteOffer) => void;
}

/** What an operation with a bundle tier (private-query) is also given: the tier the caller chose. */
export interface TierChoice {
  tier: 'single' | 'bundle';
}

/** The context of one operation's handler: what every handler is given, and its operation's own fields. */
export type ContextOf<Id extends HandledOperationId> = HandlerContext &
  (Id extends TwoStepOperationId ? QuoteSteps : unknown) &
  (Id extends TieredOperationId ? TierChoice : unknown);

/** What the invoker gives a handler of the registry: the fields of every operation (a part run by a composite: handlers/progress.ts partContext). */
export type CallContext = HandlerContext & QuoteSteps & TierChoice;

/** `done` parts of `total` (null when the call cannot know it yet) have finished; `message` names the last. */
export interface ProgressStep {
  done: number;
  total: number | null;
  message: string;
}

export type Progress = (step: ProgressStep) => void;

/** The caller's free calls and free step-1 scans of today, as the meter counts them. */
export interface CallerFacts {
  freeQuota(): Promise<{ remaining: number; limit: number; resetsAt: string }>;
  freeScans(): Promise<{ remaining: number; limit: number }>;
}

/**
 * A handler, and optionally the checks of its validated input that a schema cannot express and
 * that need no network: run before metering, so a refused call asks for no payment and uses nothing.
 */
export type Handler<I = any, O = any, C extends HandlerContext = CallContext> = ((input: I, context: C) => Promise<O>) & {
  precheck?: (input: I, call: { tier: 'single' | 'bundle' }) => void;
};

/** The handler of one operation: its input and its result typed from the spec (generated/contract.ts). */
export type OperationHandler<Id extends HandledOperationId> = Handler<InputOf<Id>, OutputOf<Id>, ContextOf<Id>>;

/** Handlers by canonical operationId; an operation without one answers engine_unavailable. */
export type HandlerRegistry = Partial<Record<string, Handler>>;

export type { InputOf, OutputOf, Schemas };
