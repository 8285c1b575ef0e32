import { hiringIntent } from '../engines/jobs/index.ts';
import type { components } from '../generated/types.ts';
import { collectBoard } from './jobs-board.ts';
import { nextSteps } from './next-steps.ts';
import type { Handler } from './types.ts';

type CompanyIntentResult = components['schemas']['CompanyIntentResult'];

/** POST /v1/company-intent (MCP get_company_hiring_intent). */
export const companyIntent: Handler<{ domain: string }, CompanyIntentResult> = async ({ domain }, context) => {
  const board = await collectBoard(domain, context);
  const checkedAt = context.now();
  const { components: _parts, ...intent } = hiringIntent(board.jobs, checkedAt);
  const result: CompanyIntentResult = {
    domain,
    status: board.status,
    ats_type: board.board?.provider ?? null,
    confidence: board.confidence,
    ...intent,
    jobs_truncated: board.partial,
    checked_at: checkedAt.toISOString(),
    note: board.note,
  };
  if (result.status === 'ok') result.next_steps = nextSteps(domain, ['ats-jobs', 'tech-stack', 'search-ads', 'company-profile'], context.baseUrl);
  return result;
};
