/**
 * Numbers as product pages write them: schema.org asks for a dot decimal ("1299.00"), pages also
 * write "1,299.00", "1.299,00", "19,99", "$24.99" or "24.99 USD". Pure.
 */

/** A non-negative price from a number or a price text (currency signs and words around it are ignored), or null. */
export function parsePrice(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const raw = value.replace(/[\s\u00a0\u202f']/g, '').match(/\d[\d.,]*/);
  if (!raw) return null;
  const digits = raw[0].replace(/[.,]+$/, '');
  const number = Number(normalise(digits));
  return Number.isFinite(number) && number >= 0 ? number : null;
}

/** Digits with "." as the only decimal mark and no grouping. */
function normalise(digits: string): string {
  const separators = digits.match(/[.,]/g) ?? [];
  if (!separators.length) return digits;
  const mark = Math.max(digits.lastIndexOf('.'), digits.lastIndexOf(','));
  const integer = digits.slice(0, mark);
  const fraction = digits.slice(mark + 1);
  const kinds = new Set(separators);
  // "1,299.00" / "1.299,00": the last separator is the decimal mark.
  if (kinds.size === 2) return `${integer.replace(/[.,]/g, '')}.${fraction}`;
  // "1,234,567" / "1.234.567": grouping only.
  if (separators.length > 1) return digits.replace(/[.,]/g, '');
  // One separator: three digits after it group thousands ("1,299"), unless the integer part is 0 ("0.125").
  if (fraction.length === 3 && integer !== '0') return `${integer}${fraction}`;
  return `${integer}.${fraction}`;
}

/** A rating value from a number or a numeric string ("4.6", "4,6"), or null. */
export function parseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*\d+(?:[.,]\d+)?\s*$/.test(value)) return Number(value.trim().replace(',', '.'));
  return null;
}

/** A count from a number or a numeric string ("1204", "1,204", "1.204"), or null. */
export function parseCount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : null;
  if (typeof value === 'string' && /^\s*\d{1,3}(?:[.,\s]?\d{3})*\s*$/.test(value)) return Number(value.replace(/[^\d]/g, ''));
  return null;
}

/** An ISO 4217 code (upper-cased), or null for anything else ("$", "dollars"). */
export function parseCurrency(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : null;
}
