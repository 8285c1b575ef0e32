/** What the home page states about the company (readCompanyFacts, facts.ts), each fact with where it was read. */

export type FactSource = 'json_ld' | 'markup' | 'open_graph' | 'meta' | 'title' | 'page_link' | 'job_board' | 'rdap';

export interface Fact<T = string> {
  value: T;
  source: FactSource;
}

export interface CompanyAddress {
  street?: string;
  locality?: string;
  region?: string;
  postal_code?: string;
  /** ISO 3166-1 alpha-2 when the page writes a code, else the country as written. */
  country?: string;
}

export interface PageCompanyFacts {
  name?: Fact;
  legal_name?: Fact;
  description?: Fact;
  logo_url?: Fact;
  social_profiles?: Fact<string[]>;
  address?: Fact<CompanyAddress>;
  founding_year?: Fact<number>;
  industry_keywords?: Fact<string[]>;
  phone?: Fact;
}
