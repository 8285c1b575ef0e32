/**
 * The advisor's inputs and facts, and the plan it builds between its steps (plan.ts builds it,
 * answer.ts renders it, advise.ts runs the steps in order).
 */
import type { Line } from './cost.ts';
import type { Scored } from './match.ts';
import type { Reading } from './reading.ts';
import type { GoalInputs } from './text.ts';

export interface AdvisorInput {
  agent_goal: string;
  sample_domain?: string;
  domain_count?: number;
  budget_usd?: number;
}

export interface CachedStatus {
  tool: string;
  status: string;
  checked_at: string;
  fresh_until: string | null;
}

export interface AdvisorFacts {
  baseUrl: string;
  now: Date;
  freeQuota: { remaining: number; limit: number; resetsAt: string };
  /** Free step-1 scans left today (null when unknown). */
  freeScans: { remaining: number; limit: number } | null;
  /** Today's stored statuses for sample_domain (cached_hint), or null without a sample_domain. */
  cached: CachedStatus[] | null;
}

export type Body = Record<string, unknown>;
export interface Step {
  offer: string;
  body: Body;
  required: string[];
  phase?: string;
  note?: string;
  dependsOn?: number;
}
export interface Plan {
  tool: string | null;
  steps: Step[];
  lines: Line[];
  why: string[];
  covers: string[];
}

/** What the planning rules read: the input, what the goal states and asks, the facts of the call. */
export type Context = {
  input: AdvisorInput;
  goal: GoalInputs;
  reading: Reading;
  domains: string[];
  count: number;
  countKnown: boolean;
  facts: AdvisorFacts;
  asked: Scored[];
  scored: Scored[];
};
