// Matching of journal entries against a test's expectation (`requests()`, `expectOneRequest()`).

/**
 * Whether `actual` holds everything `expected` names: objects match when each expected
 * key matches (extra keys are fine, at any depth); arrays and primitives must be equal.
 */
export function containsSubset(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, i) => containsSubset(actual[i], item))
    );
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    return Object.entries(expected).every(
      ([key, value]) =>
        Object.hasOwn(actual, key) &&
        containsSubset((actual as Record<string, unknown>)[key], value),
    );
  }
  return Object.is(actual, expected);
}

/** A JSON body parsed, or undefined when there is none or it is not JSON. */
export function parseJsonBody(body: string | null): unknown {
  if (body === null) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** Whether a raw query string carries every given parameter with the given value. */
export function queryContains(query: string, expected: Readonly<Record<string, string>>): boolean {
  const params = new URLSearchParams(query);
  return Object.entries(expected).every(([name, value]) => params.getAll(name).includes(value));
}
