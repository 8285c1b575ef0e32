/**
 * The offline world's "now". Every date its fixtures serve (registrations, job postings, ads
 * shown, promotions, sitemaps) is an age before or after it, so the world answers alike on any
 * day. It is WORLD_NOW (an ISO instant) when set, else noon UTC of the day it is read: tests pin
 * the service's clock to it, and noon keeps a test that moves that clock by hours on the same UTC
 * day. It is written back to WORLD_NOW so that child processes read the same instant.
 * `npm run world` sets WORLD_NOW to the moment it starts (test/world/cli.ts).
 */
export const DAY = 86_400_000;
export const HOUR = 3_600_000;

export function worldNow(value = process.env.WORLD_NOW): number {
  if (value === undefined || value === '') return Math.floor(Date.now() / DAY) * DAY + 12 * HOUR;
  const at = Date.parse(value);
  if (Number.isNaN(at)) throw new Error(`WORLD_NOW is not a date: ${value}`);
  return at;
}

export const WORLD_NOW = worldNow();
process.env.WORLD_NOW = new Date(WORLD_NOW).toISOString();

/** The instant `days` (and `hours`) before the world's now, as ISO text; negative: after it. */
export const ago = (days: number, hours = 0) => new Date(WORLD_NOW - days * DAY - hours * HOUR).toISOString();
