/** The UTC day a moment falls in, as YYYY-MM-DD: the window of free calls, scans and caps. */
export function utcDay(now: Date): string {
  const at = now.getTime();
  // Asked on every call with the same day almost always: the text is kept for the day's bounds.
  if (at >= lastDay.from && at < lastDay.to) return lastDay.text;
  const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  lastDay = { from, to: from + 86_400_000, text: now.toISOString().slice(0, 10) };
  return lastDay.text;
}
let lastDay = { from: 0, to: 0, text: '' };

/** The next 00:00 UTC after now. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(dayBounds(now).to);
}

export function dayBounds(now: Date): { from: number; to: number } {
  const at = now.getTime();
  if (!(at >= lastDay.from && at < lastDay.to)) utcDay(now);
  return { from: lastDay.from, to: lastDay.to };
}

export const secondsUntil = (later: Date, now: Date) => Math.max(1, Math.ceil((later.getTime() - now.getTime()) / 1000));
