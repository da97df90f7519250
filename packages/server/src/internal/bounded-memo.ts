/**
 * `compute` remembered per key for the first `max` keys asked. What callers send repeats from
 * request to request (header names, hosts, body keys); a caller inventing keys only stops the
 * remembering, never grows it. `compute` must be pure and never return undefined.
 */
export function boundedMemo<K, V>(compute: (key: K) => V, max: number): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = compute(key);
      if (kept.size < max) kept.set(key, value);
    }
    return value;
  };
}
