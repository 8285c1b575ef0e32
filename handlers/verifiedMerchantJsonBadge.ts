import { badgeStatement } from '../engines/trust/statement.ts';
import { service } from '../server/contract.ts';
import { runTrustCheck } from './merchantTrust.ts';
import type { OperationHandler, HandlerRegistry } from './types.ts';

export const HOW_TO_VERIFY =
  "EIP-191 personal_sign over the exact UTF-8 text of signed_statement (no trimming or re-serialization). With viem: await verifyMessage({ address: verification_key.address, message: signed_statement, signature }) returns true; with ethers: verifyMessage(signed_statement, signature) equals the address. The address is this service's signing key, the same for every badge it issues. Then accept the badge only while issued_at <= now < expires_at, both read from signed_statement (ISO 8601, UTC): before issued_at it is not yet valid, from expires_at on it is expired, whatever its signature.";

/**
 * The organization's name from the home page title: of its parts ("Acme | Shoes", "Shoes — Acme"),
 * the one that names the domain's first label, else the first part.
 */
export function organizationName(title: string | null | undefined, domain: string): string | null {
  if (!title?.trim()) return null;
  const parts = title
    .split(/\s+[|–—·:-]\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
  const label = domain
    .replace(/^www\./, '')
    .split('.')[0]
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase();
  const compact = (text: string) => text.replace(/[^a-z0-9]/gi, '').toLowerCase();
  const named = parts.find((part) => label.length >= 3 && (compact(part).includes(label) || (label.includes(compact(part)) && compact(part).length >= 3)));
  return (named ?? parts[0] ?? title.trim()).slice(0, 120);
}

/** POST /v1/skills/verified_merchant_json_badge (MCP verified_merchant_json_badge). */
export function createVerifiedMerchantJsonBadge(registry: () => HandlerRegistry): OperationHandler<'verifiedMerchantJsonBadge'> {
  return async function verifiedMerchantJsonBadge({ domain }, context) {
    const { result, profile } = await runTrustCheck(registry, { domain }, context, { takesAmount: false });
    const tech = profile.tech_stack ?? null;
    const organization = { domain, name: organizationName(tech?.title, domain), url: tech?.final_url ?? null };
    if (result.status !== 'ok') return { ...result, organization };

    const account = await context.services.signer.account();
    const signed_statement = badgeStatement({
      domain,
      trustScore: result.trust_score!,
      riskLevel: result.risk_level!,
      signals: result.signals!,
      issuedAt: context.now(),
      lifetimeSeconds: service.badgeLifetimeSeconds,
      // Configuration only: a caller's Host must not be able to name the issuer of a signed badge.
      issuer: context.services.publicBaseUrl ?? null,
      signer: account.address,
    });
    const signature = await account.signMessage({ message: signed_statement });
    const { issued_at, expires_at } = JSON.parse(signed_statement) as { issued_at: string; expires_at: string };
    return {
      ...result,
      signed_statement,
      signature,
      issued_at,
      expires_at,
      organization,
      verification_key: { type: 'eip191-personal-sign', address: account.address, how_to_verify: HOW_TO_VERIFY },
      limitations: [
        ...result.limitations,
        'The signature proves only that this service issued the assessment in signed_statement; it does not verify ownership of the domain, its employees or that a purchase is safe.',
        `The badge holds for ${service.badgeLifetimeSeconds / 3600} hours, until expires_at: a merchant's signals change, so ask for a new one after that.`,
        'organization.name is read from the home page title, not from a company register.',
      ],
    };
  };
}
