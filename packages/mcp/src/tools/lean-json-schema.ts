type Json = Record<string, unknown>;

// What `tools/list` says about an argument or a result should be what a model can use. A
// regular expression (the refs, free text, dates, UUIDs, IP addresses) is dead weight to
// it: the description says the format instead, and the server still checks it. zod's
// `z.int()` adds the safe-integer range as bounds, which only read as noise (a minimum of
// -9007199254740991): real bounds stay.
const DROPPED = new Set(['$schema', '$defs', 'pattern', 'propertyNames', 'id']);
const SAFE_INTEGER_BOUND = Number.MAX_SAFE_INTEGER;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A JSON Schema for `tools/list`: local `$ref`s inlined (the schemas of this API are not
 * recursive), and without patterns, `$schema` or the safe-integer bounds of `z.int()`.
 */
export function leanJsonSchema(schema: Json): Json {
  const defs = isObject(schema.$defs) ? schema.$defs : {};
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isObject(node)) return node;
    const ref =
      typeof node.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(node.$ref)?.[1] : undefined;
    const { $ref: _, ...rest } = ref === undefined ? { $ref: undefined, ...node } : node;
    const merged = ref === undefined ? rest : { ...(defs[ref] as Json), ...rest };
    const out: Json = {};
    for (const [key, value] of Object.entries(merged)) {
      if (DROPPED.has(key)) continue;
      if (key === 'properties' && isObject(value)) {
        // Names of properties, not keywords: every one stays.
        out[key] = Object.fromEntries(Object.entries(value).map(([name, v]) => [name, visit(v)]));
        continue;
      }
      if (
        (key === 'minimum' || key === 'maximum') &&
        Math.abs(value as number) === SAFE_INTEGER_BOUND
      )
        continue;
      out[key] = visit(value);
    }
    return out;
  };
  return visit(schema) as Json;
}
