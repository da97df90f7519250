import type { z } from 'zod';
import { DomainError } from '../domain/errors';
import { firstIssuePath } from '../internal/issue-path';

/**
 * Parses one input with a contract schema; on failure throws 400 `invalid_<where>` naming
 * the first offending field, e.g. `invalid_body: addons[3].units`.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: 'path' | 'query' | 'body',
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const path = firstIssuePath(result.error);
  throw new DomainError(400, path === '' ? `invalid_${where}` : `invalid_${where}: ${path}`);
}

/** The first value of each query parameter (repeats ignored; unknown ones kept for the schema to drop). */
export function queryObject(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (search === '') return out;
  for (const [name, value] of new URLSearchParams(search)) {
    if (!(name in out)) out[name] = value;
  }
  return out;
}
