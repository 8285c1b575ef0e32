import type { Provider, ProviderClient } from '../types.ts';
import { ashby } from './ashby.ts';
import { greenhouse } from './greenhouse.ts';
import { lever } from './lever.ts';
import { recruitee } from './recruitee.ts';
import { smartRecruiters } from './smartrecruiters.ts';
import { workable } from './workable.ts';

export const CLIENTS: Record<Provider, ProviderClient> = { greenhouse, lever, ashby, workable, smartrecruiters: smartRecruiters, recruitee };
