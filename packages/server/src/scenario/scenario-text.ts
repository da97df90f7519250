import { isFreeText } from '@refapi/schema';
import { formatIssuePath } from '../internal/issue-path';

const UNSAFE = 'control characters, bidi controls or lone surrogates';

/** The first text of a scenario that breaks the free-text rule: its JSON path and why. */
interface UnsafeText {
  readonly path: string;
  readonly reason: string;
}

/**
 * Finds the first string (or object key) of a scenario that breaks the API's free-text rule.
 * Names and descriptions reach the API, the console and terminals like any stored text, so
 * they follow the rule the API applies to request bodies; so does every other string (refs,
 * states, Shield rule names under `extensions`), none of which has a use for control
 * characters. Stored idempotent responses are skipped: they hold what the server wrote and
 * are replayed byte for byte. The reason never quotes the text: it may be the escape itself.
 */
export function findUnsafeText(
  document: Readonly<Record<string, unknown>>,
): UnsafeText | undefined {
  const path: PropertyKey[] = [];
  const found = (reason: string): UnsafeText => ({ path: formatIssuePath(path), reason });

  const walk = (value: unknown): UnsafeText | undefined => {
    if (typeof value === 'string') {
      return isFreeText(value) ? undefined : found(`must not contain ${UNSAFE}`);
    }
    if (value === null || typeof value !== 'object') return undefined;
    const entries: Iterable<[PropertyKey, unknown]> = Array.isArray(value)
      ? value.entries()
      : Object.entries(value);
    for (const [key, child] of entries) {
      // Reported at the object, so the message never carries the offending key.
      if (typeof key === 'string' && !isFreeText(key)) return found(`has a key with ${UNSAFE}`);
      path.push(key);
      const result = walk(child);
      path.pop();
      if (result !== undefined) return result;
    }
    return undefined;
  };

  for (const [key, value] of Object.entries(document)) {
    if (key === 'idempotency') continue;
    path.push(key);
    const result = walk(value);
    path.pop();
    if (result !== undefined) return result;
  }
  return undefined;
}
