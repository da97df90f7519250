import { z } from 'zod';
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

/**
 * The query parameters by name. A parameter the schema knows may appear once (all of them
 * are scalars): a repeat is 400 `invalid_query: <name>` rather than a silent first-wins.
 * Unknown parameters are kept, repeats and all, for the schema to drop.
 */
export function queryObject(search: string, schema?: z.ZodType): Record<string, string> {
  const out: Record<string, string> = {};
  if (search === '') return out;
  const known = schema instanceof z.ZodObject ? schema.shape : {};
  for (const [name, value] of new URLSearchParams(search)) {
    if (!Object.hasOwn(out, name)) out[name] = value;
    else if (Object.hasOwn(known, name)) throw new DomainError(400, `invalid_query: ${name}`);
  }
  return out;
}
