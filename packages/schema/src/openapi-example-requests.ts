import { z } from 'zod';
import { documentedErrorStatuses, type OperationDef, type OperationId } from './contract';
import { errorExample } from './openapi-error-examples';
import { OPERATION_EXAMPLES } from './openapi-examples';

// The document's example requests, by name. Tools that pair by name (Specmatic, Portman)
// take a parameter's, the request body's and a response's examples of one name as one
// request and its answer: besides the demo's, each operation gets the requests that earn
// its 404 example (an unknown service or rule) and, for a write, its 400 example (an
// invalid body, or path for a write without one), derived from the contract entry and the
// demo request, so the tools test the error answers too.

/** Examples are answers of the demo scenario (`ref-server` without `--scenario`). */
export const DEMO = 'demo';
/** The CSV export's request: the demo's with `format=csv`. */
export const DEMO_CSV = 'demo-csv';

/** One named example request of an operation. */
export interface ExampleRequest {
  readonly name: string;
  /** The URL it goes to (under a placeholder origin), path and query. */
  readonly url: URL;
  /** Its JSON body, for an operation that takes one. */
  readonly body?: unknown;
}

const BASE = 'http://example.invalid/v1';
const MISSING_SERVICE = 'REF-SVC-404';
const MISSING_RULE = '00000000-0000-4000-8000-000000000404';
// Values tried, in order, for an input the request must get wrong: the first its schema refuses.
const WRONG_VALUES: readonly unknown[] = [null, 'INVALID', [], {}];

/** The example requests of an operation: `demo`, `demo-csv` for the CSV export, then the error ones. */
export function exampleRequests(op: OperationDef): ExampleRequest[] {
  const example = OPERATION_EXAMPLES[op.operationId as OperationId];
  if (example.url === undefined) return [];
  const demo: ExampleRequest = {
    name: DEMO,
    url: new URL(BASE + example.url),
    body: example.request,
  };
  const requests = [demo];
  if (example.csvUrl !== undefined)
    requests.push({ name: DEMO_CSV, url: new URL(BASE + example.csvUrl) });
  const statuses = documentedErrorStatuses(op);
  const errors = [
    statuses.includes(404) ? notFoundRequest(op, demo) : undefined,
    statuses.includes(400) && op.method !== 'GET' ? invalidRequest(op, demo) : undefined,
  ];
  return [...requests, ...errors.filter((request) => request !== undefined)];
}

/** The value of a path parameter in a request URL, by the operation's path template. */
export function pathValue(op: OperationDef, name: string, url: URL): string | undefined {
  const pattern = op.path.replace(/\{(\w+)\}/g, (_, param: string) =>
    param === name ? '([^/]+)' : '[^/]+',
  );
  const match = new RegExp(`/v1${pattern}$`).exec(url.pathname);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
}

/** The name of an operation's error example for a status (the error code it shows). */
function errorName(op: OperationDef, status: number): string {
  const [name] = Object.keys((errorExample(op, status).examples ?? {}) as object);
  if (name === undefined) throw new Error(`${op.operationId}: no ${status} example`);
  return name;
}

/** The demo's URL with one path parameter's value replaced. */
function withPathValue(op: OperationDef, demo: URL, name: string, value: string): URL {
  const current = pathValue(op, name, demo);
  if (current === undefined) throw new Error(`${op.operationId}: no ${name} in ${demo.pathname}`);
  const url = new URL(demo);
  const segments = url.pathname.split('/');
  const template = `/v1${op.path}`.split('/');
  url.pathname = segments
    .map((segment, i) => (template[i] === `{${name}}` ? encodeURIComponent(value) : segment))
    .join('/');
  return url;
}

// The demo request with its rule, else its service, unknown: the 404 example's request.
function notFoundRequest(op: OperationDef, demo: ExampleRequest): ExampleRequest | undefined {
  const param = op.path.includes('{rule_id}')
    ? 'rule_id'
    : op.path.includes('{service_ref}')
      ? 'service_ref'
      : undefined;
  if (param === undefined) return undefined;
  const missing = param === 'rule_id' ? MISSING_RULE : MISSING_SERVICE;
  return {
    name: errorName(op, 404),
    url: withPathValue(op, demo.url, param, missing),
    ...(demo.body === undefined ? {} : { body: demo.body }),
  };
}

/** The first value a field's schema refuses. */
function wrongValue(op: OperationDef, field: z.ZodType): unknown {
  const value = WRONG_VALUES.find((candidate) => !field.safeParse(candidate).success);
  if (value === undefined) throw new Error(`${op.operationId}: no value its input refuses`);
  return value;
}

/** The path of the first issue, as the server names it after `invalid_<where>: `. */
function firstIssue(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.path.join('.');
}

// The demo request with the input the 400 example names made wrong (`invalid_body: type`:
// the body's `type`; `invalid_path: service_ref`: the path's), and nothing else: the
// server then answers exactly that example. Checked here against the schema, so an example
// the server would answer otherwise fails the build rather than the contract tests.
function invalidRequest(op: OperationDef, demo: ExampleRequest): ExampleRequest | undefined {
  const name = errorName(op, 400);
  const [where, field = ''] = name.split(': ');
  if (where === 'invalid_body' && op.body instanceof z.ZodObject) {
    if (typeof demo.body !== 'object' || demo.body === null) return undefined;
    const body = { ...demo.body, [field]: wrongValue(op, op.body.shape[field] as z.ZodType) };
    if (firstIssue(op.body, body) !== field)
      throw new Error(`${op.operationId}: the ${name} example body is refused elsewhere`);
    return { name, url: demo.url, body };
  }
  if (where === 'invalid_path' && op.pathParams) {
    const schema = op.pathParams.shape[field] as z.ZodType | undefined;
    if (schema === undefined) return undefined;
    const value = WRONG_VALUES.find(
      (candidate) => typeof candidate === 'string' && !schema.safeParse(candidate).success,
    );
    if (typeof value !== 'string') throw new Error(`${op.operationId}: no ${field} it refuses`);
    return {
      name,
      url: withPathValue(op, demo.url, field, value),
      ...(demo.body === undefined ? {} : { body: demo.body }),
    };
  }
  return undefined;
}
