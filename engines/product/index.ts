export {
  extractProduct,
  parsePage,
  productEvidence,
  hasProductData,
  type ProductEvidence,
  type StructuredFields,
  type ParsedPage,
  type ExtractionSource,
} from './extract.ts';
export { collectProduct, type ProductJsonResult } from './collect.ts';
export { WALLETS, WALLET_KEYS, type WalletKey, type CheckoutEvidence } from './checkout.ts';
