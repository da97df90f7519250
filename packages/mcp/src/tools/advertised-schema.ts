import type { StandardSchemaV1, StandardSchemaWithJSON } from '@modelcontextprotocol/server';

type Json = Record<string, unknown>;

/**
 * A tool input for `registerTool`: `json` is what `tools/list` shows (the lean schema a
 * model reads); any object passes on to the handler, which checks it against the
 * contract's zod schema and answers a tool error naming each bad argument.
 */
export function advertisedInput(json: Json): StandardSchemaWithJSON<Json, Json> {
  const validate = (value: unknown): StandardSchemaV1.Result<Json> =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? { value: value as Json }
      : { issues: [{ message: 'the arguments must be a JSON object' }] };
  return {
    '~standard': {
      version: 1,
      vendor: 'refapi-mcp',
      validate,
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}
