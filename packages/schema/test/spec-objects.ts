import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The objects of the account API as `account-api.md` lists them ("Resources and their
// fields", the endpoint table and the error rule), read from the spec itself, never from
// `@refapi/schema`: a check built on these cannot drift with the schemas it checks. Tests use
// it to fail on any field the spec does not list, in a schema or in an answer.

/** Where the spec is: `$REFAPI_SPEC`, else `shared/spec/account-api.md` beside the checkout. */
const SPEC_PATH =
  process.env.REFAPI_SPEC ??
  resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/spec/account-api.md');

/** What a field holds, as far as the spec says: another resource, a list of one, or a value. */
type SpecType =
  | { readonly kind: 'resource'; readonly name: string }
  | { readonly kind: 'array'; readonly of: SpecType }
  | {
      readonly kind: 'object';
      readonly fields: ReadonlyMap<string, SpecField>;
      readonly open: false;
    }
  | { readonly kind: 'value' };

/** One listed field. */
interface SpecField {
  readonly required: boolean;
  readonly type: SpecType;
}

/** One resource of the spec: its fields, and whether it allows more (Service and Plan). */
export interface SpecResource {
  readonly name: string;
  readonly open: boolean;
  readonly fields: ReadonlyMap<string, SpecField>;
}

const VALUE: SpecType = { kind: 'value' };
const IDENTIFIER = /^[A-Z][A-Za-z]+$/;
// `Name: …` starting a paragraph or a sentence (`Required:` and `Optional:` label fields).
const DEFINITION = /(?:^|\.\s+)(?!Required:|Optional:)([A-Z][A-Za-z]+):\s/g;
// Words of the prose that are not field names ("all required", "both required", "and").
const NOT_FIELDS = new Set(['all', 'both', 'required', 'optional', 'and', 'of']);

/** The text between each top-level pair of parentheses taken out, and the rest. */
function splitParens(text: string): { rest: string; groups: string[] } {
  let rest = '';
  const groups: string[] = [];
  let depth = 0;
  let group = '';
  for (const ch of text) {
    if (ch === '(') {
      if (depth++ > 0) group += ch;
      continue;
    }
    if (ch === ')' && depth > 0) {
      if (--depth === 0) {
        groups.push(group);
        rest += ` §${groups.length - 1}§ `;
        group = '';
      } else group += ch;
      continue;
    }
    if (depth > 0) group += ch;
    else rest += ch;
  }
  return { rest, groups };
}

/** A type text (`array of ShieldRule`, `Money; the remaining balance`) against the names known. */
function typeOf(text: string, names: ReadonlySet<string>): SpecType {
  const named = [...text.matchAll(/\b([A-Z][A-Za-z]+)\b/g)]
    .map((m) => m[1]!)
    .find((word) => names.has(word));
  if (named === undefined) return VALUE;
  const resource: SpecType = { kind: 'resource', name: named };
  return /\barray\b|\[/.test(text) ? { kind: 'array', of: resource } : resource;
}

/**
 * The fields of one prose definition: `Required: a (string), b. Optional: c (date-time).`,
 * `a (number, required), b (…; required).`, `a, b required; c optional.`, `… All required.`
 */
function proseFields(text: string, names: ReadonlySet<string>): Map<string, SpecField> {
  const { rest, groups } = splitParens(text);
  const fields = new Map<string, SpecField>();
  let optionalPart = false;
  for (const sentence of rest.split(/\.(?:\s|$)/)) {
    let body = sentence.trim();
    const label = /^(Required|Optional):?\s*/i.exec(body);
    if (label) {
      optionalPart = label[1]!.toLowerCase() === 'optional';
      body = body.slice(label[0].length);
    }
    for (const piece of body.split(/[,;]|\band\b/)) {
      const words = piece.trim().split(/\s+/).filter(Boolean);
      const name = words.find((word) => !NOT_FIELDS.has(word.toLowerCase()));
      if (name === undefined || !/^[a-z_]+$/.test(name)) continue;
      const paren = words
        .map((word) => /^§(\d+)§$/.exec(word))
        .flatMap((m) => (m ? [groups[Number(m[1])]!] : []))
        .join('; ');
      const optional = optionalPart || words.includes('optional') || /\boptional\b/.test(paren);
      fields.set(name, { required: !optional, type: typeOf(paren, names) });
    }
  }
  // A field listed bare before one with a type shares it (`created_at, updated_at (date-time)`)
  // only for values; resources are always named per field in the spec.
  return fields;
}

/** `{rule: ShieldRule}`, `{rules: [ShieldRule]}`, `{service: Service, server_time}`. */
function braceFields(text: string, names: ReadonlySet<string>): Map<string, SpecField> {
  const fields = new Map<string, SpecField>();
  const inner = /\{(.*)\}/.exec(text)?.[1] ?? '';
  const { rest, groups } = splitParens(inner);
  for (const part of rest.split(',')) {
    const [rawName, rawType = ''] = part.split(':').map((s) => s.trim());
    const name = /^[a-z_]+/.exec(rawName ?? '')?.[0];
    if (name === undefined) continue;
    const paren = [...part.matchAll(/§(\d+)§/g)].map((m) => groups[Number(m[1])]!).join('; ');
    fields.set(name, { required: true, type: typeOf(`${rawType} ${paren}`, names) });
  }
  return fields;
}

/** The cells of a markdown table row. */
const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim().replaceAll('`', ''));

/** The fields of a `| Field | Type | … |` table. */
function tableFields(rows: readonly string[], names: ReadonlySet<string>): Map<string, SpecField> {
  const [header, , ...body] = rows.map(cells);
  const requiredColumn = header!.findIndex((cell) => cell.toLowerCase() === 'required');
  const fields = new Map<string, SpecField>();
  for (const row of body) {
    const [name, type = ''] = row;
    if (name === undefined) continue;
    // "All listed fields required unless marked optional" (ShieldEntitlement) or a Required column.
    const optional =
      requiredColumn >= 0 ? row[requiredColumn] !== 'yes' : row.slice(1).includes('optional');
    fields.set(name, { required: !optional, type: typeOf(type, names) });
  }
  return fields;
}

/** The blocks of a section: paragraphs and tables, each with the heading it is under. */
function blocks(section: string): { heading: string; text: string; table: boolean }[] {
  const out: { heading: string; text: string; table: boolean }[] = [];
  let heading = '';
  for (const block of section.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    const prose: string[] = [];
    const flush = (table: boolean, text: string) => {
      if (text.trim() !== '') out.push({ heading, text, table });
    };
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (line.startsWith('### ')) {
        flush(false, prose.splice(0).join(' '));
        heading = line.slice(4).trim();
      } else if (line.startsWith('|')) {
        flush(false, prose.splice(0).join(' '));
        const table: string[] = [];
        while (i < lines.length && lines[i]!.startsWith('|')) table.push(lines[i++]!);
        i--;
        flush(true, table.join('\n'));
      } else if (!line.startsWith('- ')) prose.push(line);
    }
    flush(false, prose.join(' '));
  }
  return out;
}

