import type { components } from '../generated/types.ts';
import { ServiceError } from '../server/problem.ts';
import { partCounter, reportedPart } from './progress.ts';
import { runStoreAudit } from './storeAudit.ts';
import type { OperationHandler, HandlerContext, InputOf } from './types.ts';

type Input = InputOf<'agenticShelfSchemaComparator'>;
type ShelfComparatorResult = components['schemas']['ShelfComparatorResult'];

/** www.shop.com and shop.com are one store. */
const storeKey = (domain: string) => domain.replace(/^www\./, '');

/**
 * POST /v1/skills/agentic_shelf_schema_comparator (MCP agentic_shelf_schema_comparator): the
 * store and its 1 to 3 competitors audited in parallel as store_readiness_auditor audits one;
 * `comparison` ranks them by readiness_score. Charged (ok) when the store and at least one
 * competitor were read and at least one of them shows agents a store.
 */
export const agenticShelfSchemaComparator: OperationHandler<'agenticShelfSchemaComparator'> = Object.assign(
  async function agenticShelfSchemaComparator({ domain, competitor_domains }: Input, context: HandlerContext): Promise<ShelfComparatorResult> {
    const domains = [domain, ...competitor_domains];
    const finished = partCounter(context.progress, domains.length);
    const audits = await Promise.all(domains.map((store) => reportedPart(runStoreAudit(store, context), finished, (audit) => `${store}: ${audit.status}`)));
    const stores = audits.map((audit) => ({
      domain: audit.domain,
      status: audit.status,
      readiness_score: audit.readiness_score ?? null,
      sample_product_url: audit.sample_product_url ?? null,
      product: audit.product ?? null,
    }));
    const comparison = audits
      .map((audit) => ({ domain: audit.domain, readiness_score: audit.readiness_score ?? null, structured_fields: audit.product?.structured_fields ?? null }))
      .sort((a, b) => (b.readiness_score ?? -1) - (a.readiness_score ?? -1));

    const [own, ...competitors] = audits;
    const limitations = [
      'Each store is audited as store_readiness_auditor audits one (discovery files, robots.txt for agent bots, one sample product page); readiness_score follows the formula in the spec (ReadinessFields).',
      'comparison is ordered by readiness_score, highest first; a store that could not be read has a null score and comes last.',
      "structured_fields are those of each store's one sample product page: other product pages may differ.",
    ];
    for (const audit of competitors)
      if (audit.status === 'unreachable') limitations.push(`The competitor ${audit.domain} could not be read (${audit.error_reason}).`);
    for (const audit of audits) if (audit.status === 'no_data') limitations.push(`${audit.domain} shows agents no product page, product feed or product data.`);

    if (own.status === 'unreachable') {
      return { domain, status: 'unreachable', error_reason: own.error_reason ?? `${domain} could not be read`, stores, comparison, limitations };
    }
    const readable = competitors.filter((audit) => audit.status !== 'unreachable');
    const compared = readable.length > 0 && [own, ...readable].some((audit) => audit.status === 'ok');
    if (!compared)
      limitations.push(
        readable.length
          ? 'Neither the store nor any competitor shows agents a product: there is nothing to compare (not charged).'
          : 'No competitor could be read: there is nothing to compare (not charged).',
      );
    return { domain, status: compared ? 'ok' : 'no_data', stores, comparison, limitations };
  },
  {
    /**
     * The competitors must be other stores, each named once. competitor_domains arrives as a
     * canonical set (x-identity domain-set: sorted, repeats merged), so a store named twice here
     * is one store under two names: x and www.x. Pointers index that sorted set.
     */
    precheck({ domain, competitor_domains }: Input) {
      const seen = new Map<string, number>();
      competitor_domains.forEach((competitor, index) => {
        const pointer = `/competitor_domains/${index}`;
        if (storeKey(competitor) === storeKey(domain)) {
          throw new ServiceError('invalid_input', {
            detail: `competitor_domains[${index}] (${competitor}) is the store itself: name 1 to 3 other stores to compare ${domain} with. Nothing was charged.`,
            errors: [{ pointer, detail: 'is the domain being compared' }],
          });
        }
        const earlier = seen.get(storeKey(competitor));
        if (earlier !== undefined) {
          throw new ServiceError('invalid_input', {
            detail: `competitor_domains[${index}] (${competitor}) names the same store as competitor_domains[${earlier}] (${competitor_domains[earlier]}): name each competitor once. Nothing was charged.`,
            errors: [{ pointer, detail: `duplicates /competitor_domains/${earlier}` }],
          });
        }
        seen.set(storeKey(competitor), index);
      });
    },
  },
);
