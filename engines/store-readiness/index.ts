export { auditStore, type StoreReadinessResult, type AuditDeps, type AuditOptions } from './audit.ts';
export { AGENT_BOTS, type AgentBot } from './bots.ts';
export { parseRobots, isAllowed, rulesFor, type Robots } from './robots.ts';
export { scoreReadiness, type Fix } from './score.ts';
