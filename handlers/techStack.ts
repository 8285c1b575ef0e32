import { collectTechStack, TECH_STACK_SNAPSHOT_KIND, type TechStackSnapshot } from '../engines/tech-stack/collect.ts';
import { nextSteps } from './nextSteps.ts';
import type { OperationHandler } from './types.ts';

const SNAPSHOT_KIND = TECH_STACK_SNAPSHOT_KIND;

/** POST /v1/tech-stack (MCP detect_website_tech_stack). */
export const techStack: OperationHandler<'techStack'> = async ({ domain }, { services, now, onHomePage, signal }) => {
  const result = await collectTechStack(domain, {
    fetch: services.net.fetch,
    dns: services.net.dns,
    analyze: services.analyze,
    containers: services.net.containers,
    onHomePage,
    now,
    signal,
    previous: async (key) => ((await services.snapshots.get({ kind: SNAPSHOT_KIND, key }))?.value as TechStackSnapshot | undefined) ?? null,
    remember: async (key, snapshot) => services.snapshots.put({ kind: SNAPSHOT_KIND, key, value: snapshot as any, at: Date.parse(snapshot.at) }),
  });
  if (result.status === 'ok') result.next_steps = nextSteps(domain, ['ats-jobs', 'company-intent', 'search-ads', 'company-profile']);
  return result;
};
