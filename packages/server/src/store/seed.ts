import type { Collection } from '@msw/data';
import type { z } from 'zod';

const CHUNK = 1000;

/**
 * Creates records in a collection, a thousand concurrent creates at a time (measured
 * ~20% faster than one at a time or all at once for 100k records).
 */
export async function createAll<S extends z.ZodType>(
  collection: Collection<S>,
  values: ReadonlyArray<z.input<S>>,
): Promise<Array<z.output<S>>> {
  const out: Array<z.output<S>> = [];
  for (let start = 0; start < values.length; start += CHUNK) {
    const chunk = values.slice(start, start + CHUNK).map((value) => collection.create(value));
    for (const record of await Promise.all(chunk)) out.push(record as z.output<S>);
  }
  return out;
}
