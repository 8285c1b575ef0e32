/**
 * The rule files added to the core table of technologies.ts (issue #25), one per area. Same
 * syntax and the same guarantees: every rule's example fires exactly its technology, every signal
 * fires on its own sample (test/unit/engines/tech/rules.test.ts), and every signal has its world
 * site (test/world/fixtures/tech-gallery.ts).
 */
import type { TechnologySpec } from '../spec.ts';
import { ADS_ANALYTICS } from './ads-analytics.ts';
import { MARKETING } from './marketing.ts';
import { FRONTEND } from './frontend.ts';
import { PLATFORMS } from './platforms.ts';
import { DNS_SERVICES } from './dns-services.ts';
import { COMMUNITY } from './community.ts';

export const RULES: readonly TechnologySpec[] = [...ADS_ANALYTICS, ...MARKETING, ...FRONTEND, ...PLATFORMS, ...COMMUNITY, ...DNS_SERVICES];
