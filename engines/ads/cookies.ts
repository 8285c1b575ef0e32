/**
 * The registry's cookies, kept between calls: the registry blocks cookieless callers sooner
 * (research note §6), and one home-page visit per jar lifetime is cheaper than one per search.
 * Holds name=value pairs for one origin only; expiry from Max-Age / Expires, session cookies
 * for `sessionMs`.
 */
export interface CookieJarOptions {
  sessionMs?: number;
  /** At most this many cookies (a misbehaving upstream cannot grow the jar). */
  maxCookies?: number;
}

export class CookieJar {
  readonly #cookies = new Map<string, { value: string; expiresAt: number }>();
  readonly #sessionMs: number;
  readonly #maxCookies: number;

  constructor({ sessionMs = 30 * 60_000, maxCookies = 20 }: CookieJarOptions = {}) {
    this.#sessionMs = sessionMs;
    this.#maxCookies = maxCookies;
  }

  /** Stores Set-Cookie values received at `now`; an expiry in the past removes the cookie. */
  store(setCookies: readonly string[], now: number): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const equals = pair.indexOf('=');
      if (equals <= 0) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      const expiresAt = expiryOf(attributes, now) ?? now + this.#sessionMs;
      if (expiresAt <= now) this.#cookies.delete(name);
      else if (this.#cookies.has(name) || this.#cookies.size < this.#maxCookies)
        this.#cookies.set(name, { value, expiresAt: Math.min(expiresAt, now + this.#sessionMs) });
    }
  }

  /** The Cookie header at `now`, or null when no cookie is fresh (time to visit the home page). */
  header(now: number): string | null {
    for (const [name, cookie] of this.#cookies) if (cookie.expiresAt <= now) this.#cookies.delete(name);
    if (!this.#cookies.size) return null;
    return [...this.#cookies].map(([name, cookie]) => `${name}=${cookie.value}`).join('; ');
  }

  clear(): void {
    this.#cookies.clear();
  }
}

function expiryOf(attributes: string[], now: number): number | null {
  let expires: number | null = null;
  for (const attribute of attributes) {
    const [key, ...rest] = attribute.split('=');
    const name = key.trim().toLowerCase();
    const value = rest.join('=').trim();
    // Max-Age wins over Expires (RFC 6265 §5.3)
    if (name === 'max-age' && /^-?\d+$/.test(value)) return now + Number(value) * 1000;
    if (name === 'expires') {
      const at = Date.parse(value);
      if (!Number.isNaN(at)) expires = at;
    }
  }
  return expires;
}
