import type { Store } from '../store/types.ts';
import type { Facilitator } from '../payments/facilitator.ts';
import type { PaymentTerms } from '../payments/x402.ts';
import type { ReserveCaps } from './caps.ts';
import type { FreeQuota } from './quota.ts';
import type { NotOkMemory } from './not-ok.ts';
import type { RequestRows } from './request-rows.ts';
import type { MeterEvent, SettlementGate } from './types.ts';

/** How this deployment takes payments: both, or none (paid calls answer network_not_enabled). */
export interface Payments {
  facilitator: Facilitator;
  terms: PaymentTerms;
}

/** What the meter's modules share, made once by createMeter. */
export interface MeterDeps {
  store: Store;
  quota: FreeQuota;
  payments: Payments | null;
  reserveCaps: ReserveCaps;
  ownRows: RequestRows;
  notOk: NotOkMemory;
  now: () => Date;
  log: (entry: Record<string, unknown>) => void;
  observe: (event: MeterEvent) => void;
  settlementGate: SettlementGate;
}
