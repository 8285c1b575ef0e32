/**
 * npm run ledger [-- --from 2026-11-01] [--to 2026-11-23] [--json]
 * Every free use, settlement and failed settlement in [from, to) (UTC days; default today),
 * with totals per kind and per operation, to reconcile with the chain (tx hashes, payers, nonces).
 */
import { loadConfigOrExit } from './config.ts';
import { openStore } from './store/index.ts';
import type { LedgerEntry } from './store/types.ts';

export function summarize(entries: LedgerEntry[]) {
  const byKind: Record<string, { count: number; microUsd: number }> = {};
  const byOperation: Record<string, { freeUses: number; settlements: number; settledMicroUsd: number; failedSettlements: number }> = {};
  for (const entry of entries) {
    byKind[entry.kind] ??= { count: 0, microUsd: 0 };
    byKind[entry.kind].count += 1;
    byKind[entry.kind].microUsd += entry.amountMicroUsd;
    const op = (byOperation[entry.operation] ??= { freeUses: 0, settlements: 0, settledMicroUsd: 0, failedSettlements: 0 });
    if (entry.kind === 'free_use') op.freeUses += 1;
    if (entry.kind === 'settlement') {
      op.settlements += 1;
      op.settledMicroUsd += entry.amountMicroUsd;
    }
    if (entry.kind === 'settlement_failed') op.failedSettlements += 1;
  }
  return { byKind, byOperation, settledUsd: (byKind.settlement?.microUsd ?? 0) / 1_000_000 };
}

async function main(argv = process.argv.slice(2)) {
  const option = (name: string) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const today = new Date().toISOString().slice(0, 10);
  const from = Date.parse(`${option('from') ?? today}T00:00:00Z`);
  const to = option('to') ? Date.parse(`${option('to')}T00:00:00Z`) : from + 86_400_000;
  const config = loadConfigOrExit();
  const store = await openStore({ databaseUrl: config.databaseUrl ?? undefined, sqlitePath: config.sqlitePath });
  try {
    const entries = await store.ledger.list({ from, to });
    const summary = summarize(entries);
    if (argv.includes('--json')) {
      process.stdout.write(`${JSON.stringify({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), summary, entries }, null, 2)}\n`);
      return;
    }
    console.log(`ledger ${new Date(from).toISOString()} .. ${new Date(to).toISOString()} (${store.kind})`);
    for (const entry of entries) {
      console.log(
        [
          new Date(entry.at).toISOString(),
          entry.kind.padEnd(17),
          entry.operation.padEnd(20),
          String(entry.amountMicroUsd).padStart(8),
          entry.caller,
          entry.payer ?? '-',
          entry.txHash ?? '-',
          entry.nonce ?? '-',
        ].join('  '),
      );
    }
    console.log('totals by kind:', JSON.stringify(summary.byKind));
    console.log('totals by operation:', JSON.stringify(summary.byOperation));
    console.log(`settled: $${summary.settledUsd.toFixed(6)}`);
  } finally {
    await store.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
