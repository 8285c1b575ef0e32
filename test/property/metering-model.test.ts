/**
 * Model-based test of metering (issue: money is exact). fast-check draws sequences of steps by a
 * few callers against the real service (two instances on one store: SQLite file, or PostgreSQL
 * when DATABASE_URL is set), paid with the official x402 client on the local chain:
 * - calls with the same and other inputs, with and without Idempotency-Key, ok and not-ok
 *   outcomes, fresh and replayed payments, on either instance;
 * - bursts of concurrent calls across both instances;
 * - kill -9 of an instance in the middle of a free call (its handler hangs) or of a settlement
 *   (the transfer lands after the instance died), a restart with its start-up housekeeping, and
 *   the caller's repeat with the same payment;
 * - time passing, and UTC midnight (the chain's clock moves with the service's);
 * - results that are not ok, and calls whose deadline passed (504 deadline_exceeded), remembered
 *   for 60 s for whoever asks the same input;
 * - (issue 31, the money31 section below) callers in many spellings (IPv4 with a port,
 *   IPv4-mapped, SIIT, NAT64 or IPv4-compatible, IPv6 in any case, zeros, brackets and port, another address of the same /64, a
 *   forwarded entry that is not an address: the proxy's own caller); payments sent while free
 *   calls remain; calls that run longer than the stale window, repeated while they run; several
 *   payers paying one quote at once; bursts of free and paid calls against both caps on two
 *   capped instances.
 * Beside it runs a small reference model of what each sequential call must answer. After every
 * step the store and the chain must agree with these invariants:
 * - never two charges (free use or settlement) for one input of one caller on one UTC day;
 * - never a charge for an input whose result is not ok (or whose deadline passed);
 * - free uses of a caller-day = min(5, ok results that were free) = the store's count;
 * - the ledger's settlements add up to what the chain moved to the service's wallet;
 * - no lease is held once every call ended (a killed instance's leases go stale and are reclaimed);
 * - a caller is its address: every spelling of one caller counts on one identity;
 * - a quote is settled at most once; a long call runs and is charged once; the caps are never
 *   passed, and a call refused by a cap is never charged.
 * A killed instance is killed in process: its store refuses every later operation (nothing it does
 * afterwards reaches the database, its lease renewals included), as a process killed with
 * SIGKILL would; test/e2e/crash.test.ts kills real processes.
 * METERING_MODEL_RUNS (default 6) sets the runs per backend; the seed is fixed (METERING_MODEL_SEED).
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pg from 'pg';
import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader, decodePaymentSignatureHeader, encodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startChain, type ChainWorld } from '../world/chain.ts';
import { startService, type TestService } from '../support/service.ts';
import { call, type CallResult } from '../support/contract.ts';
import { minimalResults } from '../support/minimal-handlers.ts';
import { createFacilitator, type Facilitator } from '../../server/payments/facilitator.ts';
import { openStore } from '../../server/store/index.ts';
import { createHousekeeping } from '../../server/store/housekeeping.ts';
import { utcDay } from '../../server/metering/day.ts';
import { deadlineExceeded } from '../../server/pipeline/deadline.ts';
import type { Store } from '../../server/store/types.ts';
import type { HandlerRegistry } from '../../handlers/types.ts';
import { createBatch } from '../../handlers/batch.ts';
import { operationById } from '../../server/contract.ts';
import { TRANSFER_WITH_AUTHORIZATION } from '../../server/payments/x402.ts';

const RUNS = Number(process.env.METERING_MODEL_RUNS ?? 6);
const SEED = Number(process.env.METERING_MODEL_SEED ?? 20261125);
/** REQUEST_STALE_AFTER_MS: short, so a call can really run past it (longCall). */
const STALE_MS = 3_000;
const NOT_OK_MEMORY_MS = 60_000;
const FREE = 5;
/** Each caller's identity, as the ledger and the counters name it (server/pipeline/caller.ts); SPELLINGS are what is sent. */
const CALLERS = ['198.18.0.1', '198.18.0.2', '2001:db8:18::/64', '127.0.0.1'];
/**
 * How each caller may be spelled in X-Forwarded-For (the proxy 127.0.0.1 is trusted): ports,
 * brackets, IPv4-mapped, case, zeros, another address of the same /64; the last caller is the
 * proxy itself, which a forwarded entry that is not an address counts as.
 */
const SPELLINGS: string[][] = [
  ['198.18.0.1', '198.18.0.1:5555', '::ffff:198.18.0.1', '[::ffff:198.18.0.1]:80', '::FFFF:C612:1', '::ffff:0:198.18.0.1', '64:ff9b::198.18.0.1', '::c612:1'],
  ['198.18.0.2', '198.18.0.2:443', '::ffff:198.18.0.2', ' 198.18.0.2', '[64:FF9B::C612:2]:80', '::ffff:0:c612:2'],
  ['2001:db8:18::3', '2001:DB8:18::3', '2001:db8:18:0:0:0:0:3', '[2001:db8:18::3]', '[2001:db8:18::3]:443', '2001:db8:18::beef', '2001:db8:18:0:ffff::1'],
  ['not-an-ip', '127.1', 'proxy.example', '127.0.0.1'],
];
const spelled = (caller: number, spell: number) => SPELLINGS[caller][spell % SPELLINGS[caller].length];
const DOMAINS = ['ok-a.com', 'ok-b.com', 'ok-c.com', 'ok-d.com', 'ok-e.com', 'ok-f.com', 'no-a.com', 'no-b.com', 'late-a.com'];
const OPERATIONS = [
  { path: '/v1/tech-stack', operationId: 'techStack', offer: 'tech-stack', price: 5000 },
  { path: '/v1/search-ads', operationId: 'searchAds', offer: 'search-ads', price: 10000 },
] as const;
/** How long a key names its call: a day and a minute (server/metering/meter.ts). */
const KEY_LIFETIME_MS = 86_400_000 + 60_000;
const KEYS = ['model-key-0001', 'model-key-0002', 'model-key-0003'];
const isOkInput = (domain: string) => domain.startsWith('ok-');
/** Inputs whose call passes its deadline: 504 deadline_exceeded, a not-ok outcome (remembered and free) like a result that is not ok. */
const isLateInput = (domain: string) => domain.startsWith('late-');

// ---------- steps ----------

type CallStep = { kind: 'call'; caller: number; op: number; domain: string; key: number | null; pay: 'none' | 'fresh' | 'replay'; instance: number };
type Step =
  | CallStep
  | { kind: 'burst'; calls: { caller: number; op: number; domain: string; instance: number }[] }
  | { kind: 'killDuringFreeCall'; caller: number; op: number; domain: string; instance: number }
  | { kind: 'killDuringSettle'; caller: number; op: number; domain: string; instance: number }
  | { kind: 'time'; seconds: number }
  | { kind: 'midnight' }
  | Money31Step
  | IdentityStep
  | ForgeryStep;

const callerArb = fc.integer({ min: 0, max: CALLERS.length - 1 });
const opArb = fc.integer({ min: 0, max: OPERATIONS.length - 1 });
const domainArb = fc.constantFrom(...DOMAINS);
const instanceArb = fc.integer({ min: 0, max: 1 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('call' as const),
      caller: callerArb,
      op: opArb,
      domain: domainArb,
      key: fc.option(fc.integer({ min: 0, max: KEYS.length - 1 }), { freq: 2 }),
      pay: fc.constantFrom('none' as const, 'fresh' as const, 'fresh' as const, 'replay' as const),
      instance: instanceArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('burst' as const),
      calls: fc.array(fc.record({ caller: callerArb, op: opArb, domain: domainArb, instance: instanceArb }), { minLength: 2, maxLength: 8 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('killDuringFreeCall' as const),
      caller: callerArb,
      op: opArb,
      domain: fc.constantFrom(...DOMAINS.filter(isOkInput)),
      instance: instanceArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('killDuringSettle' as const),
      caller: callerArb,
      op: opArb,
      domain: fc.constantFrom(...DOMAINS.filter(isOkInput)),
      instance: instanceArb,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('time' as const), seconds: fc.integer({ min: 1, max: 7_200 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'midnight' as const }) },
  ...money31Arbitraries(),
  // Lazily: the identity steps' constants are declared at the end of this file.
  { weight: 6, arbitrary: fc.constant(null).chain(() => identityStepArb()) },
  { weight: 4, arbitrary: fc.constant(null).chain(() => forgeryStepArb()) },
);

// ---------- money31 (issue 31): payments while free, long calls, payers on one quote, caps ----------

type Money31Step =
  /** A call that carries a fresh payment: while the caller has a free call, the free call is used and the payment never settled. */
  | { kind: 'payWhileFree'; caller: number; spell: number; op: number; domain: string; instance: number }
  /** A call running longer than the stale window, repeated (another spelling, maybe another instance, maybe another payment) while it runs. */
  | { kind: 'longCall'; caller: number; spells: [number, number]; op: number; domain: string; instances: [number, number]; repeatPayment: 'same' | 'fresh' }
  /** A batch quote, then 2 or 3 payers (callers in any spelling, one wallet or several) paying it at once. */
  | { kind: 'quotePayers'; owner: number; payers: { caller: number; spell: number; instance: number }[]; samePayer: boolean }
  /** Concurrent free and paid calls on two instances capped at what today delivered and settled plus a headroom. */
  | { kind: 'capBurst'; op: number; freeCalls: number; paidCalls: number; dailyHeadroom: number; settleHeadroom: number };

/** How long a long call runs (real time): past the stale window, repeated at STALE_MS + 1 s. */
const LONG_CALL_MS = STALE_MS + 2_500;
/** The caps of the model's own instances: set, so every delivery is counted, and never reached. */
const UNCAPPED = 1_000_000_000_000;

function money31Arbitraries(): { weight: number; arbitrary: fc.Arbitrary<Step> }[] {
  const spellArb = fc.nat({ max: 20 });
  const okDomainArb = fc.constantFrom(...DOMAINS.filter(isOkInput));
  return [
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('payWhileFree' as const),
        caller: callerArb,
        spell: spellArb,
        op: opArb,
        domain: domainArb,
        instance: instanceArb,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('longCall' as const),
        caller: callerArb,
        spells: fc.tuple(spellArb, spellArb),
        op: opArb,
        domain: okDomainArb,
        instances: fc.tuple(instanceArb, instanceArb),
        repeatPayment: fc.constantFrom('same' as const, 'fresh' as const),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('quotePayers' as const),
        owner: callerArb,
        payers: fc.array(fc.record({ caller: callerArb, spell: spellArb, instance: instanceArb }), { minLength: 2, maxLength: 3 }),
        samePayer: fc.boolean(),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('capBurst' as const),
        op: opArb,
        freeCalls: fc.integer({ min: 0, max: 6 }),
        paidCalls: fc.integer({ min: 1, max: 6 }),
        dailyHeadroom: fc.integer({ min: 0, max: 16 }).map((n) => n * 2_500),
        settleHeadroom: fc.integer({ min: 0, max: 10 }).map((n) => n * 2_500),
      }),
    },
  ];
}

