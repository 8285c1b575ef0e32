/**
 * Whether a fetched page is a bot wall or a challenge page (clean-markdown, tech-stack): from its
 * status and headers, and its text. Pure; it reads page text, so it runs in the parse pool.
 */
const CHALLENGE_MARKERS = [
  /<title>\s*just a moment\.\.\.\s*<\/title>/i,
  /attention required! \| cloudflare/i,
  /cf-browser-verification|cf_chl_opt|challenge-platform\/h\//i,
  /<title>\s*(access denied|403 forbidden|request rejected)\s*<\/title>/i,
  /please (verify|confirm) (that )?you are (a )?human/i,
];
/**
 * Bot-protection vendors whose script or resource also sits on the ordinary pages of the sites they
 * protect (Imperva's /_Incapsula_Resource, DataDome's and HUMAN's captcha frames): a challenge only
 * on a page as small as a challenge page, never on a site's real home page.
 */
const VENDOR_CHALLENGE_MARKERS = [/_incapsula_resource/i, /geo\.captcha-delivery\.com/i, /px-captcha/i];
const CHALLENGE_PAGE_MAX_CHARS = 20_000;

/** A bot wall or challenge page: the site answered, but not with itself. */
export function isBlocked(response: { status: number; headers: Record<string, string> }, html: string): boolean {
  if ([401, 403, 407, 429].includes(response.status)) return true;
  if (response.status === 503 && (response.headers['cf-mitigated'] || /captcha|challenge/i.test(html.slice(0, 20_000)))) return true;
  if (response.headers['cf-mitigated'] === 'challenge') return true;
  const head = html.slice(0, 50_000);
  if (CHALLENGE_MARKERS.some((marker) => marker.test(head))) return true;
  return html.length <= CHALLENGE_PAGE_MAX_CHARS && VENDOR_CHALLENGE_MARKERS.some((marker) => marker.test(html));
}
