import { UsageError } from '../errors/cli-error';

// `refctl api`'s `-f key=value` (string) and `-F key=value` (typed) fields, as gh api reads
// them: `-F` turns `true`, `false`, `null` and numbers into JSON values and `@file` into the
// file's text (`@-`: stdin). Keys nest: `a[b]=1` is `{"a":{"b":1}}`, `a[]=1` appends to an
// array, and `a[][b]=1` starts a new object in the array unless its last one has no `b` yet,
// so `-f 'addons[][addon_ref]=REF-ADDON-11' -F 'addons[][units]=2'` is one addon line.

/** A JSON value a field can hold. */
type FieldValue = string | number | boolean | null | FieldValue[] | FieldObject;
/** A JSON object built from fields. */
export type FieldObject = { [key: string]: FieldValue };

/** One field as given: which flag, its key path and its text. */
export interface RawField {
  readonly flag: '-f' | '-F';
  readonly text: string;
}

/** Reads the text of `@file` values (`-` is stdin). */
export type ReadFile = (path: string) => Promise<string>;

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** `addons[][units]` → `['addons', '', 'units']` (`''` is an append, `[]`). */
export function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match)
    throw new UsageError(`invalid field key "${key}": expected name, name[key] or name[]`);
  return [match[1]!, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
}

/** The value of one field: a string for `-f`, typed for `-F`. */
async function fieldValue(field: RawField, readFile: ReadFile): Promise<FieldValue> {
  const value = splitField(field).value;
  if (field.flag === '-f') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (NUMBER.test(value)) return exactNumber(field, value);
  if (value.startsWith('@')) return readFile(value.slice(1));
  return value;
}

/** `1.50e2` → `15e1`: the decimal value of a number's text, whatever its spelling. */
function decimalValue(text: string): string | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (match === null) return undefined;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  const leading = digits.length - digits.replace(/^0+/, '').length;
  digits = digits.slice(leading).replace(/0+$/, '');
  point -= leading;
  return digits === '' ? '0' : `${sign}${digits}e${point}`;
}

/**
 * A `-F` number as JSON will carry it: refused when the double it parses to is another
 * number (`12345678901234567890123` sent as `1.2345678901234568e+22`, `1e400` as `null`),
 * which the server would take as the value given.
 */
function exactNumber(field: RawField, text: string): number {
  const value = Number(text);
  if (decimalValue(String(value)) !== decimalValue(text)) {
    throw new UsageError(
      `${field.flag} ${shownField(field)}: ${text} has no exact JSON number (it would be sent as ${JSON.stringify(value)}); use -f to send it as text`,
      'invalid_input',
    );
  }
  return value;
}

const shownField = (field: RawField): string => field.text.slice(0, field.text.indexOf('='));

function splitField(field: RawField): { key: string; value: string } {
  const eq = field.text.indexOf('=');
  if (eq <= 0) {
    throw new UsageError(
      `invalid ${field.flag} "${field.text}": expected key=value`,
      'invalid_input',
    );
  }
  return { key: field.text.slice(0, eq), value: field.text.slice(eq + 1) };
}

const isObject = (value: FieldValue | undefined): value is FieldObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// A field names any key, `__proto__` and `constructor` included: read and written as the
// object's own, never through its prototype (`-f '__proto__[x]=1'` had set `x` on every
// object in the process and sent nothing).
const own = (target: FieldObject, key: string): FieldValue | undefined =>
  Object.hasOwn(target, key) ? target[key] : undefined;
const put = (target: FieldObject, key: string, value: FieldValue): void => {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
};

/** Sets `value` at `path` inside `target`, creating objects and arrays on the way. */
function setPath(target: FieldObject, path: readonly string[], value: FieldValue): void {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    put(target, head, value);
    return;
  }
  const [next, ...after] = rest as [string, ...string[]];
  const existing = own(target, head);
  if (next !== '') {
    const child = isObject(existing) ? existing : {};
    put(target, head, child);
    setPath(child, rest, value);
    return;
  }
  const list = Array.isArray(existing) ? existing : [];
  put(target, head, list);
  if (after.length === 0) {
    list.push(value);
    return;
  }
  // `a[][b]=…`: fill the last object of the array while it lacks `b`, else start a new one.
  const last = list.at(-1);
  const key = after[0]!;
  const item = isObject(last) && !Object.hasOwn(last, key) ? last : {};
  if (item !== last) list.push(item);
  setPath(item, after, value);
}

/** The JSON object of the given fields, in order (`-f` and `-F` as given on the line). */
export async function fieldsObject(
  fields: readonly RawField[],
  readFile: ReadFile,
): Promise<FieldObject> {
  const out: FieldObject = {};
  for (const field of fields) {
    const { key } = splitField(field);
    setPath(out, keyPath(key), await fieldValue(field, readFile));
  }
  return out;
}

/** Fields as query parameters (GET): flat keys only; values as text. */
export function fieldsQuery(fields: FieldObject): [string, string][] {
  return Object.entries(fields).map(([key, value]) => {
    if (typeof value === 'object' && value !== null) {
      throw new UsageError(
        `field "${key}" is nested: a GET request takes only flat fields as query parameters`,
        'invalid_input',
      );
    }
    return [key, String(value)];
  });
}