/** The text of the `## title` section of the spec. */
function section(spec: string, title: string): string {
  const start = spec.indexOf(`\n## ${title}`);
  if (start < 0) throw new Error(`account-api.md has no "## ${title}" section`);
  const end = spec.indexOf('\n## ', start + 1);
  return spec.slice(start, end < 0 ? undefined : end);
}

/** The resource a `### Heading` names (`Service (additional properties allowed)`), if any. */
const headingResource = (heading: string) => /^([A-Z][A-Za-z]+)(?:\s*\(.*\))?$/.exec(heading)?.[1];

/**
 * Fields the spec lists without a type (`ShieldCapabilities: entitlement, presets, profiles`)
 * take the resource type a field of the same name has everywhere else it is typed.
 */
function inferBareTypes(resources: Map<string, SpecResource>): void {
  const typed = new Map<string, Set<string>>();
  for (const { fields } of resources.values()) {
    for (const [name, field] of fields) {
      if (field.type.kind === 'value') continue;
      typed.set(name, (typed.get(name) ?? new Set()).add(JSON.stringify(field.type)));
    }
  }
  for (const resource of resources.values()) {
    const fields = resource.fields as Map<string, SpecField>;
    for (const [name, field] of fields) {
      const types = typed.get(name);
      if (field.type.kind === 'value' && types?.size === 1) {
        fields.set(name, { ...field, type: JSON.parse([...types][0]!) as SpecType });
      }
    }
  }
}

