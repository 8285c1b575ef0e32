import { operationById } from '../server/contract.ts';
import { ServiceError } from '../server/problem.ts';
import { partContext, partCounter, reportedPart, SILENT } from './progress.ts';
import type { ContextOf, OperationHandler, HandlerRegistry, InputOf } from './types.ts';

type Input = InputOf<'privateQuery'>;
type PrivateTool = Input['tool'];
type Status = 'ok' | 'no_data' | 'unreachable';

/** The operations each tool runs. */
const TOOLS: Record<PrivateTool, { operations: string[] }> = {
  tech_stack: { operations: ['techStack'] },
  open_jobs: { operations: ['atsJobs'] },
  hiring_intent: { operations: ['companyIntent'] },
  search_ads: { operations: ['searchAds'] },
  company_profile: { operations: ['companyProfile'] },
  due_diligence: { operations: ['companyFootprint', 'extractContacts'] },
  extract_contacts: { operations: ['extractContacts'] },
  clean_markdown: { operations: ['cleanMarkdown'] },
};
/** The tools priced at the bundle tier, and the only ones that have it. */
const BUNDLE_TOOLS = new Set<PrivateTool>(['company_profile', 'due_diligence']);
/** Inner statuses that mean the target could not be read (the rest, other than ok, found nothing). */
const UNREACHABLE = new Set(['unreachable', 'blocked']);

export const PRIVACY_GUARANTEE =
  'The target appears in no payment requirement and in nothing sent to the payment facilitator: they name only the generic resource /v1/private-query ("private-query"). ' +
  "It is not hidden from this service, which reads the target to answer, nor from the target's own servers.";

/**
 * The inner operation's input. The validate stage already made the target canonical by the tool's
 * kind (spec: x-identity-by of PrivateQueryRequest.target): a URL for clean_markdown, a bare
 * domain for every other tool.
 */
function innerTarget(tool: PrivateTool, target: string): { domain: string; input: Record<string, unknown> } {
  if (tool === 'clean_markdown') return { domain: new URL(target).hostname, input: { url: target } };
  return { domain: target, input: { domain: target } };
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
export function createPrivateQuery(registry: () => HandlerRegistry): OperationHandler<'privateQuery'> {
  async function privateQuery({ tool, target }: Input, context: ContextOf<'privateQuery'>) {
    const { domain, input } = innerTarget(tool, target);
    const { operations } = TOOLS[tool];
    // One operation reports its own parts; several are each one part of this call.
    const finished = operations.length > 1 ? partCounter(context.progress, operations.length) : null;
    const results = await Promise.all(
      operations.map(async (operationId) => {
        const handler = registry()[operationId];
        if (!handler)
          throw new ServiceError('engine_unavailable', { detail: `The engine behind ${tool} is not available on this deployment yet. Nothing was charged.` });
        const run = handler(input, partContext(context, { operationId, progress: finished ? SILENT : context.progress })) as Promise<
          Record<string, unknown> & { status: string }
        >;
        return finished ? reportedPart(run, finished, (inner) => `${operationId}: ${inner.status}`) : run;
      }),
    );
    const result = tool === 'due_diligence' ? { footprint: results[0], contacts: results[1] } : results[0];
    return { domain, status: outerStatus(results.map((inner) => inner.status)), tool, tier: context.tier, privacy_guarantee: PRIVACY_GUARANTEE, result };
  }
  const { priceMicroUsd, bundlePriceMicroUsd } = operationById('privateQuery')!;
  privateQuery.precheck = ({ tool }: Input, { tier }: { tier: 'single' | 'bundle' }) => {
    if (tier !== 'bundle' && BUNDLE_TOOLS.has(tool)) {
      throw new ServiceError('invalid_input', {
        detail: `${tool} needs the bundle tier (${bundlePriceMicroUsd} micro-USD): send X-Private-Query-Tier: bundle (MCP: _meta['service/private-tier'] = 'bundle'). Nothing was charged.`,
        errors: [{ pointer: '/tool', detail: `${tool} needs the bundle tier` }],
      });
    }
    if (tier === 'bundle' && !BUNDLE_TOOLS.has(tool)) {
      throw new ServiceError('invalid_input', {
        detail: `${tool} has no bundle tier: it is answered at the single tier (${priceMicroUsd} micro-USD). Send X-Private-Query-Tier: single or no tier (MCP: no _meta['service/private-tier']). Nothing was charged.`,
        errors: [{ pointer: '/tool', detail: `${tool} has only the single tier` }],
      });
    }
  };
  return privateQuery;
}
