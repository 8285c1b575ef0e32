import type { Context, Next } from 'koa';

/**
 * Coalesce stage: the answers that become ready during one poll phase of the event loop (where
 * requests arrive) are written together at its end, in the check phase, instead of each the moment
 * its middleware chain settles.
 *
 * Why: written in a burst, the answers cost the service less system time. bench/load.ts compares
 * the service with it and without (HTTP_COALESCE_ANSWERS=0) on loopback, the load generator on the
 * other core, and prints requests/s and system time per stored-result answer for both. The likely
 * reason, not measured apart: a write to an idle reader wakes it, and one wake-up then serves the
 * burst. An answer waits at most for the rest of its poll phase.
 *
 * An answer that became ready in a later turn than its request arrived in (after a batched store
 * write, which already runs in a check phase, or an upstream call) is written at once: it is
 * already in a burst, or waiting would only add a turn.
 *
 * It sits inside the observe stage, so the latency metrics include the wait.
 */
export function coalesceStage() {
  /** Check phases seen so far: an answer ready in the turn its request arrived in finds it unchanged. */
  let turns = 0;
  let endOfTurn: Promise<void> | null = null;
  function thisTurn(): Promise<void> {
    return (endOfTurn ??= new Promise<void>((resolve) => {
      setImmediate(() => {
        endOfTurn = null;
        turns++;
        resolve();
      });
    }));
  }
  return async function coalesce(_ctx: Context, next: Next) {
    const arrivedIn = turns;
    // Queued before anything the request queues itself, so it runs first in the check phase.
    const arrivalTurn = thisTurn();
    await next();
    if (turns === arrivedIn) await arrivalTurn;
  };
}
