import { vatPercent } from '@refapi/schema/text';
import { formatAmount, MONEY_FIELDS, MONEY_MAPS } from './money';

/**
 * Reads a dotted path (`account_price.final`) from an API object: its own fields only, so
 * `constructor` or `toString` is no more a column than any other name it lacks.
 */
export function readPath(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, part)) {
      return undefined;
    }
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

// Money: a money field (`final`), or any member of a money map (`period_prices.yearly`).
const isMoney = (path: string): boolean => {
  const parts = path.split('.');
  const field = parts.at(-1) ?? '';
  return MONEY_FIELDS.has(field) || MONEY_MAPS.has(parts.at(-2) ?? '');
};

/**
 * Text of one table or CSV cell at `path` (`account_price.final`), which says whether a
 * number is money (two decimals); `empty` stands for an absent value.
 */
export function formatCell(value: unknown, path: string, empty: string): string {
  if (value === undefined || value === null) return empty;
  if (typeof value === 'number') return isMoney(path) ? formatAmount(value) : String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return value.map((v) => formatCell(v, path, empty)).join(',');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}=${formatCell(v, `${path}.${k}`, empty)}`)
      .join(',');
  }
  return String(value);
}

/**
 * Text of one table cell, for people: as {@link formatCell}, but a VAT rate (`vat_rate`,
 * 0.19) in percent (`19 %`), as quotes write it. CSV, like JSON, keeps the API's rate.
 */
export function tableCell(value: unknown, path: string): string {
  if (typeof value === 'number' && path.split('.').at(-1) === 'vat_rate') {
    return `${vatPercent(value)} %`;
  }
  return formatCell(value, path, '-');
}
