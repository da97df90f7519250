import type { z } from 'zod';
import { UsageError } from '../errors/cli-error';
import { RULE_ID, refKindOfPattern } from './ref-kinds';

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
  throw new UsageError(`invalid ${label(issue.path)}: ${issueMessage(issue)}`, 'invalid_input');
}

/**
 * What a failed check says: for a reference or rule id, what is expected, with an example
 * (`expected a service reference like REF-SVC-101`); otherwise zod's own message.
 */
function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_format') {
    const kind =
      issue.format === 'uuid'
        ? RULE_ID
        : issue.format === 'regex' && issue.pattern !== undefined
          ? refKindOfPattern(issue.pattern)
          : undefined;
    if (kind) return `expected ${kind.noun} like ${kind.example}`;
  }
  return issue.message;
}

/** Validates one positional argument (a reference or id) with its schema. */
export function validateArg<S extends z.ZodType>(
  schema: S,
  value: string,
  name: string,
): z.output<S> {
  return validateInput(schema, value, () => `${name} "${value}"`);
}