/** Every resource of "Resources and their fields", by name. */
export function specResources(spec: string): ReadonlyMap<string, SpecResource> {
  const parts = blocks(section(spec, 'Resources and their fields'));
  // First pass: every name a definition introduces, so types can point at later ones.
  const names = new Set<string>();
  for (const { heading, text } of parts) {
    const head = headingResource(heading);
    if (head !== undefined) names.add(head);
    for (const m of text.matchAll(
      /(?:^|\.\s+)(?!Required:|Optional:)([A-Z][A-Za-z]+)(?:\s*\([^)]*\))?:/g,
    )) {
      names.add(m[1]!);
    }
  }
  const resources = new Map<string, SpecResource>();
  const define = (name: string, fields: Map<string, SpecField>, open = false) => {
    if (fields.size > 0) resources.set(name, { name, open, fields });
  };
  let pending: string | undefined;
  for (const { heading, text, table } of parts) {
    const headName = headingResource(heading) ?? '';
    const headOpen = /additional properties allowed/.test(heading);
    if (table) {
      const name = pending ?? headName;
      const header = cells(text.split('\n')[0]!);
      if (header[0] === 'Field' && IDENTIFIER.test(name))
        define(name, tableFields(text.split('\n'), names));
      pending = undefined;
      continue;
    }
    // `Name (…):` alone introduces the table that follows.
    const intro = /^([A-Z][A-Za-z]+)(?:\s*\([^)]*\))?:\s*$/.exec(text.trim());
    if (intro) {
      pending = intro[1];
      continue;
    }
    pending = undefined;
    // One paragraph may define several: `ShieldRuleMutation: {…}. ShieldRulePage: {…}.`
    const defs = [...text.matchAll(DEFINITION)];
    if (defs.length === 0) {
      if (IDENTIFIER.test(headName) && !resources.has(headName)) {
        define(headName, proseFields(text, names), headOpen);
      }
      continue;
    }
    const firstAt = defs[0]!.index ?? 0;
    if (firstAt > 0 && IDENTIFIER.test(headName) && !resources.has(headName)) {
      define(headName, proseFields(text.slice(0, firstAt), names), headOpen);
    }
    defs.forEach((def, i) => {
      const body = text.slice((def.index ?? 0) + def[0].length, defs[i + 1]?.index).trim();
      define(def[1]!, body.startsWith('`{') ? braceFields(body, names) : proseFields(body, names));
    });
  }
  inferBareTypes(resources);
  return resources;
}

/** The shape of one answer the spec describes: a resource, an envelope, or nothing it lists. */
export type SpecShape = SpecType | { readonly kind: 'none' };

/** Where each page envelope's items come from (`<items>` is invoices, orders, …). */
const PAGE_ITEMS: Readonly<Record<string, string>> = {
  invoices: 'Invoice',
  orders: 'Order',
  transactions: 'Transaction',
  services: 'Service',
  plans: 'Plan',
};

/** The item of "Details" about one operation (Shield paths there start `…/shield`). */
function detailOf(details: string, method: string, path: string): string {
  const short = path.replace('/services/{service_ref}/shield', '.../shield');
  const heads = [`**${method} ${path}**`, `**${method} ${short}**`];
  return details.split('\n').find((line) => heads.some((head) => line.includes(head))) ?? '';
}

