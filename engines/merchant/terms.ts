/**
 * x402 v2 payment terms as a merchant publishes them: the base64 JSON of a 402's PAYMENT-REQUIRED
 * header (what v2 clients read) and the optional discovery document /.well-known/x402.json.
 * Checks follow the x402 v2 specification: x402Version 2, resource.url, a non-empty accepts[]
 * whose entries carry scheme, a CAIP-2 network, an atomic decimal amount, asset, payTo and
 * maxTimeoutSeconds, and for exact on EVM the EIP-712 domain in extra.name / extra.version.
 */
import { objectsIn } from '../parse/json-walk.ts';

export interface PaymentRequirement {
  scheme: string;
  network: string;
  amount: string;
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra?: Record<string, unknown>;
}

export interface LiveTerms {
  x402Version: number;
  resource?: { url?: string; description?: string; mimeType?: string };
  accepts: PaymentRequirement[];
  error?: string;
}

export type TermsReading = { ok: true; terms: LiveTerms; problems: [] } | { ok: false; terms: Partial<LiveTerms> | null; problems: string[] };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Decodes and checks a PAYMENT-REQUIRED header value. It runs on the main thread: a header, not
 * fetched content, and small by construction (the HTTP client refuses header blocks over 16 KiB).
 */
export function readPaymentRequired(header: string): TermsReading {
  const value = header.trim();
  if (!value || !BASE64.test(value)) return { ok: false, terms: null, problems: ['terms_not_base64'] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
  } catch {
    return { ok: false, terms: null, problems: ['terms_not_json'] };
  }
  return checkTerms(parsed);
}

/** The problems of decoded terms, as flag names; none means valid v2 terms. */
export function checkTerms(value: unknown): TermsReading {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, terms: null, problems: ['terms_not_object'] };
  const terms = value as Partial<LiveTerms> & Record<string, unknown>;
  const problems: string[] = [];
  if (terms.x402Version !== 2) problems.push(terms.x402Version === 1 ? 'x402_v1_terms' : 'terms_version_missing');
  if (!terms.resource || typeof terms.resource !== 'object' || typeof terms.resource.url !== 'string') problems.push('terms_resource_missing');
  if (!Array.isArray(terms.accepts) || terms.accepts.length === 0) problems.push('terms_accepts_empty');
  else
    terms.accepts.forEach((accept, index) =>
      problems.push(...requirementProblems(accept).map((problem) => `${problem}${terms.accepts!.length > 1 ? `#${index}` : ''}`)),
    );
  return problems.length ? { ok: false, terms, problems } : { ok: true, terms: terms as LiveTerms, problems: [] };
}

function requirementProblems(value: unknown): string[] {
  if (!value || typeof value !== 'object') return ['accept_not_object'];
  const accept = value as Partial<PaymentRequirement>;
  const problems: string[] = [];
  if (typeof accept.scheme !== 'string' || !accept.scheme) problems.push('accept_scheme_missing');
  if (typeof accept.network !== 'string' || !CAIP2.test(accept.network)) problems.push('accept_network_invalid');
  if (typeof accept.amount !== 'string' || !/^\d{1,40}$/.test(accept.amount)) problems.push('accept_amount_invalid');
  if (typeof accept.asset !== 'string' || !accept.asset) problems.push('accept_asset_missing');
  if (typeof accept.payTo !== 'string' || !accept.payTo) problems.push('accept_payto_missing');
  else if (accept.network?.startsWith('eip155:') && !EVM_ADDRESS.test(accept.payTo)) problems.push('accept_payto_invalid');
  if (!Number.isInteger(accept.maxTimeoutSeconds) || (accept.maxTimeoutSeconds as number) <= 0) problems.push('accept_timeout_invalid');
  if (accept.scheme === 'exact' && accept.network?.startsWith('eip155:')) {
    const extra = accept.extra ?? {};
    if (typeof extra.name !== 'string' || typeof extra.version !== 'string') problems.push('accept_eip712_domain_missing');
  }
  return problems;
}

export interface Discovery {
  /** Every payTo the document names (any depth). */
  payTos: string[];
  /** Advertised atomic amounts by resource URL, where the document lists resources. */
  amounts: Map<string, string>;
  /** The free-text fields an agent reads (descriptions, names): scanned for injection. */
  texts: string[];
}

/**
 * Reads a /.well-known/x402.json document. Its shape is not fixed by the x402 specification, so
 * only what any shape says plainly is taken: payTo values, resources with url and amount (or
 * priceMicroUsd, maxAmountRequired) and description strings.
 */
export function readDiscovery(json: unknown): Discovery {
  const payTos = new Set<string>();
  const amounts = new Map<string, string>();
  const texts: string[] = [];
  for (const record of objectsIn(json, { maxNodes: 5000 })) {
    for (const [key, value] of Object.entries(record)) {
      if (/^payto$/i.test(key) && typeof value === 'string' && value) payTos.add(value);
      else if (/^(description|name|title|summary|instructions?|note)$/i.test(key) && typeof value === 'string') texts.push(value);
    }
    const url = typeof record.url === 'string' ? record.url : typeof record.resource === 'string' ? record.resource : null;
    const amount = record.amount ?? record.maxAmountRequired ?? record.priceMicroUsd;
    if (url && (typeof amount === 'string' || typeof amount === 'number') && /^\d+$/.test(String(amount))) amounts.set(url, String(amount));
  }
  return { payTos: [...payTos], amounts, texts };
}