// ---------- the system: two instances on one store, a clock shared with the chain ----------

/** A store that an in-process kill -9 cuts off: every operation after the kill never returns. */
function killable(store: Store) {
  let dead = false;
  const never = new Promise<never>(() => {});
  function guard<T extends object>(repo: T): T {
    return new Proxy(repo, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? (...args: unknown[]) => (dead ? never : value.apply(target, args)) : value;
      },
    });
  }
  const guarded = guard(store) as Store;
  const wrapped: Store = new Proxy(guarded, {
    get(target, prop) {
      const value = Reflect.get(store, prop);
      if (prop === 'kind') return store.kind;
      if (typeof value === 'object' && value !== null) return guard(value);
      return Reflect.get(target, prop);
    },
  });
  return { store: wrapped, kill: () => (dead = true) };
}

interface Instance {
  service: TestService;
  store: Store;
  kill(): void;
}

interface Model {
  day: string;
  /** Ok inputs charged (free or paid) per caller|day|op|domain, with the body delivered. */
  charged: Map<string, unknown>;
  freeUsed: Map<string, number>;
  /** caller|key -> what the key names, kept 24 h from the call. */
  keyed: Map<string, { op: number; domain: string; body: unknown; at: number }>;
  /** op|domain -> when a result that is not ok (or a 504 deadline_exceeded) was made for it (remembered 60 s, whoever asks). */
  notOk: Map<string, number>;
  /** Payment headers already used, with the input they paid for. */
  payments: { caller: number; op: number; domain: string; header: string }[];
}

