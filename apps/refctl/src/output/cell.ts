import { formatAmount, MONEY_FIELDS } from './money';

/** Reads a dotted path (`account_price.final`) from an API object. */
export function readPath(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/**
 * Text of one table or CSV cell. `field` is the last path segment, used to print money
 * with two decimals; `empty` stands for an absent value.
 */
export function formatCell(value: unknown, field: string, empty: string): string {
  if (value === undefined || value === null) return empty;
  if (typeof value === 'number')
    return MONEY_FIELDS.has(field) ? formatAmount(value) : String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return value.map((v) => formatCell(v, field, empty)).join(',');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}=${formatCell(v, k, empty)}`)
      .join(',');
  }
  return String(value);
}
