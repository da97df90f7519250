import type { RouteDef } from '@refapi/schema';
import { SHIELD_PROFILE_STATES } from '@refapi/schema/values';
import type { z } from 'zod';
import type { LevelLogger } from './log';

/**
 * How responses are checked against the contract: `compatible` accepts additive change
 * (unknown properties, new values of enums the SDK does not branch on) and warns once;
 * `strict` throws on any difference; `false` checks nothing.
 */
export type ResponseValidationMode = 'compatible' | 'strict' | false;

// The SDK's waitFor decides on these values: a new one is a breaking change, not drift.
const BRANCHED_ENUMS: readonly (readonly string[])[] = [SHIELD_PROFILE_STATES];

/** One additive difference between a response and the contract. */
interface Drift {
  readonly kind: 'property' | 'value';
  /** `rules[].kind` style: array indexes collapse so a list warns once, not per item. */
  readonly path: string;
  readonly message: string;
}

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

function formatPath(path: Path): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += '[]';
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out || '(root)';
}

function valueAt(body: unknown, path: Path): unknown {
  let current = body;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

const sameValues = (a: readonly unknown[], b: readonly string[]) =>
  a.length === b.length && a.every((v) => b.includes(v as string));

// A z.enum miss on a string, in an enum the SDK does not branch on. A z.literal (one value)
// or a value of another type stays a breaking mismatch.
function isOpenEnumMiss(issue: Issue, body: unknown): boolean {
  if (issue.code !== 'invalid_value' || issue.values.length < 2) return false;
  if (!issue.values.every((v) => typeof v === 'string')) return false;
  if (BRANCHED_ENUMS.some((values) => sameValues(issue.values, values))) return false;
  return typeof valueAt(body, issue.path) === 'string';
}

/** Splits zod issues into additive drift and real breakage. */
export function classifyIssues(
  issues: readonly Issue[],
  body: unknown,
): { drift: Drift[]; breaking: Issue[] } {
  const drift: Drift[] = [];
  const breaking: Issue[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = formatPath([...issue.path, key]);
        drift.push({ kind: 'property', path, message: `unknown property "${path}"` });
      }
    } else if (isOpenEnumMiss(issue, body)) {
      const path = formatPath(issue.path);
      const value = valueAt(body, issue.path) as string;
      const message = `unknown value ${JSON.stringify(value)} of "${path}"`;
      drift.push({ kind: 'value', path, message });
    } else {
      breaking.push(issue);
    }
  }
  return { drift, breaking };
}

/** The outcome of checking one body: the value to return, or the issues to throw with. */
export type CheckResult =
  | { readonly ok: true; readonly data: unknown }
  | { readonly ok: false; readonly issues: Issue[] };

/** Checks response bodies for one client; remembers which drift it already reported. */
export class ResponseChecker {
  readonly mode: ResponseValidationMode;
  readonly #log: LevelLogger;
  readonly #reported = new Set<string>();

  constructor(mode: ResponseValidationMode, log: LevelLogger) {
    this.mode = mode;
    this.#log = log;
  }

  /** Validates `body` against the success schema of `op` in this checker's mode. */
  check(op: RouteDef, schema: z.ZodType, body: unknown): CheckResult {
    if (this.mode === false) return { ok: true, data: body };
    // The fast path, and the only one a body on the contract takes.
    const parsed = schema.safeParse(body);
    if (parsed.success) return { ok: true, data: parsed.data };
    const issues = parsed.error.issues;
    if (this.mode === 'strict') return { ok: false, issues };
    const { drift, breaking } = classifyIssues(issues, body);
    // Drift listed last: the error message names the first issue, the one that breaks.
    if (breaking.length > 0) {
      return { ok: false, issues: [...breaking, ...issues.filter((i) => !breaking.includes(i))] };
    }
    this.#report(op, drift);
    // Response schemas hold no transforms or defaults, so the parsed value would equal the
    // body: the body as received keeps the additions for callers who want them.
    return { ok: true, data: body };
  }

  #report(op: RouteDef, drift: readonly Drift[]): void {
    for (const d of drift) {
      const key = `${op.operationId} ${d.kind} ${d.path}`;
      if (this.#reported.has(key)) continue;
      this.#reported.add(key);
      this.#log.warn(`contract drift: ${op.method} ${op.path}: ${d.message}`);
    }
  }
}