describe('metering model: one charge per input, never for nothing, free calls that survive a kill', { timeout: 900_000 }, () => {
  let chain: ChainWorld;
  let facilitator: Facilitator;
  /** How far the service's and the chain's clocks were moved ahead of the wall clock. */
  let offsetMs = 0;
  before(async () => {
    chain = await startChain();
    facilitator = createFacilitator({ network: 'eip155:8453', chainId: 8453, facilitatorPrivateKey: chain.facilitatorPrivateKey, rpcUrl: chain.rpcUrl })!;
  });
  after(async () => {
    await chain?.stop();
  });

  const backends: { name: string; open: () => Promise<{ open: () => Promise<Store>; cleanup: () => Promise<void> }> }[] = [
    {
      name: 'SQLite',
      open: async () => {
        const dir = mkdtempSync(join(tmpdir(), 'metering-model-'));
        return { open: () => openStore({ sqlitePath: join(dir, 'store.sqlite') }), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
      },
    },
  ];
  if (process.env.DATABASE_URL) {
    backends.push({
      name: 'PostgreSQL',
      open: async () => {
        const schema = `model_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
        return {
          open: () => openStore({ databaseUrl: process.env.DATABASE_URL, pgSchema: schema }),
          cleanup: async () => {
            const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
            await admin.connect();
            try {
              await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
            } finally {
              await admin.end();
            }
          },
        };
      },
    });
  }

  for (const backend of backends) {
    it(`holds on ${backend.name}, two instances`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 4, maxLength: 14 }), async (steps) => runScenario(backend, steps)),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    });
  }

  async function runScenario(backend: (typeof backends)[number], steps: Step[]) {
    const db = await backend.open();
    const stores: Store[] = [];
    const instances: Instance[] = [];
    /** Every instance started, the killed ones too: each is closed at the end. */
    const started: Instance[] = [];
    const payTo = chain.payTo;
    const startBalance = await chain.balanceOf(payTo);
    const payer = await chain.newPayer(50_000_000n);
    // The chain's clock only moves forward: every run goes on from where the last left it.
    const now = () => new Date(Date.now() + offsetMs);
    /** requestId -> the input it was for, so the ledger can be read per input. */
    const requestInput = new Map<string, { caller: number; op: number; domain: string }>();
    /** Handlers that hang until the instance is killed, per caller|domain. */
    const hangs = new Map<string, () => void>();
    /** The next settlement through this instance kills it once the transfer is sent. */
    const killAtSettle = new Set<number>();
    /** Domains whose handler runs LONG_CALL_MS (longCall). */
    const slowDomains = new Set<string>();
    /** Requests of the money31 steps outside the reference model (side callers, quotes), checked by their steps; `quote` for step 2 payments. */
    const sideRequests = new Map<string, { quote?: string }>();
    const model: Model = { day: utcDay(now()), charged: new Map(), freeUsed: new Map(), keyed: new Map(), notOk: new Map(), payments: [] };
    const rememberedNotOk = (op: number, domain: string) => (model.notOk.get(`${op}|${domain}`) ?? -Infinity) + NOT_OK_MEMORY_MS > now().getTime();
    function sawNotOk(op: number, domain: string) {
      if (!rememberedNotOk(op, domain)) model.notOk.set(`${op}|${domain}`, now().getTime());
    }

    function handlers(): HandlerRegistry {
      const answer = (operationId: string, ok: string, notOk: string) => async (input: { domain: string }, context: { requestId: string }) => {
        const hang = [...hangs.entries()].find(([name]) => name.endsWith(`|${input.domain}`));
        if (hang) {
          hang[1]();
          await new Promise(() => {});
        }
        if (slowDomains.has(input.domain)) await new Promise((resolve) => setTimeout(resolve, LONG_CALL_MS));
        // What the pipeline answers when a call's total deadline passes (server/pipeline/invoke.ts), without the wait.
        if (isLateInput(input.domain)) throw deadlineExceeded(operationId, 15_000);
        void context;
        const base = minimalResults.get(operationId) as Record<string, unknown>;
        return { ...base, domain: input.domain, status: isOkInput(input.domain) ? ok : notOk };
      };
      const registry: HandlerRegistry = {
        techStack: answer('techStack', 'ok', 'no_signals') as never,
        searchAds: answer('searchAds', 'ok', 'no_ads') as never,
        ...identityHandlers(),
      };
      registry.batch = createBatch(() => listRegistry(registry));
      return registry;
    }

    async function startInstance(
      index: number,
      capped: { dailyCostCapMicroUsd: number; settlementCapMicroUsd: number } = { dailyCostCapMicroUsd: UNCAPPED, settlementCapMicroUsd: UNCAPPED },
    ): Promise<Instance> {
      const raw = await db.open();
      stores.push(raw);
      const { store, kill } = killable(raw);
      const watched: Facilitator = {
        kind: facilitator.kind,
        verify: (payload, requirements) => facilitator.verify(payload, requirements),
        async settle(payload, requirements) {
          const settled = await facilitator.settle(payload, requirements);
          if (killAtSettle.delete(index)) {
            kill();
            return new Promise(() => {});
          }
          return settled;
        },
      };
      const service = await startService({
        handlers: handlers(),
        store,
        facilitator: watched,
        now,
        config: {
          payTo,
          trustedProxies: ['127.0.0.1'],
          requestStaleAfterMs: STALE_MS,
          freeCallHeldWaitMs: 1_500,
          notOkMemoryMs: NOT_OK_MEMORY_MS,
          notOkPerHour: 200,
          ...capped,
        },
      });
      // What server/main.ts does when an instance starts: one housekeeping pass.
      await createHousekeeping({ store, now, staleAfterMs: STALE_MS, intervalMs: 0 }).runOnce();
      const instance = { service, store, kill };
      started.push(instance);
      return instance;
    }

    async function advance(ms: number) {
      offsetMs += ms;
      await chain.increaseTime(ms / 1000);
    }

    async function sign(terms: string, wallet: { privateKey: `0x${string}` } = payer): Promise<string> {
      const client = new x402Client();
      registerExactEvmScheme(client, { signer: privateKeyToAccount(wallet.privateKey) });
      const realNow = Date.now;
      Date.now = () => realNow() + offsetMs;
      try {
        return encodePaymentSignatureHeader(await client.createPaymentPayload(decodePaymentRequiredHeader(terms)));
      } finally {
        Date.now = realNow;
      }
    }

    const inputKey = (caller: number, op: number, domain: string, day = model.day) => `${caller}|${day}|${op}|${domain}`;
    const callerDay = (caller: number, day = model.day) => `${CALLERS[caller]}|${day}`;

    /** Steps that draw no spelling speak in each caller's spellings in turn. */
    let spellTurn = 0;
    async function send(
      instance: number,
      caller: number,
      op: number,
      domain: string,
      extra: Record<string, string> = {},
      signal?: AbortSignal,
      spell = spellTurn++,
    ): Promise<CallResult> {
      const answer = await call(instances[instance].service.url, OPERATIONS[op].path, {
        body: { domain },
        headers: { 'X-Forwarded-For': spelled(caller, spell), ...extra },
        signal,
      });
      const requestId = answer.headers.get('x-request-id');
      if (requestId) requestInput.set(requestId, { caller, op, domain });
      return answer;
    }

    /** The reference model's answer to one sequential call. */
    function expected(
      step: CallStep,
      paymentFor: { op: number; domain: string } | null,
    ): { status: number; code?: string; charge: 'none' | 'free_use' | 'settlement'; replayOf?: unknown } {
      const keyName = step.key === null ? null : `${step.caller}|${KEYS[step.key]}`;
      const keyed = keyName ? model.keyed.get(keyName) : undefined;
      if (keyed && keyed.at + KEY_LIFETIME_MS > now().getTime()) {
        if (keyed.op !== step.op || keyed.domain !== step.domain) return { status: 409, code: 'idempotency_conflict', charge: 'none' };
        return { status: 200, charge: 'none', replayOf: keyed.body };
      }
      const charged = model.charged.get(inputKey(step.caller, step.op, step.domain));
      if (charged !== undefined) return { status: 200, charge: 'none', replayOf: charged };
      // A 504 deadline_exceeded is a not-ok outcome: remembered as it is, free.
      const late = isLateInput(step.domain) ? { status: 504, code: 'deadline_exceeded' } : { status: 200 };
      if (rememberedNotOk(step.op, step.domain)) return { ...late, charge: 'none' };
      // Whether a result will be ok is known only after the work: with no free call left, every new
      // input is asked to pay first, and a paid result that is not ok is never settled. A payment
      // sent while a free call is left is not looked at: the free call is used.
      if ((model.freeUsed.get(callerDay(step.caller)) ?? 0) < FREE) return { ...late, charge: isOkInput(step.domain) ? 'free_use' : 'none' };
      // A payment already used for another input is refused before anything runs.
      if (step.pay === 'replay' && paymentFor) return { status: 0, code: 'payment_reused|invalid_payment', charge: 'none' };
      return { status: 402, charge: isOkInput(step.domain) ? 'settlement' : 'none' };
    }

    async function ledgerSince(before: number) {
      const entries = await stores[0].ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER });
      return entries.slice(before);
    }

    async function runCall(step: CallStep) {
      const ledgerBefore = (await stores[0].ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER })).length;
      const headers: Record<string, string> = step.key === null ? {} : { 'Idempotency-Key': KEYS[step.key] };
      const replayable = model.payments.filter((payment) => payment.caller === step.caller && payment.op === step.op && payment.domain !== step.domain);
      const replay = step.pay === 'replay' ? (replayable[0] ?? null) : null;
      const effective: CallStep = step.pay === 'replay' && !replay ? { ...step, pay: 'fresh' } : step;
      const expect = expected(effective, replay);
      let answer: CallResult;
      let paidAfterChallenge = false;
      if (replay) {
        answer = await send(step.instance, step.caller, step.op, step.domain, { ...headers, 'PAYMENT-SIGNATURE': replay.header });
      } else {
        answer = await send(step.instance, step.caller, step.op, step.domain, headers);
        if (answer.status === 402 && effective.pay === 'fresh') {
          const header = await sign(answer.headers.get('payment-required')!);
          answer = await send(step.instance, step.caller, step.op, step.domain, { ...headers, 'PAYMENT-SIGNATURE': header });
          if (answer.status === 200) model.payments.push({ caller: step.caller, op: step.op, domain: step.domain, header });
          assert.equal(expect.status, 402, `model expected ${JSON.stringify(expect)} but the service asked for payment`);
          expect.status = isLateInput(step.domain) ? 504 : 200;
          if (isLateInput(step.domain)) expect.code = 'deadline_exceeded';
          paidAfterChallenge = true;
        }
      }
      const detail = `${JSON.stringify(step)} -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
      if (expect.status) assert.equal(answer.status, expect.status, detail);
      if (expect.code) assert.ok(expect.code.split('|').includes(answer.body.code), `${expect.code} expected: ${detail}`);
      if (expect.replayOf !== undefined) assert.deepEqual(answer.body, expect.replayOf, `a replay delivers the stored answer: ${detail}`);
      const charges = (await ledgerSince(ledgerBefore)).filter((entry) => entry.kind === 'free_use' || entry.kind === 'settlement');
      const expectedKinds = expect.charge === 'none' || (expect.charge === 'settlement' && !paidAfterChallenge) ? [] : [expect.charge];
      assert.deepEqual(
        charges.map((entry) => entry.kind),
        expectedKinds,
        `charges of ${detail}`,
      );
      if ((answer.status === 200 && answer.body.status !== 'ok') || answer.status === 504) sawNotOk(step.op, step.domain);
      if (answer.status === 200 && answer.body.status === 'ok' && expect.replayOf === undefined) {
        model.charged.set(inputKey(step.caller, step.op, step.domain), answer.body);
        if (expect.charge === 'free_use') model.freeUsed.set(callerDay(step.caller), (model.freeUsed.get(callerDay(step.caller)) ?? 0) + 1);
      }
      const keyName = step.key === null ? null : `${step.caller}|${KEYS[step.key]}`;
      if (keyName && answer.status === 200 && !(model.keyed.get(keyName) && model.keyed.get(keyName)!.at + KEY_LIFETIME_MS > now().getTime())) {
        model.keyed.set(keyName, { op: step.op, domain: step.domain, body: answer.body, at: now().getTime() });
      }
    }

    /** After a burst, whose per-call order the model cannot know, the model learns the charges from the ledger. */
    async function runBurst(calls: { caller: number; op: number; domain: string; instance: number }[]) {
      const answers = await Promise.all(calls.map((c) => send(c.instance, c.caller, c.op, c.domain)));
      for (const [index, answer] of answers.entries()) {
        const c = calls[index];
        assert.ok(
          [isLateInput(c.domain) ? 504 : 200, 402, 409].includes(answer.status),
          `burst ${JSON.stringify(c)} -> ${answer.status} ${JSON.stringify(answer.body)}`,
        );
        if (answer.status === 409) assert.equal(answer.body.code, 'request_already_started');
        if (answer.status === 504) assert.equal(answer.body.code, 'deadline_exceeded');
        if ((answer.status === 200 && answer.body.status !== 'ok') || answer.status === 504) sawNotOk(c.op, c.domain);
        if (answer.status === 200 && answer.body.status === 'ok') {
          const key = inputKey(c.caller, c.op, c.domain);
          const known = model.charged.get(key);
          if (known !== undefined) assert.deepEqual(answer.body, known, 'one input of one caller-day has one answer');
          else model.charged.set(key, answer.body);
        }
        if (answer.status === 402) {
          const used = (await stores[0].ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER })).filter(
            (entry) => entry.kind === 'free_use' && entry.caller === CALLERS[c.caller] && utcDay(new Date(entry.at)) === model.day,
          ).length;
          assert.equal(used, FREE, `a caller is asked to pay only once its free calls are used: ${JSON.stringify(answer.body.error ?? answer.body)}`);
        }
      }
      await resyncFreeUses();
    }

    async function resyncFreeUses() {
      for (const [caller] of CALLERS.entries()) {
        const used = (await stores[0].ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER })).filter(
          (entry) => entry.kind === 'free_use' && entry.caller === CALLERS[caller] && utcDay(new Date(entry.at)) === model.day,
        ).length;
        model.freeUsed.set(callerDay(caller), used);
      }
    }

    async function restart(index: number) {
      instances[index].kill();
      instances[index].service.server.closeAllConnections();
      await advance(STALE_MS + 1_000);
      instances[index] = await startInstance(index);
    }

    async function killDuringFreeCall(step: Extract<Step, { kind: 'killDuringFreeCall' }>) {
      const key = inputKey(step.caller, step.op, step.domain);
      if (model.charged.has(key) || (model.freeUsed.get(callerDay(step.caller)) ?? 0) >= FREE) return;
      let entered!: () => void;
      const inHandler = new Promise<void>((resolve) => (entered = resolve));
      hangs.set(`${step.caller}|${step.domain}`, entered);
      const aborted = new AbortController();
      const cut = send(step.instance, step.caller, step.op, step.domain, {}, aborted.signal).catch(() => null);
      await inHandler;
      hangs.clear();
      await restart(step.instance);
      aborted.abort();
      await cut;
      // Nothing was charged; the free call the dead call held is back once its lease went stale.
      const remaining = await send(1 - step.instance, step.caller, 0, 'no-a.com');
      assert.equal(
        remaining.headers.get('x-usage-free-remaining'),
        String(FREE - (model.freeUsed.get(callerDay(step.caller)) ?? 0)),
        "the killed call's free call is back",
      );
    }

    async function killDuringSettle(step: Extract<Step, { kind: 'killDuringSettle' }>) {
      const key = inputKey(step.caller, step.op, step.domain);
      if (model.charged.has(key)) return;
      // Paid only once the free calls are used: use them up on inputs of their own.
      for (let n = 0; (model.freeUsed.get(callerDay(step.caller)) ?? 0) < FREE && n < 20; n++) {
        const domain = `ok-filler-${n}.com`;
        if (model.charged.has(inputKey(step.caller, 0, domain))) continue;
        await runCall({ kind: 'call', caller: step.caller, op: 0, domain, key: null, pay: 'none', instance: step.instance });
      }
      const challenge = await send(step.instance, step.caller, step.op, step.domain);
      assert.equal(challenge.status, 402, JSON.stringify(challenge.body));
      const header = await sign(challenge.headers.get('payment-required')!);
      const balance = await chain.balanceOf(payTo);
      killAtSettle.add(step.instance);
      const aborted = new AbortController();
      let early: CallResult | null = null;
      const cut = send(step.instance, step.caller, step.op, step.domain, { 'PAYMENT-SIGNATURE': header }, aborted.signal).then(
        (answer) => (early = answer),
        () => null,
      );
      for (let wait = 0; killAtSettle.has(step.instance) && !early && wait < 400; wait++) await new Promise((resolve) => setTimeout(resolve, 25));
      assert.equal(
        killAtSettle.has(step.instance),
        false,
        `the settlement was reached (the call answered ${JSON.stringify((early as CallResult | null)?.body)})`,
      );
      assert.equal(await chain.balanceOf(payTo), balance + BigInt(OPERATIONS[step.op].price), 'the transfer landed after the kill');
      await restart(step.instance);
      aborted.abort();
      await cut;
      const ledgerBefore = (await stores[0].ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER })).length;
      const delivered = await send(step.instance, step.caller, step.op, step.domain, { 'PAYMENT-SIGNATURE': header });
      assert.equal(delivered.status, 200, JSON.stringify(delivered.body));
      assert.equal(delivered.body.status, 'ok');
      assert.deepEqual(
        (await ledgerSince(ledgerBefore)).map((entry) => entry.kind),
        ['settlement'],
        'the repeat records the settlement once',
      );
      assert.equal(await chain.balanceOf(payTo), balance + BigInt(OPERATIONS[step.op].price), 'charged once');
      model.charged.set(key, delivered.body);
      model.payments.push({ caller: step.caller, op: step.op, domain: step.domain, header });
    }

    async function checkInvariants(label: string) {
      const ledger = await stores[0].ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER });
      const charges = ledger.filter((entry) => entry.kind === 'free_use' || entry.kind === 'settlement');
      const perInput = new Map<string, number>();
      const perQuote = new Map<string, number>();
      for (const entry of charges) {
        const side = sideRequests.get(entry.requestId ?? '');
        if (side) {
          if (side.quote) perQuote.set(side.quote, (perQuote.get(side.quote) ?? 0) + 1);
          assert.ok(!side.quote || perQuote.get(side.quote)! <= 1, `${label}: quote ${side.quote} charged twice`);
          continue;
        }
        if (identity.owns(entry.requestId)) continue;
        const input = requestInput.get(entry.requestId ?? '');
        assert.ok(input, `${label}: every charge belongs to a request the test sent (${entry.requestId})`);
        assert.ok(isOkInput(input.domain), `${label}: a charge for ${input.domain}, whose result is not ok`);
        assert.equal(entry.operation, OPERATIONS[input.op].offer);
        const key = inputKey(input.caller, input.op, input.domain, utcDay(new Date(entry.at)));
        perInput.set(key, (perInput.get(key) ?? 0) + 1);
        assert.ok(perInput.get(key)! <= 1, `${label}: two charges for ${key}`);
      }
      const day = model.day;
      for (const [caller, ip] of CALLERS.entries()) {
        const freeUses = charges.filter((entry) => entry.kind === 'free_use' && entry.caller === ip && utcDay(new Date(entry.at)) === day).length;
        assert.ok(freeUses <= FREE, `${label}: ${freeUses} free uses`);
        assert.equal(freeUses, model.freeUsed.get(callerDay(caller)) ?? 0, `${label}: free uses of ${ip} as the model counts them`);
        const counted = await stores[0].counters.get({ bucket: 'free', subject: ip, window: day, now: now().getTime(), staleAfterMs: STALE_MS });
        assert.deepEqual(counted, { used: freeUses, held: 0 }, `${label}: the store counts every free use and holds no lease once the calls ended`);
      }
      const settled = charges.filter((entry) => entry.kind === 'settlement').reduce((sum, entry) => sum + entry.amountMicroUsd, 0);
      assert.equal(await chain.balanceOf(payTo), startBalance + BigInt(settled), `${label}: the ledger's settlements are the chain's transfers`);
      identity.checkInvariants(label, charges);
    }

    // ---------- money31 steps (issue 31) ----------

    let sideCount = 0;
    /** A caller of its own, never one of the model's (198.19.0.0/16). */
    const sideIp = () => {
      sideCount += 1;
      return `198.19.${Math.floor(sideCount / 250)}.${(sideCount % 250) + 1}`;
    };
    async function sendSide(
      url: string,
      forwardedFor: string,
      path: string,
      body: unknown,
      extra: Record<string, string> = {},
      side: { quote?: string } = {},
    ): Promise<CallResult> {
      const answer = await call(url, path, { body, headers: { 'X-Forwarded-For': forwardedFor, ...extra } });
      const requestId = answer.headers.get('x-request-id');
      if (requestId) sideRequests.set(requestId, side);
      return answer;
    }
    const ledgerAll = () => stores[0].ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER });
    const chargesOf = <T extends { kind: string }>(entries: T[]) => entries.filter((entry) => entry.kind === 'free_use' || entry.kind === 'settlement');
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    /** Terms of an operation, asked by a side caller whose free calls of the day it uses up (it then pays the caps' paid calls). */
    const spent = new Map<string, { terms: string; ip: string; day: string }>();
    async function termsFor(op: number, role = 'payer') {
      const known = spent.get(`${role}|${op}`);
      if (known && known.day === model.day) return known;
      const ip = sideIp();
      const url = instances[0].service.url;
      for (let n = 0; n < FREE; n++) assert.equal((await sendSide(url, ip, OPERATIONS[op].path, { domain: `ok-spend-${n}.com` })).status, 200);
      const challenge = await sendSide(url, ip, OPERATIONS[op].path, { domain: 'ok-spend-terms.com' });
      assert.equal(challenge.status, 402, JSON.stringify(challenge.body));
      const entry = { terms: challenge.headers.get('payment-required')!, ip, day: model.day };
      spent.set(`${role}|${op}`, entry);
      return entry;
    }

    /** Found on the old code: a payment sent while free calls remain was settled (the charge is a settlement, no X-Payment-Unused). */
    async function payWhileFree(step: Extract<Step, { kind: 'payWhileFree' }>) {
      const key = inputKey(step.caller, step.op, step.domain);
      if (model.charged.has(key) || rememberedNotOk(step.op, step.domain)) return;
      const free = (model.freeUsed.get(callerDay(step.caller)) ?? 0) < FREE;
      const header = await sign((await termsFor(step.op)).terms);
      const ledgerBefore = (await ledgerAll()).length;
      const balance = await chain.balanceOf(payTo);
      const answer = await send(step.instance, step.caller, step.op, step.domain, { 'PAYMENT-SIGNATURE': header }, undefined, step.spell);
      const detail = `${JSON.stringify(step)} (free calls left: ${free}) -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
      assert.equal(answer.status, isLateInput(step.domain) ? 504 : 200, detail);
      const charges = chargesOf(await ledgerSince(ledgerBefore)).map((entry) => entry.kind);
      if (!isOkInput(step.domain)) {
        assert.deepEqual(charges, [], detail);
        assert.equal(await chain.balanceOf(payTo), balance, detail);
        sawNotOk(step.op, step.domain);
        return;
      }
      if (free) {
        assert.deepEqual(charges, ['free_use'], `a payment sent while a free call is left is not settled: ${detail}`);
        assert.equal(answer.headers.get('x-payment-unused'), 'free_call', detail);
        assert.equal(answer.headers.get('x-usage-charged-micro-usd'), '0', detail);
        assert.equal(await chain.balanceOf(payTo), balance, detail);
        model.freeUsed.set(callerDay(step.caller), (model.freeUsed.get(callerDay(step.caller)) ?? 0) + 1);
      } else {
        assert.deepEqual(charges, ['settlement'], detail);
        assert.equal(answer.headers.get('x-payment-unused'), null, detail);
        model.payments.push({ caller: step.caller, op: step.op, domain: step.domain, header });
      }
      model.charged.set(key, answer.body);
    }

    /** Found on the old code: a repeat after the stale window took over a call still running (two runs, two charges). */
    async function longCall(step: Extract<Step, { kind: 'longCall' }>) {
      const key = inputKey(step.caller, step.op, step.domain);
      if (model.charged.has(key)) return;
      const free = (model.freeUsed.get(callerDay(step.caller)) ?? 0) < FREE;
      const terms = free ? null : (await termsFor(step.op)).terms;
      const payment: Record<string, string> = terms ? { 'PAYMENT-SIGNATURE': await sign(terms) } : {};
      const ledgerBefore = (await ledgerAll()).length;
      const balance = await chain.balanceOf(payTo);
      slowDomains.add(step.domain);
      const first = send(step.instances[0], step.caller, step.op, step.domain, payment, undefined, step.spells[0]);
      let repeat: CallResult;
      let done: CallResult;
      try {
        await sleep(STALE_MS + 1_000);
        const again = terms && step.repeatPayment === 'fresh' ? { 'PAYMENT-SIGNATURE': await sign(terms) } : payment;
        repeat = await send(step.instances[1], step.caller, step.op, step.domain, again, undefined, step.spells[1]);
      } finally {
        done = await first;
        slowDomains.delete(step.domain);
      }
      const detail = `${JSON.stringify(step)} (paid: ${!free}) -> first ${done.status} ${JSON.stringify(done.body).slice(0, 200)}, repeat ${repeat.status} ${JSON.stringify(repeat.body).slice(0, 200)}`;
      assert.equal(repeat.status, 409, `a repeat while the call runs past the stale window does not run it again: ${detail}`);
      assert.equal(repeat.body.code, 'request_already_started', detail);
      assert.equal(done.status, 200, detail);
      assert.equal(done.body.status, 'ok', detail);
      assert.deepEqual(
        chargesOf(await ledgerSince(ledgerBefore)).map((entry) => entry.kind),
        [free ? 'free_use' : 'settlement'],
        `one run, one charge: ${detail}`,
      );
      assert.equal(await chain.balanceOf(payTo), balance + (free ? 0n : BigInt(OPERATIONS[step.op].price)), detail);
      model.charged.set(key, done.body);
      if (free) model.freeUsed.set(callerDay(step.caller), (model.freeUsed.get(callerDay(step.caller)) ?? 0) + 1);
      else model.payments.push({ caller: step.caller, op: step.op, domain: step.domain, header: payment['PAYMENT-SIGNATURE'] });
    }

    /** Found on the old code: several payers paying one quote at once were each settled. */
    let quoteCount = 0;
    async function quotePayers(step: Extract<Step, { kind: 'quotePayers' }>) {
      const n = ++quoteCount;
      const quote = await sendSide(instances[0].service.url, spelled(step.owner, n), '/v1/batch', {
        tool: 'tech-stack',
        domains: [`ok-q${n}-a.com`, `ok-q${n}-b.com`],
      });
      if (quote.status === 429 && quote.body.code === 'scan_quota') return;
      assert.equal(quote.status, 200, JSON.stringify(quote.body));
      assert.equal(quote.body.status, 'quote');
      const id = quote.body.quote_id as string;
      const price = quote.body.price_micro_usd as number;
      assert.equal(price, 2 * BATCH.rowPrice);
      const wallets = step.samePayer ? step.payers.map(() => payer) : await Promise.all(step.payers.map(() => chain.newPayer(1_000_000n)));
      const urlOf = (p: (typeof step.payers)[number]) => instances[p.instance].service.url;
      const headers: string[] = [];
      for (const [i, p] of step.payers.entries()) {
        const challenge = await sendSide(urlOf(p), spelled(p.caller, p.spell), '/v1/batch', { quote_id: id }, {}, { quote: id });
        assert.equal(challenge.status, 402, JSON.stringify(challenge.body));
        headers.push(await sign(challenge.headers.get('payment-required')!, wallets[i]));
      }
      const balance = await chain.balanceOf(payTo);
      const answers = await Promise.all(
        step.payers.map((p, i) =>
          sendSide(urlOf(p), spelled(p.caller, p.spell), '/v1/batch', { quote_id: id }, { 'PAYMENT-SIGNATURE': headers[i] }, { quote: id }),
        ),
      );
      const detail = `${JSON.stringify(step)} -> ${JSON.stringify(answers.map((answer) => [answer.status, answer.body.code ?? answer.body.status]))}`;
      const paid = answers.filter((answer) => answer.status === 200);
      assert.ok(paid.length >= 1, `one payer pays: ${detail}`);
      for (const answer of paid) assert.deepEqual(answer.body, paid[0].body, `every 200 is the one paid answer: ${detail}`);
      for (const answer of answers.filter((answer) => answer.status !== 200))
        assert.ok(['quote_claimed', 'request_already_started', 'quote_not_found'].includes(answer.body.code), detail);
      assert.equal(await chain.balanceOf(payTo), balance + BigInt(price), `one quote, one settlement: ${detail}`);
    }

    /** Found on the old code: concurrent calls read the day's sums before any of them was written and all passed the caps. */
    let capCount = 0;
    async function capBurst(step: Extract<Step, { kind: 'capBurst' }>) {
      const paying = await termsFor(step.op);
      const today = chargesOf(await ledgerAll()).filter((entry) => utcDay(new Date(entry.at)) === model.day);
      const delivered = today.reduce((sum, entry) => sum + entry.amountMicroUsd, 0);
      const settledToday = today.filter((entry) => entry.kind === 'settlement').reduce((sum, entry) => sum + entry.amountMicroUsd, 0);
      const capped = [
        await startInstance(10, { dailyCostCapMicroUsd: delivered + step.dailyHeadroom, settlementCapMicroUsd: settledToday + step.settleHeadroom }),
        await startInstance(11, { dailyCostCapMicroUsd: delivered + step.dailyHeadroom, settlementCapMicroUsd: settledToday + step.settleHeadroom }),
      ];
      try {
        const tag = ++capCount;
        const path = OPERATIONS[step.op].path;
        // One at a time: sign() moves Date.now to the model's clock while it runs.
        const paidHeaders: string[] = [];
        for (let i = 0; i < step.paidCalls; i++) paidHeaders.push(await sign(paying.terms));
        const ledgerBefore = (await ledgerAll()).length;
        const balance = await chain.balanceOf(payTo);
        const answers = await Promise.all([
          ...Array.from({ length: step.freeCalls }, (_, i) => sendSide(capped[i % 2].service.url, sideIp(), path, { domain: `ok-capf${tag}-${i}.com` })),
          ...paidHeaders.map((header, i) =>
            sendSide(capped[(i + 1) % 2].service.url, paying.ip, path, { domain: `ok-capp${tag}-${i}.com` }, { 'PAYMENT-SIGNATURE': header }),
          ),
        ]);
        const charges = chargesOf(await ledgerSince(ledgerBefore));
        const deliveredNow = charges.reduce((sum, entry) => sum + entry.amountMicroUsd, 0);
        const settledNow = charges.filter((entry) => entry.kind === 'settlement').reduce((sum, entry) => sum + entry.amountMicroUsd, 0);
        const counted = async (bucket: string) =>
          stores[0].counters.get({ bucket, subject: '*', window: model.day, now: now().getTime(), staleAfterMs: STALE_MS });
        const detail = `${JSON.stringify(step)} -> ${JSON.stringify(answers.map((answer) => [answer.status, answer.body.code ? `${answer.body.code}: ${answer.body.detail}` : answer.body.status]))}, delivered ${deliveredNow}, settled ${settledNow} (before: ${delivered}, ${settledToday}; the caps' counters: ${JSON.stringify([await counted('cap:daily-cost'), await counted('cap:settled')])})`;
        assert.ok(deliveredNow <= step.dailyHeadroom, `the daily cost cap holds: ${detail}`);
        assert.ok(settledNow <= step.settleHeadroom, `the settlement cap holds: ${detail}`);
        for (const answer of answers) {
          if (answer.status === 200) assert.equal(answer.body.status, 'ok', detail);
          else assert.ok(answer.status === 503 && ['daily_cost_cap', 'settlement_cap_reached'].includes(answer.body.code), detail);
        }
        assert.equal(charges.length, answers.filter((answer) => answer.status === 200).length, `every delivery charged once, no refusal charged: ${detail}`);
        assert.equal(await chain.balanceOf(payTo), balance + BigInt(settledNow), detail);
      } finally {
        for (const instance of capped) {
          instance.service.server.closeAllConnections();
          await instance.service.close();
          started.splice(started.indexOf(instance), 1);
          await instance.store.close().catch(() => undefined);
        }
      }
    }

    async function runMoney31Step(step: Money31Step) {
      if (step.kind === 'payWhileFree') await payWhileFree(step);
      else if (step.kind === 'longCall') await longCall(step);
      else if (step.kind === 'quotePayers') await quotePayers(step);
      else await capBurst(step);
    }

    // ---------- forged payers (a payer is who the signature proves) ----------

    /** An MCP tools/call as a side caller; the answer's result (isError, structuredContent, _meta). */
    async function mcpSide(
      url: string,
      forwardedFor: string,
      tool: string,
      args: unknown,
      payment?: unknown,
    ): Promise<{ status: number; result: any; headers: Headers }> {
      const body = {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: tool, arguments: args, ...(payment === undefined ? {} : { _meta: { 'x402/payment': payment } }) },
      };
      const answer = await sendSide(url, forwardedFor, '/mcp', body, { Accept: 'application/json, text/event-stream' });
      return { status: answer.status, result: answer.body?.result, headers: answer.headers };
    }

    /** A payload that claims `victim` as its payer without a signature of the victim's key. */
    async function forge(honest: string, victim: `0x${string}`, signature: Forgery['signature']): Promise<Record<string, any>> {
      const payload = decodePaymentSignatureHeader(honest) as any;
      const authorization = { ...payload.payload.authorization, from: victim };
      let forged: string;
      if (signature === 'otherKey') {
        const extra = payload.accepted.extra as { name: string; version: string };
        forged = await privateKeyToAccount(generatePrivateKey()).signTypedData({
          domain: { name: extra.name, version: extra.version, chainId: 8453, verifyingContract: payload.accepted.asset },
          types: TRANSFER_WITH_AUTHORIZATION,
          primaryType: 'TransferWithAuthorization',
          message: {
            ...authorization,
            value: BigInt(authorization.value),
            validAfter: BigInt(authorization.validAfter),
            validBefore: BigInt(authorization.validBefore),
          },
        });
      } else {
        forged = `0x${randomBytes(signature).toString('hex')}`;
      }
      return { ...payload, payload: { ...payload.payload, authorization, signature: forged } };
    }

    /**
     * Found on the old code: a payment naming another wallet that bought the same input today, with
     * a signature the service does not check locally (longer than 65 bytes), got that wallet's paid
     * answer and receipt, free. Every forgery must be a 402 invalid_payment, charge nothing, move
     * nothing on chain and deliver nothing of the victim's; the victim's own repeat still replays.
     */
    let forgeryCount = 0;
    async function forgedPayer(step: ForgeryStep) {
      const n = ++forgeryCount;
      const victim = await chain.newPayer(1_000_000n);
      const url = (instance: number) => instances[instance].service.url;
      const single = OPERATIONS[step.op];
      const bulk = step.target === 'batch';
      const http = bulk ? '/v1/batch' : single.path;
      const tool = operationById(bulk ? 'batch' : single.operationId)!.mcpTool!;
      const domain = `ok-forge${n}.com`;
      const listed = [`ok-forge${n}-a.com`, `ok-forge${n}-b.com`];
      const victimIp = bulk ? sideIp() : (await termsFor(step.op, 'victim')).ip;

      /** Step 1 for a caller (bulk): its own quote of the same list. */
      async function quoteFor(ip: string, instance: number): Promise<string> {
        const quote = await sendSide(url(instance), ip, '/v1/batch', { tool: 'tech-stack', domains: listed });
        assert.equal(quote.status, 200, JSON.stringify(quote.body));
        assert.equal(quote.body.status, 'quote');
        return quote.body.quote_id;
      }
      const stepTwo = (quoteId: string) => ({ quote_id: quoteId });

      // The victim buys the input, paying with its own key.
      const victimArgs = bulk ? stepTwo(await quoteFor(victimIp, 0)) : { domain };
      const challenge = await sendSide(url(0), victimIp, http, victimArgs);
      assert.equal(challenge.status, 402, JSON.stringify(challenge.body));
      const bought = await sendSide(url(0), victimIp, http, victimArgs, {
        'PAYMENT-SIGNATURE': await sign(challenge.headers.get('payment-required')!, victim),
      });
      assert.equal(bought.status, 200, JSON.stringify(bought.body));
      assert.equal(bought.body.status, 'ok');
      const victimBody = JSON.stringify(bought.body);

      // Each forgery from a caller of its own whose free calls are used (step 2 is always paid),
      // prepared one at a time (sign() moves Date.now while it runs), then sent at once.
      const attacker = { privateKey: generatePrivateKey() };
      const attempts: { forgery: Forgery; ip: string; args: unknown; payload: Record<string, any> }[] = [];
      for (const [index, forgery] of step.forgeries.entries()) {
        const ip = bulk ? sideIp() : (await termsFor(step.op, `attacker-${index}`)).ip;
        const args = bulk ? stepTwo(await quoteFor(ip, forgery.instance)) : { domain };
        const terms =
          forgery.transport === 'mcp'
            ? encodePaymentRequiredHeader((await mcpSide(url(forgery.instance), ip, tool, args)).result.structuredContent)
            : (await sendSide(url(forgery.instance), ip, http, args)).headers.get('payment-required')!;
        assert.ok(terms, `the attacker is asked to pay: ${JSON.stringify(forgery)}`);
        attempts.push({ forgery, ip, args, payload: await forge(await sign(terms, attacker), victim.address, forgery.signature) });
      }
      const ledgerBefore = (await ledgerAll()).length;
      const balance = await chain.balanceOf(payTo);
      const repeatHeader = step.victimRepeat ? await sign(challenge.headers.get('payment-required')!, victim) : null;
      const [answers, repeat] = await Promise.all([
        Promise.all(
          attempts.map(async ({ forgery, ip, args, payload }) => {
            if (forgery.transport === 'mcp') {
              const { result } = await mcpSide(url(forgery.instance), ip, tool, args, payload);
              return { forgery, ok: result?.isError !== true, code: result?.structuredContent?.code, text: JSON.stringify(result) };
            }
            const answer = await sendSide(url(forgery.instance), ip, http, args, { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload as never) });
            return { forgery, ok: answer.status === 200, status: answer.status, code: answer.body?.code, text: JSON.stringify(answer.body) };
          }),
        ),
        repeatHeader ? sendSide(url(1), victimIp, http, victimArgs, { 'PAYMENT-SIGNATURE': repeatHeader }) : null,
      ]);
      const detail = `${JSON.stringify(step)} -> ${JSON.stringify(answers.map((answer) => [answer.forgery, answer.status ?? 'mcp', answer.code ?? 'ok', answer.text.slice(0, 160)]))}`;
      for (const answer of answers) {
        assert.equal(answer.ok, false, `a forged payer gets no paid answer: ${detail}`);
        if (answer.status !== undefined) assert.equal(answer.status, 402, detail);
        assert.equal(answer.code, 'invalid_payment', detail);
        assert.ok(!answer.text.includes(victimBody.slice(1, -1)), `nothing of the victim's answer reaches a forger: ${detail}`);
      }
      assert.deepEqual(chargesOf(await ledgerSince(ledgerBefore)), [], `a forgery charges nothing: ${detail}`);
      assert.equal(await chain.balanceOf(payTo), balance, `a forgery moves nothing: ${detail}`);
      if (repeat) {
        assert.equal(repeat.status, 200, `the victim's repeat still replays: ${JSON.stringify(repeat.body)}`);
        assert.deepEqual(repeat.body, bought.body);
        assert.equal(repeat.headers.get('x-idempotent-replay'), 'true');
        assert.equal(repeat.headers.get('x-payment-unused'), 'replay', 'the new authorization was not settled, and the answer says so');
      }
    }

    const identity = identitySteps({
      url: (instance) => instances[instance].service.url,
      now,
      sign,
      counters: (bucket, ip) => stores[0].counters.get({ bucket, subject: ip, window: model.day, now: now().getTime(), staleAfterMs: STALE_MS }),
      ledger: () => stores[0].ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER }),
      day: () => model.day,
      freeUsed: model.freeUsed,
      callerDay,
    });
    try {
      instances.push(await startInstance(0), await startInstance(1));
      for (const [index, step] of steps.entries()) {
        if (step.kind === 'call') await runCall(step);
        else if (step.kind === 'burst') await runBurst(step.calls);
        else if (step.kind === 'killDuringFreeCall') await killDuringFreeCall(step);
        else if (step.kind === 'killDuringSettle') await killDuringSettle(step);
        else if (isIdentityStep(step)) await identity.run(step);
        else if (step.kind === 'forgedPayer') await forgedPayer(step);
        else if (step.kind === 'time') await advance(step.seconds * 1000);
        else if (step.kind !== 'midnight') await runMoney31Step(step);
        else {
          const next = Date.UTC(now().getUTCFullYear(), now().getUTCMonth(), now().getUTCDate() + 1);
          await advance(next - now().getTime() + 1_000);
          model.day = utcDay(now());
        }
        model.day = utcDay(now());
        await checkInvariants(`after step ${index} (${step.kind})`);
      }
    } finally {
      for (const instance of started) {
        instance.service.server.closeAllConnections();
        await instance.service.close();
      }
      for (const store of stores) await store.close().catch(() => undefined);
      await db.cleanup();
    }
  }
});

