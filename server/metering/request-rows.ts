import type { BeginResult, Store, StoredResponse } from '../store/types.ts';
import type { VerifiedPayer } from '../payments/payer.ts';
import type { FinishedAnswers } from './finished-answers.ts';

const DAY_MS = 86_400_000;
/** When a kept answer of a call made at `at` expires (a day and a minute: a same-day repeat always finds it). */
function expiresAt(at: Date): number {
  return at.getTime() + DAY_MS + 60_000;
}

/** A request row's key. A row keeps an answer that is not ok only when `keepsNotOk`. */
export type RowKey = { key: string; keepsNotOk: boolean };
/** Whose rows: a caller's, or a payer's (only a VerifiedPayer names a payer). */
export type RowScope = { ip: string } | { payer: VerifiedPayer };
export type Begun = BeginResult & { json?: string };

/** The request rows one call owns. */
export interface Rows {
  begin(scope: RowScope, at: Date): Promise<Begun>;
  finish(response: StoredResponse, outcome: { ok: boolean }): Promise<void>;
  pending(): { scope: string; key: string }[];
  finishedElsewhere(response: StoredResponse): void;
  abandon(): Promise<void>;
}

const scopeText = (scope: RowScope) => ('ip' in scope ? `ip:${scope.ip}` : `payer:${scope.payer.address}`);

/**
 * Request rows a call owns, under every key that names it: finished with the answer, or
 * abandoned. A row keeps an answer that is not ok only when `keepsNotOk` (an explicit
 * Idempotency-Key replays exactly what it got; the day's input identity forgets a free failure,
 * so it can be tried again).
 */
export function createRequestRows({ store, finished, staleAfterMs, now }: { store: Store; finished: FinishedAnswers; staleAfterMs: number; now: () => Date }) {
  return function own(fp: string, keys: RowKey[]): Rows {
    const owned: (RowKey & { scope: string })[] = [];
    /**
     * A running row is a lease too: renewed while the call runs, so a repeat never takes over a call
     * that is still running (only one whose instance died, staleAfterMs after its last renewal).
     */
    let renewal: ReturnType<typeof setInterval> | null = null;
    function keepFresh() {
      if (renewal) return;
      renewal = setInterval(
        function renewRows() {
          const at = now().getTime();
          for (const row of owned) store.requests.renew({ scope: row.scope, key: row.key, now: at }).catch(() => undefined);
        },
        Math.max(1, Math.floor(staleAfterMs / 3)),
      );
      renewal.unref();
    }
    function stopWhenNoneOwned() {
      if (owned.length || !renewal) return;
      clearInterval(renewal);
      renewal = null;
    }
    const keep = (scope: string, key: string, response: StoredResponse, at: Date) =>
      finished.remember(`${scope}|${key}`, { fingerprint: fp, response, expiresAt: expiresAt(at) - staleAfterMs });

    async function beginOne(scope: string, key: string, at: Date): Promise<Begun> {
      const known = finished.get(`${scope}|${key}`);
      if (known && known.expiresAt > at.getTime()) {
        return known.fingerprint === fp ? { state: 'done' as const, response: known.response, json: known.json } : { state: 'conflict' as const };
      }
      const begun = await store.requests.begin({ scope, key, fingerprint: fp, now: at.getTime(), staleAfterMs, expiresAt: expiresAt(at) });
      if (begun.state === 'done') return { ...begun, json: keep(scope, key, begun.response, at) };
      return begun;
    }

    async function finishRows(rows: (RowKey & { scope: string })[], response: StoredResponse, ok: boolean) {
      const at = now();
      for (const row of rows) {
        owned.splice(owned.indexOf(row), 1);
        if (ok || row.keepsNotOk) {
          await store.requests.finish({ scope: row.scope, key: row.key, response, now: at.getTime() });
          keep(row.scope, row.key, response, at);
        } else {
          await store.requests.abandon({ scope: row.scope, key: row.key });
        }
      }
      stopWhenNoneOwned();
    }

    return {
      /** Begins every key under `scope`; the first that is not new decides (a stored answer is then kept under the new keys too). */
      async begin(rowScope: RowScope, at: Date) {
        const scope = scopeText(rowScope);
        const begunHere: (RowKey & { scope: string })[] = [];
        for (const row of keys) {
          const begun = await beginOne(scope, row.key, at);
          if (begun.state === 'started') {
            const mine = { ...row, scope };
            owned.push(mine);
            begunHere.push(mine);
            keepFresh();
            continue;
          }
          if (begun.state === 'done') await finishRows(begunHere, begun.response, true);
          return begun;
        }
        return { state: 'started' as const };
      },
      async finish(response: StoredResponse, { ok }: { ok: boolean }) {
        await finishRows([...owned], response, ok);
      },
      /** The rows a free use finishes in its own transaction (Store.commitFreeUse). */
      pending: () => owned.map(({ scope, key }) => ({ scope, key })),
      /** After Store.commitFreeUse finished them: kept in memory, no longer owned. */
      finishedElsewhere(response: StoredResponse) {
        const at = now();
        for (const row of owned.splice(0)) keep(row.scope, row.key, response, at);
        stopWhenNoneOwned();
      },
      async abandon() {
        try {
          for (const row of owned.splice(0)) await store.requests.abandon({ scope: row.scope, key: row.key });
        } finally {
          stopWhenNoneOwned();
        }
      },
    };
  };
}

export type RequestRows = ReturnType<typeof createRequestRows>;
