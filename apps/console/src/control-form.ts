// A control's POST body (JSON Schema, from `GET /__admin/controls`) read as form fields,
// and the fields' text read back as a body. Only the kinds the controls use: an object of
// string, enum, date-time, integer, number and boolean properties, any of them nullable.
// Date-times are typed as ISO 8601 in UTC (`utc-input.ts`), never in the locale's format.

import { formatUtcInput, parseUtcInput } from './utc-input';

/** How a field is edited. */
type FieldKind = 'enum' | 'boolean' | 'integer' | 'number' | 'date-time' | 'string';

/** One property of a control's body as a form field. */
export interface ControlField {
  readonly name: string;
  readonly label: string;
  /** What the field does (the schema's `description`), shown under it. */
  readonly description?: string;
  readonly kind: FieldKind;
  readonly required: boolean;
  /** `null` is a valid value: an empty field sends it. */
  readonly nullable: boolean;
  readonly options?: readonly string[];
  readonly min?: number;
  readonly max?: number;
}

/** The text of each field by name (`true`/`false` for booleans). */
export type FieldValues = Record<string, string>;

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const UNITS: Record<string, string> = { ms: 'ms', seconds: 's', hours: 'h' };

/** `latency_ms` → `Latency (ms)`, `retry_after` → `Retry after`. */
export function fieldLabel(name: string): string {
  const words = name.split('_');
  const unit = words.length > 1 ? UNITS[words.at(-1)!] : undefined;
  const text = (unit === undefined ? words : words.slice(0, -1)).join(' ');
  const label = text.charAt(0).toUpperCase() + text.slice(1);
  return unit === undefined ? label : `${label} (${unit})`;
}

/** `{anyOf: [X, {type: 'null'}]}` (and `type: [X, 'null']`) as X plus nullability. */
function unwrapNull(schema: Schema): { schema: Schema; nullable: boolean } {
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf.filter(isSchema) : undefined;
  if (variants !== undefined) {
    const rest = variants.filter((variant) => variant.type !== 'null');
    if (rest.length === 1 && rest.length < variants.length) {
      return { schema: { ...rest[0], ...pick(schema, 'title', 'description') }, nullable: true };
    }
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = schema.type.filter((type) => type !== 'null');
    if (types.length === 1) return { schema: { ...schema, type: types[0] }, nullable: true };
  }
  return { schema, nullable: false };
}

const pick = (schema: Schema, ...names: string[]) =>
  Object.fromEntries(names.filter((name) => name in schema).map((name) => [name, schema[name]]));

function kindOf(schema: Schema): FieldKind | undefined {
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) return 'enum';
  switch (schema.type) {
    case 'boolean':
    case 'integer':
    case 'number':
      return schema.type;
    case 'string':
      return schema.format === 'date-time' ? 'date-time' : 'string';
    default:
      return undefined;
  }
}

const bound = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;

/**
 * The form fields of a control's body schema, in the schema's order. A property of a kind
 * the form cannot edit (an array, a nested object) is left out: the body omits it.
 */
export function controlFields(body: Schema): ControlField[] {
  const properties = isSchema(body.properties) ? body.properties : {};
  const required = new Set(Array.isArray(body.required) ? body.required : []);
  const fields: ControlField[] = [];
  for (const [name, raw] of Object.entries(properties)) {
    if (!isSchema(raw)) continue;
    const { schema, nullable } = unwrapNull(raw);
    const kind = kindOf(schema);
    if (kind === undefined) continue;
    const min = bound(schema.minimum);
    const max = bound(schema.maximum);
    fields.push({
      name,
      label: typeof schema.title === 'string' ? schema.title : fieldLabel(name),
      ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
      kind,
      required: required.has(name),
      nullable,
      ...(kind === 'enum' ? { options: schema.enum as string[] } : {}),
      ...(min === undefined ? {} : { min }),
      ...(max === undefined ? {} : { max }),
    });
  }
  return fields;
}

/** The fields' text for the fields a control's value holds (its `GET` or `POST` answer). */
export function fieldValues(fields: readonly ControlField[], value: unknown): FieldValues {
  const current = isSchema(value) ? value : {};
  const out: FieldValues = {};
  for (const field of fields) {
    const v = current[field.name];
    // A field the value does not hold is left out (a POST answer may hold fewer).
    if (!(field.name in current)) continue;
    if (field.kind === 'boolean') out[field.name] = v === true ? 'true' : 'false';
    else if (v === null || v === undefined) out[field.name] = '';
    else if (field.kind === 'date-time' && typeof v === 'string')
      out[field.name] = formatUtcInput(v);
    else out[field.name] = String(v);
  }
  return out;
}

/** Why a field's text cannot be sent (a date-time that is not ISO 8601), or undefined. */
export function fieldError(field: ControlField, text: string): string | undefined {
  if (field.kind !== 'date-time' || text.trim() === '') return undefined;
  const parsed = parseUtcInput(text);
  return parsed.ok ? undefined : parsed.error;
}

/**
 * What a control's value holds now, as one line: `power=reject · shield=ok · latency_ms=0`
 * (`none` for null). The console shows it beside the form, so an applied fault is visible
 * without opening a field.
 */
export function appliedSummary(value: unknown): string {
  if (!isSchema(value)) return value === undefined ? '' : JSON.stringify(value);
  return Object.entries(value)
    .map(
      ([name, v]) =>
        `${name}=${v === null ? 'none' : typeof v === 'object' ? JSON.stringify(v) : String(v)}`,
    )
    .join(' · ');
}

/**
 * The POST body of the fields' text: numbers as numbers, date-times as ISO (UTC), booleans
 * as they stand; an empty field is `null` when the schema allows it, else left out. Throws
 * on a date-time {@link fieldError} refuses.
 */
export function controlBody(
  fields: readonly ControlField[],
  values: FieldValues,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const text = values[field.name] ?? '';
    if (field.kind === 'boolean') {
      body[field.name] = text === 'true';
    } else if (text === '') {
      if (field.nullable) body[field.name] = null;
    } else if (field.kind === 'integer' || field.kind === 'number') {
      body[field.name] = Number(text);
    } else if (field.kind === 'date-time') {
      const parsed = parseUtcInput(text);
      if (!parsed.ok) throw new Error(`${field.label}: ${parsed.error}`);
      body[field.name] = parsed.iso;
    } else {
      body[field.name] = text;
    }
  }
  return body;
}