// ---------- identity steps (issue 31): URL spellings and lists with repeats, one charge per canonical input ----------
//
// Drawn beside the steps above, by their own generators and checked by their own model:
// - urlCall: clean-markdown on one of a few pages in a drawn spelling (scheme and host case, :443,
//   a trailing dot, an empty path, a fragment, a lone `?`, a percent-encoded letter); the same canonical URL by the same
//   caller on the same day is one charge (free use or settlement), its repeats replay it;
// - listQuote: batch tech-stack step 1 with a list of domains in drawn spellings and repeats, then
//   step 2 paid: billable_count and the price count distinct ok domains only, merged_entries names
//   every repeat, a repeated step 1 of the same canonical list returns the same quote without a
//   scan, two step 1s sent at once may make two quotes but paying both charges once, and the same
//   canonical list by the same caller on the same day is settled at most once; step 1 and step 2
//   carry drawn limit and offset, which change neither the quote nor the charge, and step 2's
//   rows are the paid rows cut at them;
// - pagedCall: ats-jobs on one of two boards read in 1 to 4 drawn pages (limit and offset absent
//   or drawn, past the end too; the domain in a drawn spelling): limit and offset are display
//   fields, so the board by the same caller on the same day is one charge (free use or settlement)
//   whatever the pages, and each page is the first answer's list cut at its offset and limit.
// Invariant: never two charges for one canonical input by one caller on one UTC day.

