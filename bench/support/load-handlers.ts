/** The handlers bench/load.ts serves: a tech-stack that answers at once (its stored replay is measured) and the real advisor. */
import { advisor } from '../../handlers/advisor.ts';
import { minimalHandlers } from '../../test/support/minimal-handlers.ts';
import type { HandlerRegistry } from '../../handlers/types.ts';

export const loadHandlers: HandlerRegistry = { ...minimalHandlers, advisor };
