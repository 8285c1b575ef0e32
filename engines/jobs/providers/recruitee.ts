/**
 * Recruitee careers site API: GET https://{company}.recruitee.com/api/offers/ (config template),
 * or https://{custom careers host}/api/offers/; the whole board in one answer ({offers}).
 */
import { isObject, wholeBoardClient } from '../http.ts';
import { htmlText, makeJobs, salary, salaryInterval, str, type RawJob } from '../text.ts';
import { workplaceFromFlags } from '../facts.ts';
import { BoardUnreachable, type BoardRead, type BoardRef, type ProviderClient } from '../types.ts';
import type { TechnologyFinder } from '../../tech/keywords.ts';

export function recruiteeUrl(template: string, ref: Pick<BoardRef, 'slug' | 'host'>): string {
  return ref.host ? `https://${ref.host}/api/offers/` : `${template.replace('{company}', encodeURIComponent(ref.slug))}/api/offers/`;
}

export function normalizeRecruitee(body: unknown, finder: TechnologyFinder): BoardRead {
  if (!isObject(body) || !Array.isArray(body.offers)) throw new BoardUnreachable('recruitee', 'no offers array in the answer');
  const offers = body.offers.filter((offer): offer is Record<string, any> => isObject(offer) && (offer.status === undefined || offer.status === 'published'));
  const raws = offers.map((offer): RawJob => {
    const places = Array.isArray(offer.locations) ? offer.locations.filter(isObject) : [];
    const pay = isObject(offer.salary) ? offer.salary : null;
    const published = pay ? salary(pay.min, pay.max, pay.currency, salaryInterval(pay.period)) : null;
    return {
      provider: 'recruitee',
      nativeId: offer.id,
      title: offer.title,
      departments: [offer.department],
      locations: places.length ? places.map((l) => [l.city, l.state, l.country].filter((p) => typeof p === 'string' && p).join(', ')) : [offer.location],
      remote: offer.remote === true,
      salary: published ?? salary(offer.min_salary, offer.max_salary, offer.salary_currency ?? offer.currency, salaryInterval(offer.salary_period)),
      postedAt: offer.published_at ?? offer.created_at,
      url: offer.careers_url,
      text: `${htmlText(offer.description)}\n${htmlText(offer.requirements)}`,
      countries: [offer.country_code, ...places.map((l) => l.country_code ?? l.country)],
      employmentType: offer.employment_type_code ?? offer.employment_type,
      workplace: workplaceFromFlags({ remote: offer.remote, hybrid: offer.hybrid, onSite: offer.on_site }),
    };
  });
  return { jobs: makeJobs(raws, finder), companyName: str(offers[0]?.company_name), partial: false };
}

export const recruitee: ProviderClient = wholeBoardClient('recruitee', (ref, context) => recruiteeUrl(context.config.recruitee, ref));