/** Canonical pages; /docs and /docs/ are two (a trailing slash on a non-root path stays). */
const PAGES = ['https://page-a.com/', 'https://page-b.com/docs', 'https://page-b.com/docs/'];
const MARKDOWN = { path: '/v1/clean-markdown', offer: 'clean-markdown', price: 2000 };
const LIST_DOMAINS = ['ok-a.com', 'ok-b.com', 'no-a.com'];
const BATCH = { path: '/v1/batch', offer: 'batch', rowPrice: 10000, scans: 3 };
const JOBS = { path: '/v1/ats-jobs', offer: 'ats-jobs', price: 10000, defaultLimit: 25, rowsDefaultLimit: 10 };
/** The boards of pagedCall, each with BOARD_JOBS jobs (more than the smallest drawn limits). */
const BOARDS = ['jobs-a.com', 'jobs-b.com'];
const BOARD_JOBS = 12;

/** A URL's spelling, and clean-markdown's render setting (absent, or a value): a setting is no part of the input. */
type UrlSpelling = {
  upper: boolean;
  port: boolean;
  hostDot: boolean;
  dropRoot: boolean;
  fragment: boolean;
  emptyQuery: boolean;
  percent: boolean;
  render: 'auto' | 'never' | 'always' | null;
};
type ListEntry = { domain: number; upper: boolean; dot: boolean };
/** Display fields as drawn: each absent (the default) or a value; an offset may pass the end. */
type Paging = { limit: number | null; offset: number | null };
type PageSpelling = Paging & { upper: boolean; dot: boolean };
type IdentityStep =
  | { kind: 'urlCall'; caller: number; page: number; spellings: UrlSpelling[]; pay: 'none' | 'fresh'; instance: number }
  | { kind: 'listQuote'; caller: number; entries: ListEntry[]; pay: boolean; repeat: boolean; together: boolean; instance: number; paging: Paging[] }
  | { kind: 'pagedCall'; caller: number; board: number; pages: PageSpelling[]; pay: 'none' | 'fresh'; instance: number };