/** The spec's answer of each operation, keyed `METHOD /path` (paths as in the spec, `{service_ref}`). */
export function specSuccesses(
  spec: string,
  resources: ReadonlyMap<string, SpecResource>,
): ReadonlyMap<string, { readonly status: number; readonly shape: SpecShape }> {
  const names = new Set(resources.keys());
  const endpoints = section(spec, 'Endpoints');
  const table = endpoints.slice(endpoints.indexOf('### Summary table'));
  const details = endpoints.slice(endpoints.indexOf('### Details'));
  const out = new Map<string, { status: number; shape: SpecShape }>();
  for (const line of table.split('\n')) {
    const row = /^\| (GET|POST|PUT|DELETE) \| (\S+) \| [^|]+ \| (\d{3})\s*(.*?) \|$/.exec(line);
    if (!row) continue;
    const [, method, path, status, rest] = row as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    const key = `${method} ${path}`;
    let text = rest.trim();
    if (text === '') {
      // The answer is spelled out in the operation's details: `Response 200 `{…}``.
      const item = detailOf(details, method, path);
      text = /Response \d{3} (`\{[^`]*\}`)/.exec(item)?.[1] ?? '';
    }
    let shape: SpecShape = { kind: 'none' };
    if (text.startsWith('`{')) {
      const fields = braceFields(text, names);
      for (const [name, field] of fields) {
        const item = PAGE_ITEMS[name];
        if (item !== undefined && field.type.kind === 'value') {
          fields.set(name, {
            required: true,
            type: { kind: 'array', of: { kind: 'resource', name: item } },
          });
        }
        if (name === 'pagination')
          fields.set(name, { required: true, type: { kind: 'resource', name: 'Pagination' } });
      }
      shape = { kind: 'object', fields, open: false };
    } else {
      // `ShieldTelemetry`, or `JSON or CSV` where the details say `JSON returns ShieldTelemetry`.
      const item = detailOf(details, method, path);
      const named = text.startsWith('JSON')
        ? /JSON returns (\w+)/.exec(item)?.[1]
        : text.split(/\s/)[0];
      if (named !== undefined && names.has(named)) shape = { kind: 'resource', name: named };
    }
    out.set(key, { status: Number(status), shape });
  }
  return out;
}

/** The error body: `{error}`, and on a 409 also `status`. */
export function specError(status: number): SpecShape {
  const fields = new Map<string, SpecField>([['error', { required: true, type: VALUE }]]);
  if (status === 409) fields.set('status', { required: false, type: VALUE });
  return { kind: 'object', fields, open: false };
}

/** The spec's text, or a clear failure naming where it was looked for. */
export function readSpec(path: string = SPEC_PATH): string {
  if (!existsSync(path)) {
    throw new Error(`account-api.md not found at ${path}: set REFAPI_SPEC to its path`);
  }
  return readFileSync(path, 'utf8');
}

/** One place where an answer or a schema has what the spec does not list. */
export interface SpecViolation {
  readonly path: string;
  readonly problem: string;
}

/**
 * Checks a JSON value against a spec shape: every object has only the fields the spec lists
 * (Service and Plan excepted) and every required one. Values are not type-checked: the
 * spec's field lists are what this guards.
 */
export function checkAgainstSpec(
  value: unknown,
  shape: SpecShape,
  resources: ReadonlyMap<string, SpecResource>,
  path = '$',
): SpecViolation[] {
  if (shape.kind === 'none' || shape.kind === 'value') return [];
  if (shape.kind === 'array') {
    if (!Array.isArray(value)) return [{ path, problem: 'is not an array' }];
    return value.flatMap((item, i) => checkAgainstSpec(item, shape.of, resources, `${path}[${i}]`));
  }
  const resource = shape.kind === 'resource' ? resources.get(shape.name) : undefined;
  const fields = shape.kind === 'object' ? shape.fields : resource?.fields;
  if (fields === undefined) return [{ path, problem: `the spec has no ${JSON.stringify(shape)}` }];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return [{ path, problem: 'is not an object' }];
  }
  const record = value as Record<string, unknown>;
  const out: SpecViolation[] = [];
  for (const key of Object.keys(record)) {
    const field = fields.get(key);
    if (field === undefined) {
      if (resource?.open !== true)
        out.push({ path: `${path}.${key}`, problem: 'is not in the spec' });
      continue;
    }
    out.push(...checkAgainstSpec(record[key], field.type, resources, `${path}.${key}`));
  }
  for (const [key, field] of fields) {
    if (field.required && !(key in record))
      out.push({ path: `${path}.${key}`, problem: 'is required' });
  }
  return out;
}

