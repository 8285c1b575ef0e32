/**
 * Sites whose pages were slow to analyse, remembered for a while: their next tasks wait in the
 * heavy lane, whatever their size. A page built to be slow (deep nesting, thousands of elements in
 * a few kilobytes) is small, so its size alone would let it run beside ordinary pages on the
 * light lane and, smallest first, even ahead of them; after its first slow analysis its site's
 * pages run where multi-megabyte pages do. Keyed by registrable domain (example.co.uk for
 * a.b.example.co.uk; the host itself for an IP address or a name with no public suffix): fresh
 * subdomains cost a sender nothing, so they are the same site; a new registrable domain costs a
 * registration.
 */
import { getDomain } from 'tldts';

export interface SlowOriginsOptions {
  /** A task that cost this much CPU (or ran past its deadline, or ended its worker) marks its site. */
  slowTaskMs?: number;
  /** How long a mark lasts. */
  rememberMs?: number;
  /** Sites remembered at most; the oldest mark goes first. */
  maxOrigins?: number;
  now?: () => number;
}

export const DEFAULT_SLOW_ORIGINS = { slowTaskMs: 500, rememberMs: 10 * 60_000, maxOrigins: 10_000 } as const;

/** The site of a task's page (its input's url): its registrable domain, or null when it names none. */
export function originOf(input: unknown): string | null {
  const url = (input as { url?: unknown } | null)?.url;
  if (typeof url !== 'string') return null;
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (!hostname) return null;
  return getDomain(hostname, { allowPrivateDomains: true }) ?? hostname;
}

export function createSlowOrigins({
  slowTaskMs = DEFAULT_SLOW_ORIGINS.slowTaskMs,
  rememberMs = DEFAULT_SLOW_ORIGINS.rememberMs,
  maxOrigins = DEFAULT_SLOW_ORIGINS.maxOrigins,
  now = Date.now,
}: SlowOriginsOptions = {}) {
  const marked = new Map<string, number>();
  return {
    /** Whether the site's tasks go to the heavy lane now. */
    isSlow(origin: string | null): boolean {
      if (!origin) return false;
      const at = marked.get(origin);
      if (at === undefined) return false;
      if (now() - at < rememberMs) return true;
      marked.delete(origin);
      return false;
    },
    /** A task of the site ended after ranMs, or did not end within its deadline. */
    record(origin: string | null, ranMs: number, { failed = false }: { failed?: boolean } = {}) {
      if (!origin || (!failed && ranMs < slowTaskMs)) return;
      marked.delete(origin);
      marked.set(origin, now());
      if (marked.size > maxOrigins) marked.delete(marked.keys().next().value!);
    },
    get size() {
      return marked.size;
    },
  };
}
