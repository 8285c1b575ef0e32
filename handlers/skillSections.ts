/**
 * What the commerce skills that compose other operations share: run an operation's own handler
 * as a section (as company-profile does), keep an unsafe target as the operation's own refusal
 * (a section outcome would hide it), and read from the tech-stack section whether the website
 * answered at all, which decides a skill's `unreachable`.
 */
import type { components } from '../generated/types.ts';
import { ServiceError } from '../server/problem.ts';
import { partContext, SILENT } from './progress.ts';
import type { HandlerContext, HandlerRegistry } from './types.ts';

type TechStackResult = components['schemas']['TechStackResult'];
type SectionStatus = components['schemas']['SectionStatus'];

/** The first unsafe_or_invalid_target a section met: the skill answers it as the operation would (400, free). */
export class UnsafeWatch {
  error: ServiceError | null = null;

  wrap<T>(run: (signal: AbortSignal) => Promise<T>): (signal: AbortSignal) => Promise<T> {
    return async (signal) => {
      try {
        return await run(signal);
      } catch (error) {
        if (error instanceof ServiceError && error.code === 'unsafe_or_invalid_target') this.error ??= error;
        throw error;
      }
    };
  }

  rethrow() {
    if (this.error) throw this.error;
  }
}

/** Another operation's handler as a section, run with the section's signal. */
export function operationSection<O>(registry: () => HandlerRegistry, operationId: string, input: Record<string, unknown>, context: HandlerContext) {
  return async (signal: AbortSignal): Promise<O> => {
    const handler = registry()[operationId];
    if (!handler) throw new ServiceError('engine_unavailable', { detail: `${operationId} is not available on this deployment.` });
    return handler(input, partContext(context, { operationId, signal, progress: SILENT }));
  };
}

export type WebsiteState = { answered: true } | { answered: false; reason: string } | { answered: null; reason: string };

/**
 * Whether the website answered, from the tech-stack section: ok, no_signals and blocked pages
 * answered; unreachable, not_found and a section past its deadline did not; a section that
 * failed otherwise says nothing.
 */
export function websiteState(domain: string, tech: TechStackResult | null, status: SectionStatus, deadlineMs: number): WebsiteState {
  if (tech && (tech.status === 'ok' || tech.status === 'no_signals' || tech.status === 'blocked')) return { answered: true };
  const note = (tech?.note ?? '').replace(/\.$/, '');
  const said = note ? `: ${note.charAt(0).toLowerCase()}${note.slice(1)}` : '';
  if (tech?.status === 'not_found') return { answered: false, reason: `${domain} does not exist${said}` };
  if (tech?.status === 'unreachable') return { answered: false, reason: `${domain} could not be reached${said}` };
  if (status === 'timeout') return { answered: false, reason: `${domain} did not answer within ${deadlineMs / 1000} s` };
  return { answered: null, reason: 'the website check failed' };
}
