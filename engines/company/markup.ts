/**
 * The organisation schema.org microdata (itemscope/itemtype/itemprop) or RDFa (typeof/property)
 * describe in a page's elements: its name, telephone and postal address. An organisation inside a
 * list, a review or a comment is someone else's and is skipped; a postal address outside any
 * organisation counts only when it is the page's only one (a directory shows many).
 */
import type { CompanyAddress } from './types.ts';
import { ORGANIZATION_TYPE } from './organization.ts';

export interface MarkupOrganization {
  name?: string;
  telephone?: string;
  address?: CompanyAddress;
}

const SCOPES = '[itemscope][itemtype], [typeof]';
const ADDRESS_FIELDS: [keyof CompanyAddress, string][] = [
  ['street', 'streetAddress'],
  ['locality', 'addressLocality'],
  ['region', 'addressRegion'],
  ['postal_code', 'postalCode'],
  ['country', 'addressCountry'],
];
const SOMEONE_ELSES = /(^|\/)(ItemList|ListItem|Review|Comment|Answer|Question|Offer|Product|Event)$/;

/** The schema.org types an element's microdata (itemtype) or RDFa (typeof) gives it, without the prefix. */
export const markupTypes = (element: Element): string[] =>
  `${element.getAttribute('itemtype') ?? ''} ${element.getAttribute('typeof') ?? ''}`
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((type) => type.replace(/^(?:https?:\/\/(?:www\.)?schema\.org\/|schema:)/i, ''));
const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The value of one property of a scope, not of a scope nested inside it. */
function property(scope: Element, name: string): string | null {
  for (const element of scope.querySelectorAll(`[itemprop~="${name}"], [property~="${name}"], [property~="schema:${name}"]`)) {
    if (element.parentElement?.closest(SCOPES) !== scope && element.closest(SCOPES) !== scope) continue;
    const value = clean(
      element.getAttribute('content') ??
        (element.tagName === 'A' ? element.textContent || element.getAttribute('href')?.replace(/^tel:/i, '') : element.textContent),
    );
    if (value) return value;
  }
  return null;
}

function addressOf(scope: Element): CompanyAddress | null {
  const address: CompanyAddress = {};
  for (const [field, name] of ADDRESS_FIELDS) {
    const value = property(scope, name);
    if (value) address[field] = field === 'country' && /^[a-z]{2}$/i.test(value) ? value.toUpperCase() : value;
  }
  return Object.keys(address).length ? address : null;
}

const isAddressScope = (element: Element) => markupTypes(element).includes('PostalAddress');

export function markupOrganization(document: Document): MarkupOrganization {
  const scopes = [...document.querySelectorAll(SCOPES)];
  const theirs = (element: Element) => {
    for (let parent = element.parentElement?.closest(SCOPES); parent; parent = parent.parentElement?.closest(SCOPES))
      if (markupTypes(parent).some((type) => SOMEONE_ELSES.test(type))) return true;
    return false;
  };
  const found: MarkupOrganization = {};
  const organization = scopes.find((scope) => markupTypes(scope).some((type) => ORGANIZATION_TYPE.test(type)) && !theirs(scope));
  if (organization) {
    const name = property(organization, 'name');
    const telephone = property(organization, 'telephone');
    if (name && name.length <= 120) found.name = name;
    if (telephone) found.telephone = telephone;
    const addressScope = [...organization.querySelectorAll(SCOPES)].find(
      (scope) => isAddressScope(scope) && scope.parentElement?.closest(SCOPES) === organization,
    );
    const address = addressScope ? addressOf(addressScope) : null;
    if (address) found.address = address;
  }
  if (!found.address) {
    const addresses = scopes.filter((scope) => isAddressScope(scope) && !theirs(scope));
    const address = addresses.length === 1 ? addressOf(addresses[0]) : null;
    if (address) found.address = address;
  }
  return found;
}
