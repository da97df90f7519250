import { PlainUsageError, UsageError } from '../errors/cli-error';
import { parseColumnList } from './view';

// `--json a,b` of a list command, as gh has it: each item printed with only those fields, in
// the order asked, so a script's `jq` or `--jq` reads a shape it chose; `--json` alone lists
// the fields there are.

/** One item with only `fields`, in their order: null where the item has none (absent or not). */
function pick(item: unknown, fields: readonly string[]): unknown {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
  const record = item as Record<string, unknown>;
  return Object.fromEntries(fields.map((f) => [f, Object.hasOwn(record, f) ? record[f] : null]));
}

/** `value` (an item, or an array of items) with only `fields` of each; as is without them. */
export function selectFields(value: unknown, fields: readonly string[] | undefined): unknown {
  if (fields === undefined) return value;
  return Array.isArray(value) ? value.map((item) => pick(item, fields)) : pick(value, fields);
}

/**
 * Checks `--json` against the fields an item of the list has, before anything is fetched:
 * the flag alone (or no field) lists them as gh does, on stderr with a usage exit; an
 * unknown field is one line naming the ones there are.
 */
export function checkJsonFields(json: string | true | undefined, available: readonly string[]) {
  if (json === undefined) return;
  const requested = json === true ? [] : parseColumnList(json);
  if (requested.length === 0) {
    const names = [...available].sort().map((f) => `  ${f}`);
    throw new PlainUsageError(
      ['Specify one or more comma-separated fields for `--json`:', ...names].join('\n'),
    );
  }
  const unknown = requested.find((f) => !available.includes(f));
  if (unknown !== undefined) {
    throw new UsageError(
      `unknown JSON field "${unknown}"; available: ${available.join(', ')}`,
      'invalid_input',
    );
  }
}
