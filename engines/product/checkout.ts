/**
 * Checkout evidence on one page, never guessed from the platform: which express wallets the page
 * offers and whether it names an agentic checkout protocol. The neutral names of the contract
 * stand for: wallet_a Apple Pay, wallet_b Google Pay, wallet_c Shop Pay; protocol_a the Agentic
 * Commerce Protocol (ACP). What counts (also in the spec, ProductEvidence):
 *
 * - agentic_checkout_supported.wallet_x is true when the page renders the wallet's own button
 *   (its web component, or an element whose class or id is the wallet's button name, or a button
 *   whose label names the wallet) or its structured data lists the wallet among the accepted
 *   payment methods (Offer.acceptedPaymentMethod, Organization/Store paymentAccepted); false
 *   when that list exists and leaves the wallet out and no button shows it; null otherwise.
 * - checkout_hints.wallet_x is true when the wallet is supported as above, or the page loads the
 *   wallet's script or SDK, or names it anywhere in its markup (a payment icon's alt text, a
 *   footer list): a hint, not proof the product can be paid that way.
 * - protocol_a is true when the markup references an ACP checkout endpoint (/checkout_sessions)
 *   or names the protocol ("Agentic Commerce Protocol", "Instant Checkout in ChatGPT"); it is
 *   never false, since ACP runs between servers and a page without a mention says nothing.
 * Pure over the parsed document, its HTML and its structured-data nodes.
 */
import { typesOf, values, text, type LdGraph } from './jsonld.ts';

export type WalletKey = 'wallet_a' | 'wallet_b' | 'wallet_c';
export const WALLET_KEYS: WalletKey[] = ['wallet_a', 'wallet_b', 'wallet_c'];

export interface CheckoutEvidence {
  agentic_checkout_supported: { protocol_a: boolean | null } & Record<WalletKey, boolean | null>;
  checkout_hints: Record<WalletKey, boolean>;
}

interface WalletSignals {
  name: string;
  /** Tag names of the wallet's own button components. */
  components: string[];
  /** A class or id token that is the wallet's button. */
  buttonToken: RegExp;
  /** The wallet named in a button label or a payment-method list. */
  named: RegExp;
  /** Script URLs and inline script markers of the wallet's SDK. */
  scripts: RegExp;
}

export const WALLETS: Record<WalletKey, WalletSignals> = {
  wallet_a: {
    name: 'Apple Pay',
    components: ['apple-pay-button'],
    buttonToken: /^(?:apple-?pay(?:-button|-btn)?|applepay(?:button|btn)?|btn-apple-?pay)$/i,
    named: /\bapple\s?pay\b/i,
    scripts: /applepay\.cdn-apple\.com\/jsapi|\bApplePaySession\b/,
  },
  wallet_b: {
    name: 'Google Pay',
    components: ['google-pay-button', 'gpay-button'],
    buttonToken: /^(?:google-?pay(?:-button|-btn)?|gpay(?:-button|-btn)?|btn-gpay|btn-google-?pay)$/i,
    named: /\bgoogle\s?pay\b|\bg\s?pay\b/i,
    scripts: /pay\.google\.com\/gp\/p\/js\/pay\.js|google\.payments\.api\.PaymentsClient/,
  },
  wallet_c: {
    name: 'Shop Pay',
    components: ['shop-pay-button', 'shop-pay-wallet-button'],
    buttonToken: /^(?:shop-?pay(?:-button|-btn)?|btn-shop-?pay)$/i,
    named: /\bshop\s?pay\b/i,
    scripts: /\/shopifycloud\/shop-js\/|shop\.app\/pay\b|\bshopPayConfig\b/,
  },
};

const PROTOCOL_A = /\/checkout_sessions\b|\bagentic commerce protocol\b|\binstant checkout in chatgpt\b/i;

type Element = { localName: string; getAttribute(name: string): string | null; textContent: string | null };
type Doc = { querySelectorAll(selector: string): ArrayLike<unknown> };

/** Accepted payment methods the structured data lists (GoodRelations URLs and free text alike), or null when it lists none. */
function acceptedMethods(graph: LdGraph): string[] | null {
  const methods: string[] = [];
  let listed = false;
  for (const node of graph.nodes) {
    for (const key of ['acceptedPaymentMethod', 'paymentAccepted']) {
      for (const value of values(node, key, graph.byId)) {
        listed = true;
        const label = typeof value === 'string' ? value : (text(value) ?? typesOf(value).join(' '));
        methods.push(...label.split(/\s*,\s*/).map((method) => method.replace(/^https?:\/\/purl\.org\/goodrelations\/v1#/i, '')));
      }
    }
  }
  return listed ? methods : null;
}

export function readCheckout(document: Doc, html: string, graph: LdGraph): CheckoutEvidence {
  const methods = acceptedMethods(graph);
  const buttons = Array.from(document.querySelectorAll('[class], [id], button, [role="button"], input')) as Element[];
  const supported = {} as Record<WalletKey, boolean | null>;
  const hints = {} as Record<WalletKey, boolean>;
  for (const key of WALLET_KEYS) {
    const wallet = WALLETS[key];
    const button = wallet.components.some((tag) => document.querySelectorAll(tag).length > 0) || buttons.some((element) => isWalletButton(element, wallet));
    const listed = methods?.some((method) => wallet.named.test(method)) ?? false;
    supported[key] = button || listed ? true : methods ? false : null;
    hints[key] = supported[key] === true || wallet.scripts.test(html) || wallet.named.test(html);
  }
  return {
    agentic_checkout_supported: { protocol_a: PROTOCOL_A.test(html) ? true : null, ...supported },
    checkout_hints: hints,
  };
}

function isWalletButton(element: Element, wallet: WalletSignals): boolean {
  const tokens = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`.split(/\s+/).filter(Boolean);
  if (tokens.some((token) => wallet.buttonToken.test(token))) return true;
  const tag = element.localName.toLowerCase();
  const isButton = tag === 'button' || tag === 'input' || element.getAttribute('role') === 'button';
  if (!isButton) return false;
  const label = `${element.getAttribute('aria-label') ?? ''} ${element.getAttribute('value') ?? ''} ${tag === 'input' ? '' : (element.textContent ?? '')}`;
  return wallet.named.test(label);
}
