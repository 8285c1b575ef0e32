import { normalizeDomain, parseTargetUrl, URL_PROBLEM_TEXT } from '../engines/net/target.ts';
import { ServiceError } from '../server/problem.ts';
import type { Handler, HandlerContext, HandlerRegistry } from './types.ts';

type PrivateTool = 'tech_stack' | 'open_jobs' | 'hiring_intent' | 'search_ads' | 'company_profile' | 'due_diligence' | 'extract_contacts' | 'clean_markdown';
type Input = { tool: PrivateTool; target: string };
type Status = 'ok' | 'no_data' | 'unreachable';

/** The operations each tool runs, with the input it builds from the target. */
const TOOLS: Record<PrivateTool, { operations: string[]; takes: 'domain' | 'url' }> = {
  tech_stack: { operations: ['techStack'], takes: 'domain' },
  open_jobs: { operations: ['atsJobs'], takes: 'domain' },
  hiring_intent: { operations: ['companyIntent'], takes: 'domain' },
  search_ads: { operations: ['searchAds'], takes: 'domain' },
  company_profile: { operations: ['companyProfile'], takes: 'domain' },
  due_diligence: { operations: ['companyFootprint', 'extractContacts'], takes: 'domain' },
  extract_contacts: { operations: ['extractContacts'], takes: 'domain' },
  clean_markdown: { operations: ['cleanMarkdown'], takes: 'url' },
};
const BUNDLE_ONLY = new Set<PrivateTool>(['company_profile', 'due_diligence']);
/** Inner statuses that mean the target could not be read (the rest, other than ok, found nothing). */
const UNREACHABLE = new Set(['unreachable', 'blocked']);

export const PRIVACY_GUARANTEE =
  'The target appears in no payment requirement and in nothing sent to the payment facilitator: they name only the generic resource /v1/private-query ("private-query"). ' +
  'It is not hidden from this service, which reads the target to answer, nor from the target\'s own servers.';

function invalid(detail: string): ServiceError {
  return new ServiceError('invalid_input', { detail, errors: [{ pointer: '/target', detail }] });
}

/** The inner operation's input: a bare domain, or for clean_markdown a public URL. */
function innerTarget(tool: PrivateTool, target: string): { domain: string; input: Record<string, unknown> } {
  const text = target.trim();
  if (TOOLS[tool].takes === 'url') {
    const parsed = parseTargetUrl(text);
    if (!parsed.ok) throw new ServiceError('unsafe_or_invalid_target', { detail: `${tool} needs a public http(s) URL as target: ${URL_PROBLEM_TEXT[parsed.problem]}. Nothing was charged.`, errors: [{ pointer: '/target', detail: URL_PROBLEM_TEXT[parsed.problem] }] });
    return { domain: parsed.url.hostname, input: { url: parsed.url.href } };
  }
  let host = text;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    const parsed = parseTargetUrl(text);
    if (!parsed.ok) throw new ServiceError('unsafe_or_invalid_target', { detail: `The target URL is refused: ${URL_PROBLEM_TEXT[parsed.problem]}. Nothing was charged.`, errors: [{ pointer: '/target', detail: URL_PROBLEM_TEXT[parsed.problem] }] });
    host = parsed.url.hostname;
  }
  const domain = normalizeDomain(host);
  if (!domain) throw invalid(`${tool} needs a public domain name (or a URL on one) as target.`);
  return { domain, input: { domain } };
}

function outerStatus(statuses: string[]): Status {
  if (statuses.includes('ok')) return 'ok';
  if (statuses.length && statuses.every((status) => UNREACHABLE.has(status))) return 'unreachable';
  return 'no_data';
}

/**
 * POST /v1/private-query (MCP private_blind_lookup): runs the named tool through the same handlers
 * as its own operation. The blindness is in the payment terms, which the pipeline builds from the
 * operation alone (server/pipeline/invoke.ts resourceOf); this handler only runs and wraps.
 */
export function createPrivateQuery(registry: () => HandlerRegistry): Handler<Input> {
  async function privateQuery({ tool, target }: Input, context: HandlerContext) {
    const { domain, input } = innerTarget(tool, target);
    const results = await Promise.all(TOOLS[tool].operations.map(async (operationId) => {
      const handler = registry()[operationId];
      if (!handler) throw new ServiceError('engine_unavailable', { detail: `The engine behind ${tool} is not available on this deployment yet. Nothing was charged.` });
      return (await handler(input, { ...context, operationId })) as Record<string, unknown> & { status: string };
    }));
    const result = tool === 'due_diligence' ? { footprint: results[0], contacts: results[1] } : results[0];
    return { domain, status: outerStatus(results.map((inner) => inner.status)), tool, tier: context.tier, privacy_guarantee: PRIVACY_GUARANTEE, result };
  }
  privateQuery.precheck = ({ tool, target }: Input, { tier }: { tier: 'single' | 'bundle' }) => {
    if (tier !== 'bundle' && BUNDLE_ONLY.has(tool)) {
      throw new ServiceError('invalid_input', { detail: `${tool} needs the bundle tier (40000 micro-USD): send X-Private-Query-Tier: bundle (MCP: _meta['service/private-tier'] = 'bundle'). Nothing was charged.`, errors: [{ pointer: '/tool', detail: `${tool} needs the bundle tier` }] });
    }
    innerTarget(tool, target);
  };
  return privateQuery;
}
