import { badgeStatement } from '../engines/trust/statement.ts';
import type { components } from '../generated/types.ts';
import { runTrustCheck } from './merchant-trust.ts';
import type { Handler, HandlerRegistry } from './types.ts';

type BadgeResult = components['schemas']['BadgeResult'];

export const HOW_TO_VERIFY =
  'EIP-191 personal_sign over the exact UTF-8 text of signed_statement (no trimming or re-serialization). With viem: await verifyMessage({ address: verification_key.address, message: signed_statement, signature }) returns true; with ethers: verifyMessage(signed_statement, signature) equals the address. The address is this service\'s signing key, the same for every badge it issues.';

/**
 * The organization's name from the home page title: of its parts ("Acme | Shoes", "Shoes — Acme"),
 * the one that names the domain's first label, else the first part.
 */
export function organizationName(title: string | null | undefined, domain: string): string | null {
  if (!title?.trim()) return null;
  const parts = title.split(/\s+[|–—·:-]\s+/).map((part) => part.trim()).filter(Boolean);
  const label = domain.replace(/^www\./, '').split('.')[0].replace(/[^a-z0-9]/gi, '').toLowerCase();
  const compact = (text: string) => text.replace(/[^a-z0-9]/gi, '').toLowerCase();
  const named = parts.find((part) => label.length >= 3 && (compact(part).includes(label) || label.includes(compact(part)) && compact(part).length >= 3));
  return (named ?? parts[0] ?? title.trim()).slice(0, 120);
}

/** POST /v1/skills/verified_merchant_json_badge (MCP verified_merchant_json_badge). */
export function createVerifiedMerchantJsonBadge(registry: () => HandlerRegistry): Handler<{ domain: string }, BadgeResult> {
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
      issuedAt: context.now().toISOString(),
      issuer: context.baseUrl,
      signer: account.address,
    });
    const signature = await account.signMessage({ message: signed_statement });
    return {
      ...result,
      signed_statement,
      signature,
      organization,
      verification_key: { type: 'eip191-personal-sign', address: account.address, how_to_verify: HOW_TO_VERIFY },
      limitations: [
        ...result.limitations,
        'The signature proves only that this service issued the assessment in signed_statement; it does not verify ownership of the domain, its employees or that a purchase is safe.',
        'organization.name is read from the home page title, not from a company register.',
      ],
    };
  };
}
