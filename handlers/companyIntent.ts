import { boardUrl, hiringIntent } from '../engines/jobs/index.ts';
import {
  comparisonOf,
  direction,
  earlierReadings,
  engineeringSupportCount,
  HIRING_HISTORY_KIND,
  nextReadings,
  readingsFrom,
  type HiringReading,
} from '../engines/jobs/history.ts';
import type { components } from '../generated/types.ts';
import { collectBoard } from './jobsBoard.ts';
import { nextSteps } from './nextSteps.ts';
import type { OperationHandler, HandlerContext } from './types.ts';

type CompanyIntentResult = components['schemas']['CompanyIntentResult'];
type HiringTrend = components['schemas']['HiringTrend'];
type HiringSnapshot = components['schemas']['HiringSnapshot'];

/** The domain's stored readings of its board (company-intent's, whoever asked). */
export async function hiringReadings(domain: string, { services }: HandlerContext): Promise<HiringReading[]> {
  return readingsFrom((await services.snapshots.get({ kind: HIRING_HISTORY_KIND, key: domain }))?.value);
}

const snapshot = (reading: HiringReading): HiringSnapshot => ({
  date: new Date(reading.at).toISOString(),
  open_roles: reading.open_roles,
  intent_score: reading.intent_score ?? null,
});

/** The trend of open roles against the stored readings (rule on HiringTrend in the spec). */
export function hiringTrend(readings: readonly HiringReading[], openRoles: number, now: number): HiringTrend {
  const earlier = comparisonOf(readings, now);
  return {
    direction: direction(openRoles, earlier?.open_roles),
    compared_with: earlier ? snapshot(earlier) : null,
    history: earlierReadings(readings, now).map(snapshot),
  };
}

/** POST /v1/company-intent (MCP get_company_hiring_intent). */
export const companyIntent: OperationHandler<'companyIntent'> = async ({ domain }, context) => {
  const [board, readings] = await Promise.all([collectBoard(domain, context), hiringReadings(domain, context)]);
  const checkedAt = context.now();
  const { components: _parts, sample_factor: _factor, ...intent } = hiringIntent(board.jobs, checkedAt);
  const read = board.status === 'ok' || board.status === 'no_open_jobs';
  const result: CompanyIntentResult = {
    domain,
    status: board.status,
    ats_type: board.board?.provider ?? null,
    confidence: board.confidence,
    ...intent,
    jobs_truncated: board.partial,
    ...(board.board ? { board_url: boardUrl(board.board), board_company_name: board.companyName } : {}),
    checked_at: checkedAt.toISOString(),
    note: board.note,
  };
  if (read) {
    const now = checkedAt.getTime();
    result.trend = hiringTrend(readings, intent.total_open_roles, now);
    const reading: HiringReading = {
      at: now,
      open_roles: intent.total_open_roles,
      intent_score: intent.intent_score,
      engineering_support_roles: engineeringSupportCount(intent.function_breakdown),
    };
    await context.services.snapshots.put({ kind: HIRING_HISTORY_KIND, key: domain, value: { readings: nextReadings(readings, reading) } as any, at: now });
  }
  if (result.status === 'ok') result.next_steps = nextSteps(domain, ['ats-jobs', 'tech-stack', 'search-ads', 'company-profile']);
  return result;
};
