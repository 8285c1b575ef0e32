/**
 * What robots.txt lets each agent fetch (spec: BotAccess): the home page under the home origin's
 * file, the sample product page under its own origin's (robots.txt is per origin). It parses the
 * files, so it runs in the parse pool (engines/parse/tasks.ts: storeBotAccess). Pure.
 */
import type { components } from '../../generated/types.ts';
import { AGENT_BOTS } from './bots.ts';
import { checkRobots, type OpenedFile } from './discovery.ts';
import { allowedWithout, isAllowed, type Robots } from './robots.ts';

type BotAccess = components['schemas']['BotAccess'];
type RobotsReading = { robots: Robots | null; file: OpenedFile };

/** Whether the agent may fetch the URL under this reading; without a parsed file 4xx allows everything, 5xx and network failures disallow everything (RFC 9309 §2.3.1). */
function allows({ robots, file }: RobotsReading, bot: string, url: string): boolean {
  if (robots) return isAllowed(robots, bot, url);
  return allowedWithout(file.status !== null && file.status >= 400 && file.status < 500 ? 'unavailable' : 'unreachable');
}

export function botAccessOf(homeFile: OpenedFile, productFile: OpenedFile | null, homeUrl: string, sampleUrl: string | null): Record<string, BotAccess> {
  const home = checkRobots(homeFile);
  const product = productFile ? checkRobots(productFile) : home;
  const access: Record<string, BotAccess> = {};
  for (const bot of AGENT_BOTS) {
    const homeAllowed = allows(home, bot, homeUrl);
    access[bot] = { home_allowed: homeAllowed, sample_product_allowed: sampleUrl ? allows(product, bot, sampleUrl) : homeAllowed };
  }
  return access;
}