function identityStepArb(): fc.Arbitrary<IdentityStep> {
  const spelling = fc.record({
    upper: fc.boolean(),
    port: fc.boolean(),
    hostDot: fc.boolean(),
    dropRoot: fc.boolean(),
    fragment: fc.boolean(),
    emptyQuery: fc.boolean(),
    percent: fc.boolean(),
    render: fc.constantFrom(null, 'auto' as const, 'never' as const, 'always' as const),
  });
  const entry = fc.record({ domain: fc.integer({ min: 0, max: LIST_DOMAINS.length - 1 }), upper: fc.boolean(), dot: fc.boolean() });
  const paging = (maxLimit: number) =>
    fc.record({
      limit: fc.option(fc.integer({ min: 1, max: maxLimit }), { freq: 3 }),
      offset: fc.option(fc.integer({ min: 0, max: BOARD_JOBS + 2 }), { freq: 3 }),
    });
  const pageSpelling = fc.record({
    limit: fc.option(
      fc.integer({ min: 1, max: 100 }).map((n) => (n > 20 ? n : (n % 7) + 1)),
      { freq: 3 },
    ),
    offset: fc.option(fc.integer({ min: 0, max: BOARD_JOBS + 2 }), { freq: 3 }),
    upper: fc.boolean(),
    dot: fc.boolean(),
  });
  return fc.oneof(
    // One page in 1 to 3 spellings, one after the other.
    fc.record({
      kind: fc.constant('urlCall' as const),
      caller: callerArb,
      page: fc.integer({ min: 0, max: PAGES.length - 1 }),
      spellings: fc.array(spelling, { minLength: 1, maxLength: 3 }),
      pay: fc.constantFrom('none' as const, 'fresh' as const),
      instance: instanceArb,
    }),
    // repeat: the same list again, every entry spelled otherwise (step 1, and step 2 when pay);
    // together: instead, both spellings' step 1 at once.
    // paging: the display fields of each step 1 and step 2 sent, in turn.
    fc.record({
      kind: fc.constant('listQuote' as const),
      caller: callerArb,
      entries: fc.array(entry, { minLength: 1, maxLength: 6 }),
      pay: fc.constantFrom(true, true, false),
      repeat: fc.constantFrom(true, true, false),
      together: fc.boolean(),
      instance: instanceArb,
      paging: fc.array(paging(3), { minLength: 4, maxLength: 4 }),
    }),
    // One board read in 1 to 4 pages, one after the other.
    fc.record({
      kind: fc.constant('pagedCall' as const),
      caller: callerArb,
      board: fc.integer({ min: 0, max: BOARDS.length - 1 }),
      pages: fc.array(pageSpelling, { minLength: 1, maxLength: 4 }),
      pay: fc.constantFrom('none' as const, 'fresh' as const),
      instance: instanceArb,
    }),
  );
}

function isIdentityStep(step: Step): step is IdentityStep {
  return step.kind === 'urlCall' || step.kind === 'listQuote' || step.kind === 'pagedCall';
}

/** The body fields of drawn display fields (absent ones not sent). */
const pagingFields = ({ limit, offset }: Paging) => ({ ...(limit === null ? {} : { limit }), ...(offset === null ? {} : { offset }) });

