// Conversions between stored records and scenario/public shapes run per record on loads,
// exports and pages; a keyed loop copies ~5x faster than rest destructuring plus spread.

/** A shallow copy of `source` without the `omitted` fields, in the same field order. */
export function copyWithout(source: object, omitted: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fields = source as Record<string, unknown>;
  for (const key in fields) {
    if (!omitted.has(key)) out[key] = fields[key];
  }
  return out;
}
