import { operations, type OperationInfo } from '../server/contract.ts';

const WHY: Record<string, string> = {
  'tech-stack': 'See the website technologies, ad pixels and email provider of the same company.',
  'ats-jobs': 'List the open jobs on its public job board, with a diff on later calls.',
  'company-intent': 'Score its hiring-based buying intent and see what it is hiring for.',
  'search-ads': 'See whether it runs search ads, and which.',
  'company-profile': 'Get tech stack, hiring intent and search ads in one call.',
  'extract-contacts': 'Find its published contact addresses and social profiles.',
};

const byOfferId = new Map(operations.filter((op) => op.kind === 'operation' && op.offerId).map((op) => [op.offerId!, op]));

/**
 * Follow-up calls on the same domain, with their exact bodies and list prices, from the catalog.
 * `url` is the operation's path here: results are stored and shared (a result that is not ok
 * answers every caller for a minute), so they keep no caller's base URL. withNextStepUrls joins
 * it to the base URL of each request as it is answered.
 */
export function nextSteps(domain: string, offerIds: string[]) {
  return offerIds
    .map((id) => byOfferId.get(id))
    .filter((op): op is OperationInfo => !!op)
    .map((op) => ({
      tool: op.offerId!,
      mcp_tool: op.mcpTool!,
      url: op.path,
      body: { domain },
      price_usd: op.priceMicroUsd / 1_000_000,
      why: WHY[op.offerId!] ?? op.summary,
    }));
}

type Step = { tool?: unknown; url?: unknown };

/**
 * The value with every `next_steps[].url`, at any depth (a profile's sections, batch rows), set to
 * `baseUrl` + the path of the step's operation; the value itself when it holds no next_steps.
 * Never changes its argument: a stored answer is shared by every caller. The URL is rebuilt from
 * `tool`, so an answer stored with an absolute URL is corrected too.
 */
export function withNextStepUrls<T>(value: T, baseUrl: string): T {
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      if (item === null || typeof item !== 'object') continue;
      const resolved = withNextStepUrls(item, baseUrl);
      if (resolved !== item) (copy ??= value.slice())[index] = resolved;
    }
    return (copy ?? value) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (item === null || typeof item !== 'object') continue;
    const resolved = key === 'next_steps' && Array.isArray(item) ? item.map((step: Step) => linked(step, baseUrl)) : withNextStepUrls(item, baseUrl);
    if (resolved !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = resolved;
  }
  return (copy ?? value) as T;
}

function linked(step: Step, baseUrl: string): Step {
  const operation = typeof step?.tool === 'string' ? byOfferId.get(step.tool) : undefined;
  return operation ? { ...step, url: `${baseUrl}${operation.path}` } : step;
}