/** What a page of `items` must be for drawn display fields: its items and its page object. */
function expectedPage<T>(items: T[], { limit, offset }: Paging, defaultLimit: number) {
  const from = offset ?? 0;
  const size = limit ?? defaultLimit;
  const end = Math.min(items.length, from + size);
  return { items: items.slice(from, end), page: { total: items.length, offset: from, limit: size, next_offset: end < items.length ? end : null } };
}

/** A body without its paged list and page: what every page of one input shares. */
const withoutPage = (body: Record<string, unknown>, list: string) =>
  Object.fromEntries(Object.entries(body).filter(([name]) => name !== list && name !== 'page'));

/** The jobs of a model board, newest first. */
const boardJobs = (domain: string) =>
  Array.from({ length: BOARD_JOBS }, (_, index) => ({
    job_id: `lever:${domain}-${index}`,
    title: `Role ${index}`,
    departments: [],
    locations: [],
    remote: false,
    salary: null,
    technologies: [],
    posted_at: new Date(Date.UTC(2026, 0, 31 - index)).toISOString(),
    url: null,
  }));

/** A canonical URL spelled as drawn. */
function spellUrl(canonical: string, spelling: UrlSpelling): string {
  const url = new URL(canonical);
  const host = (spelling.upper ? url.hostname.toUpperCase() : url.hostname) + (spelling.hostDot ? '.' : '');
  const plain = spelling.dropRoot && url.pathname === '/' && !url.search ? '' : url.pathname;
  // An unreserved character percent-encoded, in lower or upper case (RFC 3986 6.2.2: the same URL).
  const path = spelling.percent
    ? plain.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)[spelling.upper ? 'toUpperCase' : 'toLowerCase']()}`)
    : plain;
  const query = url.search || (spelling.emptyQuery ? '?' : '');
  return `${spelling.upper ? 'HTTPS' : 'https'}://${host}${spelling.port ? ':443' : ''}${path}${query}${spelling.fragment ? '#top' : ''}`;
}

const spellDomain = (domain: string, { upper, dot }: ListEntry) => (upper ? domain.toUpperCase() : domain) + (dot ? '.' : '');

/** clean-markdown for the model: every page converts (ok). */
function identityHandlers(): HandlerRegistry {
  return {
    cleanMarkdown: (async (input: { url: string }) => ({
      ...(minimalResults.get('cleanMarkdown') as object),
      domain: new URL(input.url).hostname,
      status: 'ok',
      markdown: `# ${input.url}`,
    })) as never,
    atsJobs: (async (input: { domain: string }) => ({
      ...(minimalResults.get('atsJobs') as object),
      domain: input.domain,
      status: 'ok',
      jobs: boardJobs(input.domain),
      jobs_returned: BOARD_JOBS,
      total_active_jobs: BOARD_JOBS,
    })) as never,
  };
}

/** The rows of a batch take a little time, so that two step 1s sent at once both run before either keeps its quote. */
function listRegistry(registry: HandlerRegistry): HandlerRegistry {
  const techStack = registry.techStack!;
  return {
    ...registry,
    techStack: (async (input: unknown, context: never) => (await new Promise((resolve) => setTimeout(resolve, 50)), techStack(input, context))) as never,
  };
}

interface IdentityContext {
  url(instance: number): string;
  now(): Date;
  sign(terms: string): Promise<string>;
  ledger(): Promise<{ kind: string; requestId: string | null; caller: string | null; at: number; amountMicroUsd: number }[]>;
  day(): string;
  /** The store's counter of a bucket (free, scan) for this caller today. */
  counters(bucket: string, ip: string): Promise<{ used: number; held: number }>;
  /** The model's free uses per caller-day, shared with the steps above. */
  freeUsed: Map<string, number>;
  callerDay(caller: number): string;
}

