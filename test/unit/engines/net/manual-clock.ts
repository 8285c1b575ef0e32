/** A clock the test moves by hand, from `start` (epoch milliseconds). */
export function manualClock(start = 0) {
  let at = start;
  return { now: () => at, advance: (ms: number) => void (at += ms) };
}