/** The spec, read once per process for the answer checks below. */
let loaded:
  | {
      resources: ReadonlyMap<string, SpecResource>;
      templates: { method: string; pattern: RegExp; shape: SpecShape }[];
    }
  | undefined;

function specIndex() {
  if (loaded !== undefined) return loaded;
  const spec = readSpec();
  const resources = specResources(spec);
  // Literal paths before templated ones: `/services/stats` is not `/services/{service_ref}`.
  const templates = [...specSuccesses(spec, resources)]
    .map(([key, { shape }]) => {
      const [method, path] = key.split(' ') as [string, string];
      const source = path.replace(/[.]/g, '\\.').replace(/\{[a-z_]+\}/g, '[^/]+');
      return { method, pattern: new RegExp(`^${source}$`), shape, params: path.split('{').length };
    })
    .sort((a, b) => a.params - b.params);
  loaded = { resources, templates };
  return loaded;
}

/**
 * What is wrong with one `/v1` answer by the spec's lists: `url` is the request's (any base,
 * spaces included), `text` the body as sent. Answers outside `/v1`, empty or not JSON (the
 * CSV export) have nothing to check.
 */
function specAnswerViolations(
  method: string,
  url: string,
  status: number,
  text: string,
): SpecViolation[] {
  const pathname = new URL(url, 'http://localhost').pathname;
  const at = pathname.lastIndexOf('/v1/');
  if (at < 0 || text === '') return [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [];
  }
  const { resources, templates } = specIndex();
  const path = pathname.slice(at + 3);
  let shape: SpecShape | undefined;
  if (status >= 400) shape = specError(status);
  else {
    const upper = method.toUpperCase();
    shape = templates.find((t) => t.method === upper && t.pattern.test(path))?.shape;
  }
  return shape === undefined ? [] : checkAgainstSpec(body, shape, resources);
}

/** Throws when a `/v1` answer holds what the spec does not list, naming each place. */
export function expectSpecAnswer(method: string, url: string, status: number, text: string): void {
  const violations = specAnswerViolations(method, url, status, text);
  if (violations.length === 0) return;
  const where = violations.map((v) => `${v.path} ${v.problem}`).join('; ');
  throw new Error(`${method} ${url} answered ${status} outside the spec's objects: ${where}`);
}

/**
 * A fetch that checks every `/v1` answer against the spec's objects before handing it back:
 * a test whose client meets a field the spec does not list fails at that call.
 */
export function specCheckedFetch(inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    // Read before sending: a sent Request's body is used, and it cannot be copied then.
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const url = input instanceof Request ? input.url : String(input);
    const response = await inner(input, init);
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      expectSpecAnswer(method, url, response.status, await response.clone().text());
    }
    return response;
  };
}

/** What a request journal entry (`GET /__admin/requests`) holds of one exchange. */
interface JournalledExchange {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly response: { readonly body: string | null; readonly body_truncated: boolean };
}

/**
 * Throws when any answer a server's journal kept lies outside the spec's objects: for suites
 * whose clients run in another layer or process (the CLI, the MCP tools), checked from the
 * server's side when the suite ends.
 */
export function expectSpecJournal(entries: readonly JournalledExchange[]): void {
  const problems = entries.flatMap(({ method, path, status, response }) => {
    if (response.body === null || response.body_truncated) return [];
    const found = specAnswerViolations(method, path, status, response.body);
    return found.length === 0
      ? []
      : [`${method} ${path} ${status}: ${found.map((v) => `${v.path} ${v.problem}`).join('; ')}`];
  });
  if (problems.length > 0) {
    throw new Error(`answers outside the spec's objects:\n${problems.join('\n')}`);
  }
}
