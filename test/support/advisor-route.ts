/**
 * The advisor's answer read as the round tests of issue 37 assert it: the tool recommended (with
 * private-query's inner tool), the tools of the steps, and the kinds of missing data.
 */
import { createAdvisor } from '../../engines/advisor/advise.ts';
import { advisorCatalog } from '../../handlers/advisor.ts';
import { GOAL_FACTS } from './advisor-goals.ts';

const advise = createAdvisor(advisorCatalog());

/** The tool recommended, with private-query's inner tool ("private-query:tech_stack"). */
export function route(goal: string, extra: Record<string, unknown> = {}) {
  const result = advise({ agent_goal: goal, ...extra }, GOAL_FACTS);
  const body = result.recommended_execution_sequence.find((step) => step.tool === 'private-query')?.body as { tool?: unknown } | null | undefined;
  const inner = body?.tool;
  return result.recommended_tool === 'private-query' && typeof inner === 'string' ? `private-query:${inner}` : result.recommended_tool;
}

/** The batch's tool ("batch:ats-jobs"), or the tool recommended. */
export function batchRoute(goal: string, domain_count: number) {
  const result = advise({ agent_goal: goal, domain_count }, GOAL_FACTS);
  const inner = (result.recommended_execution_sequence[0]?.body as { tool?: unknown } | null | undefined)?.tool;
  return result.recommended_tool === 'batch' && typeof inner === 'string' ? `batch:${inner}` : result.recommended_tool;
}

/** The tools of the recommended steps, in order. */
export const tools = (goal: string, extra: Record<string, unknown> = {}) =>
  advise({ agent_goal: goal, ...extra }, GOAL_FACTS).recommended_execution_sequence.map((step) => step.tool);

/** The kinds of missing data a goal asks for, when no tool is recommended. */
export function missing(goal: string) {
  const result = advise({ agent_goal: goal }, GOAL_FACTS);
  return result.recommended_tool === null ? (result.not_available ?? []).map((item) => item.data) : [`routed to ${result.recommended_tool}`];
}
