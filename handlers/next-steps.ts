import { operations, type OperationInfo } from '../server/contract.ts';

const WHY: Record<string, string> = {
  'tech-stack': 'See the website technologies, ad pixels and email provider of the same company.',
  'ats-jobs': 'List the open jobs on its public job board, with a diff on later calls.',
  'company-intent': 'Score its hiring-based buying intent and see what it is hiring for.',
  'search-ads': 'See whether it runs search ads, and which.',
  'company-profile': 'Get tech stack, hiring intent and search ads in one call.',
  'extract-contacts': 'Find its published contact addresses and social profiles.',
};

/** Follow-up calls on the same domain, with their exact bodies and list prices, from the catalog. */
export function nextSteps(domain: string, offerIds: string[], baseUrl: string) {
  return offerIds
    .map((id) => operations.find((op) => op.kind === 'operation' && op.offerId === id))
    .filter((op): op is OperationInfo => !!op)
    .map((op) => ({
      tool: op.offerId!,
      mcp_tool: op.mcpTool!,
      url: `${baseUrl}${op.path}`,
      body: { domain },
      price_usd: op.priceMicroUsd / 1_000_000,
      why: WHY[op.offerId!] ?? op.summary,
    }));
}