function identitySteps(context: IdentityContext) {
  /** requestId -> the canonical input it was for (with its caller). */
  const inputOf = new Map<string, { caller: number; input: string }>();
  /** caller|day|canonical input -> the ok answer it got (charged once). */
  const charged = new Map<string, unknown>();
  /**
   * caller|day|canonical list -> the quote step 1 answers again while live, or once paid. After two
   * step 1s at once the service keeps one of the two (`certain` false: either may come back).
   */
  const quotes = new Map<string, { ids: Set<string>; expiresAt: number; certain: boolean }>();
  const paidQuotes = new Set<string>();
  /** caller|day -> free scans used. */
  const scans = new Map<string, number>();
  const key = (caller: number, input: string, day = context.day()) => `${caller}|${day}|${input}`;
  /**
   * day|canonical input the one paying wallet bought today: a paid repeat by another caller is
   * answered with what it bought, free (its new authorization unsettled, X-Payment-Unused: replay).
   */
  const bought = new Set<string>();
  const boughtKey = (input: string) => `${context.day()}|${input}`;
  /**
   * The charge a paid call of this input makes: none when the wallet bought it today (that answer
   * is the wallet's: the caller's own next call without a payment is asked to pay again).
   */
  function paidCharge(input: string, answer: CallResult, detail: string): string[] {
    if (!bought.has(boughtKey(input))) {
      bought.add(boughtKey(input));
      return ['settlement'];
    }
    assert.equal(answer.headers.get('x-payment-unused'), 'replay', `the wallet bought this input today: ${detail}`);
    return [];
  }

  let sent = 0;
  async function send(instance: number, caller: number, path: string, body: unknown, input: string, extra: Record<string, string> = {}): Promise<CallResult> {
    // Each call in another spelling of its caller's address (CALLERS are identities, not addresses).
    const answer = await call(context.url(instance), path, { body, headers: { 'X-Forwarded-For': spelled(caller, sent++), ...extra } });
    const requestId = answer.headers.get('x-request-id');
    if (requestId) inputOf.set(requestId, { caller, input });
    return answer;
  }

  /**
   * The call of an input not charged today: free while the caller has free calls left, else 402
   * and, when the step pays, the paid repeat. The answer that stands and the charges it leaves.
   */
  async function freeOrPaid(
    answer: CallResult,
    {
      freeLeft,
      pay,
      input,
      detail,
      repeat,
    }: { freeLeft: boolean; pay: 'none' | 'fresh'; input: string; detail: string; repeat: (headers: Record<string, string>) => Promise<CallResult> },
  ): Promise<{ answer: CallResult; expectedCharge: string[] }> {
    if (freeLeft) {
      assert.equal(answer.status, 200, detail);
      return { answer, expectedCharge: ['free_use'] };
    }
    assert.equal(answer.status, 402, `no free call left: ${detail}`);
    if (pay !== 'fresh') return { answer, expectedCharge: [] };
    const paid = await repeat({ 'PAYMENT-SIGNATURE': await context.sign(answer.headers.get('payment-required')!) });
    assert.equal(paid.status, 200, `paid: ${JSON.stringify(paid.body).slice(0, 200)}`);
    return { answer: paid, expectedCharge: paidCharge(input, paid, detail) };
  }

  /** The kinds of the charges (free uses, settlements) the ledger took since it held `before` entries. */
  async function chargesSince(before: number): Promise<string[]> {
    return (await context.ledger())
      .slice(before)
      .filter((entry) => entry.kind === 'free_use' || entry.kind === 'settlement')
      .map((entry) => entry.kind);
  }

  async function urlCall(step: Extract<IdentityStep, { kind: 'urlCall' }>) {
    for (const spelling of step.spellings) await urlCallOnce(step, spelling);
  }

  async function urlCallOnce(step: Extract<IdentityStep, { kind: 'urlCall' }>, spelling: UrlSpelling) {
    const canonical = PAGES[step.page];
    const sent = spellUrl(canonical, spelling);
    const input = `markdown ${canonical}`;
    const before = (await context.ledger()).length;
    const known = charged.get(key(step.caller, input));
    const freeLeft = (context.freeUsed.get(context.callerDay(step.caller)) ?? 0) < FREE;
    const body = { url: sent, ...(spelling.render === null ? {} : { render: spelling.render }) };
    let answer = await send(step.instance, step.caller, MARKDOWN.path, body, input);
    const detail = `${JSON.stringify(step)} (${sent}, render ${spelling.render}) -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
    let expectedCharge: string[] = [];
    if (known !== undefined) {
      assert.equal(answer.status, 200, `a spelling of an input charged today replays it: ${detail}`);
    } else {
      const repeat = (extra: Record<string, string>) => send(step.instance, step.caller, MARKDOWN.path, body, input, extra);
      ({ answer, expectedCharge } = await freeOrPaid(answer, { freeLeft, pay: step.pay, input, detail, repeat }));
    }
    assert.deepEqual(await chargesSince(before), expectedCharge, `charges of ${detail}`);
    if (known !== undefined) assert.deepEqual(answer.body, known, `the replay is the stored answer: ${detail}`);
    if (answer.status === 200 && known === undefined && expectedCharge.length) {
      assert.equal(answer.body.status, 'ok');
      charged.set(key(step.caller, input), answer.body);
      if (expectedCharge[0] === 'free_use')
        context.freeUsed.set(context.callerDay(step.caller), (context.freeUsed.get(context.callerDay(step.caller)) ?? 0) + 1);
    }
  }

  /** One board read page after page: one charge, every page cut from the one stored answer. */
  async function pagedCall(step: Extract<IdentityStep, { kind: 'pagedCall' }>) {
    const canonical = BOARDS[step.board];
    const input = `jobs ${canonical}`;
    for (const spelling of step.pages) {
      const body = { domain: spellDomain(canonical, { domain: 0, upper: spelling.upper, dot: spelling.dot }), ...pagingFields(spelling) };
      const before = (await context.ledger()).length;
      const known = charged.get(key(step.caller, input)) as Record<string, unknown> | undefined;
      const freeLeft = (context.freeUsed.get(context.callerDay(step.caller)) ?? 0) < FREE;
      let answer = await send(step.instance, step.caller, JOBS.path, body, input);
      const detail = `${JSON.stringify(step)} (${JSON.stringify(body)}) -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
      let expectedCharge: string[] = [];
      if (known !== undefined) {
        assert.equal(answer.status, 200, `another page of a board charged today replays it: ${detail}`);
        assert.equal(answer.headers.get('x-idempotent-replay'), 'true', detail);
        assert.equal(answer.headers.get('x-usage-charged-micro-usd'), '0', detail);
      } else {
        const repeat = (extra: Record<string, string>) => send(step.instance, step.caller, JOBS.path, body, input, extra);
        ({ answer, expectedCharge } = await freeOrPaid(answer, { freeLeft, pay: step.pay, input, detail, repeat }));
      }
      assert.deepEqual(await chargesSince(before), expectedCharge, `one charge for every page: ${detail}`);
      if (answer.status !== 200) continue;
      const page = expectedPage(boardJobs(canonical), spelling, JOBS.defaultLimit);
      assert.deepEqual(answer.body.jobs, page.items, `the page is the stored list cut at its offset and limit: ${detail}`);
      assert.deepEqual(answer.body.page, page.page, detail);
      if (known !== undefined) assert.deepEqual(withoutPage(answer.body, 'jobs'), known, `the replay is the stored answer: ${detail}`);
      else if (expectedCharge.length) {
        charged.set(key(step.caller, input), withoutPage(answer.body, 'jobs'));
        if (expectedCharge[0] === 'free_use')
          context.freeUsed.set(context.callerDay(step.caller), (context.freeUsed.get(context.callerDay(step.caller)) ?? 0) + 1);
      }
    }
  }

  const respell = (entries: ListEntry[]) => entries.map((entry) => ({ ...entry, upper: !entry.upper, dot: !entry.dot }));

  async function listQuote(step: Extract<IdentityStep, { kind: 'listQuote' }>) {
    sentPaging = 0;
    if (step.together) {
      // Two step 1s of one canonical list at once: one or two scans, one or two quotes; paying
      // every quote given charges the list once.
      const given = await Promise.all([stepOne(step, step.entries, true), stepOne(step, respell(step.entries), true)]);
      await resyncScans(step.caller);
      if (step.pay) for (const id of new Set(given.filter((quoteId): quoteId is string => quoteId !== null))) await stepTwo(step, id);
      return;
    }
    for (const entries of step.repeat ? [step.entries, respell(step.entries)] : [step.entries]) {
      const id = await stepOne(step, entries, false);
      if (id !== null && step.pay) await stepTwo(step, id);
    }
  }

  /** The display fields of the next step 1 or step 2 of a listQuote step, in turn. */
  let sentPaging = 0;
  const nextPaging = (step: Extract<IdentityStep, { kind: 'listQuote' }>) => step.paging[sentPaging++ % step.paging.length];

  const listInput = (step: Extract<IdentityStep, { kind: 'listQuote' }>) => {
    const canonical = [...new Set(step.entries.map((entry) => LIST_DOMAINS[entry.domain]))];
    return { canonical, input: `batch tech-stack ${canonical.join(',')}`, distinctOk: canonical.filter(isOkInput).length };
  };

  async function resyncScans(caller: number) {
    scans.set(context.callerDay(caller), (await context.counters('scan', CALLERS[caller])).used);
  }

  /** Step 1 as the model expects it; returns the quote id given, if any. `concurrent`: its scan cannot be foreseen. */
  async function stepOne(step: Extract<IdentityStep, { kind: 'listQuote' }>, entries: ListEntry[], concurrent: boolean): Promise<string | null> {
    const sent = entries.map((entry) => spellDomain(LIST_DOMAINS[entry.domain], entry));
    const { canonical, input, distinctOk } = listInput(step);
    const scanKey = context.callerDay(step.caller);
    const live = quotes.get(key(step.caller, input));
    const reuses = live !== undefined && live.certain && ([...live.ids].some((id) => paidQuotes.has(id)) || live.expiresAt > context.now().getTime());
    // After two step 1s at once: one of their quotes, or a new scan if the one kept expired unpaid.
    const unforeseen = concurrent || (live !== undefined && !live.certain);
    const before = (await context.ledger()).length;
    const step1 = await send(step.instance, step.caller, BATCH.path, { tool: 'tech-stack', domains: sent, ...pagingFields(nextPaging(step)) }, input);
    const detail = `${JSON.stringify(step)} (${JSON.stringify(sent)}) -> ${step1.status} ${JSON.stringify(step1.body).slice(0, 300)}`;
    assert.deepEqual(
      (await context.ledger()).slice(before).filter((entry) => entry.kind === 'free_use' || entry.kind === 'settlement'),
      [],
      `step 1 charges nothing: ${detail}`,
    );
    if (reuses) {
      assert.equal(step1.status, 200, detail);
      assert.ok(live.ids.has(step1.body.quote_id), `the same canonical step 1 returns its live quote: ${detail}`);
    } else if (unforeseen) {
      if (!concurrent) await resyncScans(step.caller);
      if (step1.status === 429) {
        assert.equal(step1.body.code, 'scan_quota', detail);
        return null;
      }
      assert.equal(step1.status, 200, detail);
    } else if ((scans.get(scanKey) ?? 0) >= BATCH.scans) {
      assert.equal(step1.body.code, 'scan_quota', detail);
      return null;
    } else {
      assert.equal(step1.status, 200, detail);
      scans.set(scanKey, (scans.get(scanKey) ?? 0) + 1);
    }
    if (distinctOk === 0) {
      assert.equal(step1.body.status, 'nothing_billable', detail);
    } else {
      assert.equal(step1.body.status, 'quote', detail);
      assert.equal(step1.body.billable_count, distinctOk, `billable_count counts distinct ok domains: ${detail}`);
      assert.equal(step1.body.price_micro_usd, distinctOk * BATCH.rowPrice, `the price counts distinct ok domains: ${detail}`);
    }
    assert.deepEqual(
      step1.body.statuses.map((row: any) => row.domain),
      canonical,
      `one row per distinct domain: ${detail}`,
    );
    assert.equal(step1.body.merged_entries?.length ?? 0, sent.length - canonical.length, `every repeat is named in merged_entries: ${detail}`);
    if (distinctOk === 0) return null;
    const id: string = step1.body.quote_id;
    const kept = quotes.get(key(step.caller, input));
    if (concurrent)
      quotes.set(key(step.caller, input), {
        ids: new Set([...(kept?.certain === false ? kept.ids : []), id]),
        expiresAt: Date.parse(step1.body.expires_at),
        certain: false,
      });
    else quotes.set(key(step.caller, input), { ids: new Set([id]), expiresAt: Date.parse(step1.body.expires_at), certain: true });
    return id;
  }

  /** Step 2 of a quote given to this caller: paid unless the list was charged to the caller today (then its answer again, free). */
  async function stepTwo(step: Extract<IdentityStep, { kind: 'listQuote' }>, quoteId: string) {
    const { canonical, input, distinctOk } = listInput(step);
    const known = charged.get(key(step.caller, input));
    const before = (await context.ledger()).length;
    const paging = nextPaging(step);
    const body = { quote_id: quoteId, ...pagingFields(paging) };
    let settles = false;
    let step2 = await send(step.instance, step.caller, BATCH.path, body, input);
    const detail = `step 2 of ${JSON.stringify(step)} (${JSON.stringify(body)}) -> ${step2.status} ${JSON.stringify(step2.body).slice(0, 200)}`;
    if (known === undefined) {
      assert.equal(step2.status, 402, `step 2 is paid: ${detail}`);
      step2 = await send(step.instance, step.caller, BATCH.path, body, input, {
        'PAYMENT-SIGNATURE': await context.sign(step2.headers.get('payment-required')!),
      });
      assert.equal(step2.status, 200, `paid ${detail}`);
      settles = paidCharge(input, step2, detail).length > 0;
    } else {
      assert.equal(step2.status, 200, `a list charged today is delivered again, free: ${detail}`);
    }
    const charges = (await context.ledger()).slice(before).filter((entry) => entry.kind === 'free_use' || entry.kind === 'settlement');
    assert.deepEqual(
      charges.map((entry) => entry.amountMicroUsd),
      settles ? [distinctOk * BATCH.rowPrice] : [],
      `charges of ${detail}`,
    );
    if (known !== undefined) assert.deepEqual(withoutPage(step2.body, 'results'), known, `the answer it was charged for: ${detail}`);
    const rows = expectedPage(canonical.filter(isOkInput), paging, JOBS.rowsDefaultLimit);
    assert.deepEqual(
      step2.body.results.map((row: any) => row.domain),
      rows.items,
      `the paid rows cut at the page: ${detail}`,
    );
    assert.deepEqual(step2.body.page, rows.page, detail);
    if (known !== undefined || settles) charged.set(key(step.caller, input), withoutPage(step2.body, 'results'));
    if (settles) paidQuotes.add(quoteId);
  }

  return {
    run: (step: IdentityStep) => (step.kind === 'urlCall' ? urlCall(step) : step.kind === 'listQuote' ? listQuote(step) : pagedCall(step)),
    owns: (requestId: string | null) => inputOf.has(requestId ?? ''),
    /** Never two charges for one canonical input by one caller on one UTC day. */
    checkInvariants(label: string, charges: { requestId: string | null; at: number }[]) {
      const perInput = new Map<string, number>();
      for (const entry of charges) {
        const owner = inputOf.get(entry.requestId ?? '');
        if (!owner) continue;
        const name = key(owner.caller, owner.input, utcDay(new Date(entry.at)));
        perInput.set(name, (perInput.get(name) ?? 0) + 1);
        assert.ok(perInput.get(name)! <= 1, `${label}: two charges for one canonical input by one caller on one day: ${name}`);
      }
    },
  };
}

// ---------- forged payers: claimed payers, random and foreign signatures, single and bulk ----------

type Forgery = { signature: 65 | 66 | 97 | 200 | 'otherKey'; transport: 'http' | 'mcp'; instance: number };
type ForgeryStep = { kind: 'forgedPayer'; target: 'single' | 'batch'; op: number; forgeries: Forgery[]; victimRepeat: boolean };

function forgeryStepArb(): fc.Arbitrary<ForgeryStep> {
  const forgery = fc.record({
    signature: fc.constantFrom(65 as const, 66 as const, 97 as const, 200 as const, 'otherKey' as const),
    transport: fc.constantFrom('http' as const, 'mcp' as const),
    instance: fc.integer({ min: 0, max: 1 }),
  });
  return fc.record({
    kind: fc.constant('forgedPayer' as const),
    target: fc.constantFrom('single' as const, 'batch' as const),
    op: fc.integer({ min: 0, max: OPERATIONS.length - 1 }),
    forgeries: fc.array(forgery, { minLength: 1, maxLength: 5 }),
    victimRepeat: fc.boolean(),
  });
}
