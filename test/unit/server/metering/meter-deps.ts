/** MeterDeps over an in-memory SQLite store and a facilitator that answers as told, for the meter's module tests. */
import { x402Client } from '@x402/core/client';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import type { PaymentPayload, SettleResponse, VerifyResponse } from '@x402/core/types';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { openSqliteStore } from '../../../../server/store/sqlite.ts';
import type { Store } from '../../../../server/store/types.ts';
import { operationById, type OperationInfo } from '../../../../server/contract.ts';
import { requirementsFor, type PaymentTerms } from '../../../../server/payments/x402.ts';
import type { Facilitator } from '../../../../server/payments/facilitator.ts';
import { createCaps } from '../../../../server/metering/caps.ts';
import { createFinishedAnswers } from '../../../../server/metering/finished-answers.ts';
import { createNotOkMemory } from '../../../../server/metering/not-ok.ts';
import { createFreeQuota } from '../../../../server/metering/quota.ts';
import { createRequestRows } from '../../../../server/metering/request-rows.ts';
import type { MeterDeps } from '../../../../server/metering/deps.ts';
import type { MeteredCall } from '../../../../server/metering/types.ts';

export const terms: PaymentTerms = {
  network: 'eip155:8453',
  chainId: 8453,
  asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  payTo: '0x1111111111111111111111111111111111111111',
  maxTimeoutSeconds: 300,
  eip712: { name: 'USD Coin', version: '2' },
};

/** A facilitator that verifies and settles every payment, counting each call. */
export function fakeFacilitator(verify: Partial<VerifyResponse> = { isValid: true }) {
  const calls = { verify: 0, settle: 0 };
  const facilitator: Facilitator = {
    kind: 'in-process',
    verify: async () => (calls.verify++, { isValid: true, ...verify } as VerifyResponse),
    settle: async () => (
      calls.settle++,
      { success: true, transaction: `0x${String(calls.settle).padStart(64, '0')}`, network: terms.network } as SettleResponse
    ),
  };
  return { facilitator, calls };
}

export async function meterDeps({ facilitator = fakeFacilitator().facilitator, now = () => new Date() }: { facilitator?: Facilitator; now?: () => Date } = {}) {
  const store: Store = await openSqliteStore({ path: ':memory:' });
  const quota = createFreeQuota({ store, limit: 5, scansPerDay: 3, readFreshMs: 0, now });
  const deps: MeterDeps = {
    store,
    quota,
    payments: { facilitator, terms },
    reserveCaps: createCaps({ quota, caps: { dailyCostMicroUsd: null, settlementMicroUsd: null } }),
    ownRows: createRequestRows({ store, finished: createFinishedAnswers(), staleAfterMs: 120_000, now }),
    notOk: createNotOkMemory({ store, now }),
    now,
    log: () => {},
    observe: () => {},
    settlementGate: { enter: () => true, leave: () => {} },
  };
  return deps;
}

const techStack = operationById('techStack')!;

export function techStackCall(domain: string, { ip = '198.51.100.7', payment = null as MeteredCall['payment'] } = {}): MeteredCall {
  return {
    operation: techStack,
    input: { domain },
    tier: 'single',
    idempotencyKey: null,
    ip,
    requestId: `req-${domain}`,
    resource: { url: `https://svc${techStack.path}`, description: techStack.offerId! },
    payment,
    transport: 'http',
    usage: { priceMicroUsd: 0, chargedMicroUsd: 0 },
  };
}

/** A payment for an operation's terms (tech-stack at its price unless told) signed by `key` (a new key when none is given), as the official client makes it. */
export async function signedPayment(
  key = generatePrivateKey(),
  { operation = techStack, priceMicroUsd = operation.priceMicroUsd }: { operation?: OperationInfo; priceMicroUsd?: number } = {},
): Promise<{ payload: PaymentPayload; address: string; meta: { meta: PaymentPayload } }> {
  const account = privateKeyToAccount(key);
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: account });
  const payload = await client.createPaymentPayload({
    x402Version: 2,
    resource: { url: `https://svc${operation.path}`, description: operation.offerId, mimeType: 'application/json' },
    accepts: [requirementsFor(terms, priceMicroUsd)],
  } as any);
  return { payload, address: account.address.toLowerCase(), meta: { meta: payload } };
}

/** A clock the test moves: `now` for the deps, `advance` to step it. Payments are signed on the wall clock, so a test paying starts near it. */
export function testClock(start: number | string = Date.now()) {
  let ms = typeof start === 'string' ? Date.parse(start) : start;
  return { now: () => new Date(ms), advance: (by: number) => void (ms += by) };
}
