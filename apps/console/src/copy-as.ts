import { type OperationEntry, type RouteId, routes } from '@refapi/schema/client';
import { shellQuote } from '@refapi/schema/text';
import type { RequestEntry } from '@refapi/server/browser';
import { operationOf, parseCall, type RecordedCall } from './recorded-call';

/** curl's flag for the method: none for a plain GET, `--head` (`-X HEAD` waits for a body). */
function methodFlag(method: string, hasBody: boolean): string {
  if (method === 'GET' && !hasBody) return '';
  if (method === 'HEAD') return ' --head';
  // Methods are HTTP tokens, which may hold `$`, `|`, `'`…: quote anything unusual.
  return ` -X ${/^[A-Z]+$/.test(method) ? method : shellQuote(method)}`;
}

/**
 * The request as a curl command against `origin` that sends it once, byte for byte. The
 * API key is read from `$REF_API_KEY` at run time: the journal holds it redacted and the
 * console never sees it.
 */
export function toCurl(entry: RequestEntry, origin: string): string {
  const url = `${origin}${entry.path}${entry.query === '' ? '' : `?${entry.query}`}`;
  const body = entry.request.body ?? '';
  // --globoff: curl would expand `{101,102}` and `[1-5]` of the URL into several requests;
  // --path-as-is: it would squash `/./` and `/../`. Either sends requests never recorded.
  const parts = [
    `curl -sS --globoff --path-as-is${methodFlag(entry.method, body !== '')} ${shellQuote(url)}`,
  ];
  // Credentials come from `$REF_API_KEY`, never the journal. The journal's headers show the
  // Idempotency-Key redacted (its name holds "key"); the entry keeps it in a field of its own.
  parts.push('-H "Authorization: Bearer $REF_API_KEY"');
  const replayed = {
    'content-type': entry.request.headers['content-type'],
    'idempotency-key': entry.idempotency_key ?? undefined,
  };
  for (const [name, value] of Object.entries(replayed)) {
    if (value !== undefined) parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  // --data-raw, not -d: a body starting with `@` is not a file name to read.
  if (body !== '') parts.push(`--data-raw ${shellQuote(body)}`);
  return parts.join(' \\\n  ');
}

/**
 * A JSON value as a JavaScript expression. A `"__proto__"` key in an object literal would
 * set the prototype rather than send the key, so such a value goes through `JSON.parse`.
 */
const js = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.includes('"__proto__":') ? `JSON.parse(${JSON.stringify(text)})` : text;
};
const queryObject = (query: URLSearchParams) => {
  const out: Record<string, string | number> = {};
  for (const [name, value] of query) out[name] = /^\d+$/.test(value) ? Number(value) : value;
  return Object.keys(out).length === 0 ? '' : js(out);
};
const key = (call: RecordedCall) => `{ idempotencyKey: ${js(call.key)} }`;

/** The SDK method of each operation, from its contract entry (`shield.rules.create`). */
type SdkMethod = (typeof routes)[RouteId]['sdk'];

/**
 * The SDK calls whose arguments are not the rule below: body fields passed one by one, and
 * the export, whose query argument is not optional.
 */
const ARGUMENTS: Partial<Record<SdkMethod, (c: RecordedCall) => string[]>> = {
  'services.setAutoRenew': (c) => [js(c.params.service_ref), js(c.body?.enabled ?? true)],
  'services.power': (c) => [
    js(c.params.service_ref),
    js(c.body?.action ?? 'start'),
    ...(c.key === null ? [] : [key(c)]),
  ],
  'shield.export': (c) => [queryObject(c.query) || '{}'],
};

/**
 * The arguments of an SDK call (the names are the SDK's, `packages/sdk/src/resources`):
 * the path parameters in order (a Shield method takes the service in `client.shield(…)`),
 * then the body or, when given, the query, then the Idempotency-Key of the operations that
 * take one. `test/copy-as-round-trip.test.ts` runs every operation's call.
 */
function argumentsOf(operation: RouteId, c: RecordedCall): string[] {
  const route = routes[operation];
  const special = ARGUMENTS[route.sdk];
  if (special !== undefined) return special(c);
  const schemas: OperationEntry['schemas'] = route.schemas;
  const shielded = route.sdk.startsWith('shield.');
  const args = [...route.path.matchAll(/\{(\w+)\}/g)]
    .map(([, name]) => name!)
    .filter((name) => !(shielded && name === 'service_ref'))
    .map((name) => js(c.params[name]));
  if (schemas.body !== undefined) args.push(js(c.body ?? {}));
  else if (schemas.query !== undefined && queryObject(c.query) !== '')
    args.push(queryObject(c.query));
  if (route.idempotencyKey && c.key !== null) args.push(key(c));
  return args;
}

/** The SDK expression of a call (`client` is a `RefClient`). */
function sdkCall(operation: RouteId, c: RecordedCall): string {
  const { sdk } = routes[operation];
  const [resource, ...rest] = sdk.split('.');
  const target =
    resource === 'shield' ? `client.shield(${js(c.params.service_ref)})` : `client.${resource}`;
  return `${target}.${rest.join('.')}(${argumentsOf(operation, c).join(', ')})`;
}

/** The request as an SDK call, or undefined for requests no operation answered. */
export function toSdkCall(entry: RequestEntry): string | undefined {
  const operation = operationOf(entry);
  const call = parseCall(entry);
  if (operation === undefined || call === undefined) return undefined;
  return `const result = await ${sdkCall(operation, call)};`;
}
