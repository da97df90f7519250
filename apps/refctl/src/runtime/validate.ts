import { IDEMPOTENCY_KEY_PATTERN, SERVICE_FILTER_PATTERN } from '@refapi/schema/values';
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
  const format = formatMessage(issue);
  if (format !== undefined) {
    const given = issue.path.reduce<unknown>(
      (at, key) => (at as Record<PropertyKey, unknown> | undefined)?.[key],
      value,
    );
    throw new UsageError(
      `invalid ${label(issue.path)} ${JSON.stringify(given)}: ${format}`,
      'invalid_input',
    );
  }
  throw new UsageError(
    `invalid ${label(issue.path)}: ${rangeMessage(schema, issue, value) ?? issueMessage(issue)}`,
    'invalid_input',
  );
}

// The service filters' and Idempotency-Key's patterns (`--type`, `--status` of `services
// list`, `--idempotency-key`), in words: a user reads what to type, not a regex (`Invalid
// string: must match pattern /^[a-z0-9][a-z0-9_-]{0,31}$/`). From the zod-free values entry:
// validating a flag loads no schema group of its own.
const SERVICE_FILTER = String(SERVICE_FILTER_PATTERN);
const IDEMPOTENCY_KEY = String(IDEMPOTENCY_KEY_PATTERN);
const FILTER_EXAMPLES: Readonly<Record<string, string>> = { type: 'kvm', status: 'active' };

/** What a value off one of the patterns above should look like; undefined for any other issue. */
function formatMessage(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code !== 'invalid_format' || issue.format !== 'regex') return undefined;
  if (issue.pattern === SERVICE_FILTER) {
    const example = FILTER_EXAMPLES[String(issue.path[0])];
    return `expected lowercase letters, digits, _ and - (up to 32 characters)${example ? `, like ${example}` : ''}`;
  }
  if (issue.pattern === IDEMPOTENCY_KEY) {
    return 'expected letters, digits and _ . : - (up to 128 characters), as a failed attempt printed it';
  }
  return undefined;
}

/** The zod internals a range is read from (classic and mini schemas alike). */
interface SchemaInternals {
  readonly _zod: {
    readonly def: {
      readonly type: string;
      readonly format?: unknown;
      readonly shape?: Readonly<Record<string, SchemaInternals>>;
      readonly innerType?: SchemaInternals;
      readonly in?: SchemaInternals;
      readonly checks?: readonly {
        readonly _zod: {
          readonly def: {
            readonly check: string;
            readonly value?: unknown;
            readonly inclusive?: boolean;
          };
        };
      }[];
    };
  };
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch']);

/** The schema of top-level field `key` of an object schema (wrappers removed), if any. */
function fieldSchema(schema: SchemaInternals, key: PropertyKey): SchemaInternals | undefined {
  let at: SchemaInternals | undefined = schema;
  while (at?._zod.def.type === 'pipe') at = at._zod.def.in;
  if (at?._zod.def.type !== 'object' || typeof key !== 'string') return undefined;
  at = at._zod.def.shape?.[key];
  while (at && WRAPPERS.has(at._zod.def.type)) at = at._zod.def.innerType;
  return at;
}

/** The inclusive bound a number schema's `check` (`greater_than`, `less_than`) sets, if any. */
function bound(field: SchemaInternals | undefined, check: string): number | undefined {
  const def = field?._zod.def.checks?.find((c) => c._zod.def.check === check)?._zod.def;
  return def?.inclusive === true && typeof def.value === 'number' ? def.value : undefined;
}

/**
 * A flag's number out of its range, in words with both ends where the contract has them:
 * `expected a whole number from 1 to 65535, not 99999`, not `Too big: expected number to be
 * <=65535`. Only a top-level field (a flag of its own): a value inside a flag (an `--addon`'s
 * units) keeps zod's words. Undefined for any other issue.
 */
function rangeMessage(
  schema: z.ZodType,
  issue: z.core.$ZodIssue,
  value: unknown,
): string | undefined {
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return undefined;
  if (issue.origin !== 'number' || issue.path.length !== 1 || issue.inclusive === false) {
    return undefined;
  }
  const key = issue.path[0]!;
  const field = fieldSchema(schema as unknown as SchemaInternals, key);
  const limit = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
  const min = bound(field, 'greater_than') ?? (issue.code === 'too_small' ? limit : undefined);
  const max = bound(field, 'less_than') ?? (issue.code === 'too_big' ? limit : undefined);
  const whole = typeof field?._zod.def.format === 'string' && /int/.test(field._zod.def.format);
  const range =
    min !== undefined && max !== undefined
      ? `from ${min} to ${max}`
      : min !== undefined
        ? `of at least ${min}`
        : `of at most ${max}`;
  const given = (value as Record<PropertyKey, unknown> | undefined)?.[key];
  return `expected ${whole ? 'a whole number' : 'a number'} ${range}, not ${String(given)}`;
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
