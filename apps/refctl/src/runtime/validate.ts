import type { z } from 'zod';
import { UsageError } from '../errors/cli-error';

/** Names the flag or argument a zod issue path points at, e.g. `rate_pps` → `--rate-pps`. */
export type Labeller = (path: readonly PropertyKey[]) => string;

/** Labels body fields as the flags that fill them (`destination_port` → `--destination-port`). */
export const asFlag: Labeller = (path) =>
  path.length === 0
    ? 'input'
    : `--${String(path[0]).replaceAll('_', '-')}${path.length > 1 ? ` (${path.slice(1).join('.')})` : ''}`;

/**
 * Validates CLI input with a contract schema before anything is sent; a failure is a
 * usage error (exit 2) naming the flag and the rule it broke.
 */
export function validateInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  label: Labeller,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new UsageError(`invalid ${label(issue.path)}: ${issue.message}`, 'invalid_input');
}

/** Validates one positional argument (a reference or id) with its schema. */
export function validateArg<S extends z.ZodType>(
  schema: S,
  value: string,
  name: string,
): z.output<S> {
  return validateInput(schema, value, () => `${name} "${value}"`);
}
