import { type OperationDef, type OperationId, operations as table } from '@refapi/schema';
import openapi from '@refapi/schema/openapi.json' with { type: 'json' };
import { createReferenceServer } from '@refapi/server';
import { describe, expect, it } from 'vitest';
import { captureExamples } from './capture.ts';

// The OpenAPI examples are data in @refapi/schema (which must not depend on the server),
// written by `pnpm --filter @refapi/e2e openapi:examples`. This keeps them honest: each
// one parses with its zod schema and has the shape the demo server answers today.

type Media = { examples?: Record<string, { value: unknown }> };
type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { $ref: string };
        responses: Record<string, { content?: Record<string, Media> }>;
      }
    >
  >;
  components: { requestBodies: Record<string, { content: Record<string, Media> }> };
};
const doc = openapi as unknown as Doc;

const exampleOf = (media: Media | undefined) => media?.examples?.demo?.value;

/** Keys and JSON types, recursively; arrays by the shape of their first item. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0])];
  if (value === null) return 'null';
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as object)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shape(v)]),
    );
  return typeof value;
}

const operations: Record<OperationId, OperationDef> = table;
const live = await captureExamples();
const ids = Object.keys(operations) as OperationId[];

describe('OpenAPI examples', () => {
  it.each(ids)('%s: the response example parses and has the demo server’s shape', (id) => {
    const op = operations[id];
    const documented =
      doc.paths[op.path]?.[op.method.toLowerCase()]?.responses[String(op.success.status)]?.content;
    const example = exampleOf(documented?.['application/json']);
    if (!op.success.schema) {
      expect(documented).toBeUndefined();
      return;
    }
    expect(op.success.schema.safeParse(example).error).toBeUndefined();
    expect(shape(example)).toEqual(shape(live[id].response));
  });

  it.each(ids.filter((id) => operations[id].body))(
    '%s: the request example parses and is what the capture sent',
    (id) => {
      const op = operations[id];
      const ref = doc.paths[op.path]?.[op.method.toLowerCase()]?.requestBody?.$ref ?? '';
      const body = doc.components.requestBodies[ref.replace('#/components/requestBodies/', '')];
      const example = exampleOf(body?.content['application/json']);
      expect(op.body?.safeParse(example).error).toBeUndefined();
      expect(example).toEqual(live[id].request);
    },
  );

  it('the CSV export example starts with the real header row', () => {
    const op = operations.exportShieldTelemetry;
    // Its own name: the CSV answer belongs to another request (format=csv) than the JSON one.
    const csv = doc.paths[op.path]?.get?.responses['200']?.content?.['text/csv']?.examples?.[
      'demo-csv'
    ]?.value as string;
    expect(csv.split('\r\n')[0]).toBe(live.exportShieldTelemetry.csv?.split('\r\n')[0]);
    expect(csv).toMatch(/^key,packets,bytes,samples\r\n/);
  });

  // The error examples are codes, not prose: check the ones a plain request provokes.
  it.each([
    ['getService', 'GET', '/services/REF-SVC-FFFF', {}, 404],
    ['getService', 'GET', '/services/svc-1', {}, 400],
    ['listInvoices', 'GET', '/invoices?limit=0', {}, 400],
    ['getAccount', 'GET', '/me', { authorization: 'Bearer refak_nope' }, 401],
    ['createOrder', 'POST', '/orders', { 'content-type': 'application/json' }, 428],
    [
      'getShieldRuleEvidence',
      'GET',
      `/services/REF-SVC-101/shield/rules/${RULE}/evidence`,
      {},
      404,
    ],
  ] as const)(
    '%s: the %s %s error example is what the server answers',
    async (id, method, path, headers, status) => {
      const op = operations[id];
      const documented =
        doc.paths[op.path]?.[op.method.toLowerCase()]?.responses[String(status)]?.content?.[
          'application/json'
        ]?.examples;
      const response = await errors.fetch(`https://api.ref.test/v1${path}`, {
        method,
        headers: { authorization: 'Bearer refak_demo_eur_full', ...headers },
        ...(method === 'POST' ? { body: '{"type":"kvm","plan_code":"kvm-s"}' } : {}),
      });
      expect(response.status).toBe(status);
      const { error } = (await response.json()) as { error: string };
      expect(
        Object.values(documented ?? {}).map((e) => (e as { value: { error: string } }).value.error),
      ).toEqual([error]);
    },
  );
});

const RULE = '3f1c2a9e-5b7d-4c1e-9a2b-00000000ffff';
const errors = createReferenceServer({ baseUrl: 'https://api.ref.test/v1' });
