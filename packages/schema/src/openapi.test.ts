import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { operationList } from './contract';
import { buildOpenApiDocument } from './openapi';

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<
          string,
          { headers?: Record<string, unknown>; content?: Record<string, unknown> }
        >;
        security?: unknown;
        parameters?: { name: string; in: string }[];
      }
    >
  >;
  components: { securitySchemes: Record<string, { bearerFormat?: string }> };
};

const document = buildOpenApiDocument() as unknown as Doc;

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(
      structuredClone(document) as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('checked-in openapi.json is up to date (run `pnpm --filter @refapi/schema openapi`)', () => {
    const onDisk = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'));
    expect(onDisk).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('has every operation with bearer security (format refak)', () => {
    const count = Object.values(document.paths).reduce(
      (n, item) => n + Object.keys(item).length,
      0,
    );
    expect(count).toBe(operationList.length);
    expect(document.components.securitySchemes.bearer?.bearerFormat).toBe('refak');
  });

  it('documents rate-limit headers on every response and Retry-After on 429/503', () => {
    for (const item of Object.values(document.paths)) {
      for (const op of Object.values(item)) {
        for (const [status, response] of Object.entries(op.responses)) {
          expect(Object.keys(response.headers ?? {})).toEqual(
            expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
          );
          if (status === '429' || status === '503')
            expect(response.headers).toHaveProperty('Retry-After');
        }
      }
    }
  });

  it("types the spec's integer quotas as integers and purchase_url as https", () => {
    // account-api.md: the entitlement's quotas are integers (a literal alone publishes
    // `number`, which generated clients type as a float) and a plan's purchase_url is a URI
    // starting with https:// (`format: uri` alone admits any scheme).
    const schemas = (
      document as unknown as {
        components: { schemas: Record<string, { properties: Record<string, unknown> }> };
      }
    ).components.schemas;
    const entitlement = schemas.ShieldEntitlement!.properties;
    for (const [field, value] of [
      ['rules_per_ip', 30],
      ['rules_per_account', 300],
      ['rate_rules_per_ip', 10],
      ['history_days', 30],
      ['analyzer_hours', 720],
    ] as const) {
      expect(entitlement[field], field).toMatchObject({ type: 'integer', const: value });
    }
    expect(schemas.Plan!.properties.purchase_url).toMatchObject({
      type: 'string',
      format: 'uri',
      pattern: '^https://',
    });
  });

  it('documents Idempotency-Key, Idempotent-Replayed and the CSV export', () => {
    const create = document.paths['/orders']?.post;
    expect(create?.parameters?.some((p) => p.name === 'Idempotency-Key' && p.in === 'header')).toBe(
      true,
    );
    expect(create?.responses['200']?.headers).toHaveProperty('Idempotent-Replayed');
    expect(create?.responses['428']).toBeDefined();
    const exp = document.paths['/services/{service_ref}/shield/export']?.get;
    expect(Object.keys(exp?.responses['200']?.content ?? {})).toEqual([
      'application/json',
      'text/csv',
    ]);
  });

  it('lists every error status of the contract', () => {
    for (const op of operationList) {
      const documented = Object.keys(
        document.paths[op.path]?.[op.method.toLowerCase()]?.responses ?? {},
      );
      for (const status of op.errors) expect(documented).toContain(String(status));
    }
  });

  it('describes every operation and tag, with a demo example on every JSON answer', () => {
    const full = buildOpenApiDocument() as unknown as {
      tags: { name: string; description: string }[];
      paths: Record<string, Record<string, FullOperation>>;
    };
    const tags = new Set(full.tags.map((t) => t.name));
    for (const tag of full.tags) expect(tag.description.length).toBeGreaterThan(10);
    for (const [path, item] of Object.entries(full.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.description, `${method} ${path}`).toMatch(/\w{3}/);
        for (const tag of op.tags) expect(tags).toContain(tag);
        for (const response of Object.values(op.responses)) {
          for (const media of Object.values(response.content ?? {}))
            expect(Object.keys(media.examples ?? {}), `${method} ${path}`).toHaveLength(1);
        }
      }
    }
  });

  it('describes every parameter and request-body field (checked-in openapi.json too)', () => {
    const onDisk = JSON.parse(
      readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'),
    ) as DescribedDoc;
    for (const doc of [buildOpenApiDocument() as unknown as DescribedDoc, onDisk]) {
      const undescribed: string[] = [];
      let count = 0;
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(item)) {
          for (const param of op.parameters ?? []) {
            count++;
            if (!/\w{3}/.test(param.description ?? ''))
              undescribed.push(`${method} ${path} ${param.in} ${param.name}`);
          }
        }
      }
      for (const [name, body] of Object.entries(doc.components.requestBodies)) {
        const schema = body.content['application/json']?.schema;
        for (const [field, property] of Object.entries(schema?.properties ?? {}))
          if (!/\w{3}/.test(property.description ?? '')) undescribed.push(`${name}.${field}`);
      }
      expect(undescribed).toEqual([]);
      // Path, query and header parameters of the 23 operations.
      expect(count).toBeGreaterThanOrEqual(49);
    }
  });

  it('keeps request bodies inline under requestBodies, defaults optional', () => {
    const full = buildOpenApiDocument() as unknown as {
      paths: Record<string, Record<string, FullOperation>>;
      components: {
        requestBodies: Record<string, { content: Record<string, { schema: JsonObject }> }>;
      };
    };
    expect(full.paths['/orders']?.post?.requestBody).toEqual({
      $ref: '#/components/requestBodies/CreateOrderRequest',
    });
    const schema = full.components.requestBodies.CreateOrderRequest?.content['application/json']
      ?.schema as { required: string[]; properties: Record<string, JsonObject> };
    expect(schema.required).toEqual(['type', 'plan_code']);
    expect(schema.properties.windows).toMatchObject({ default: false });
    expect(JSON.stringify(full)).not.toContain('#/components/schemas/CreateOrderRequest');
  });
});

type JsonObject = Record<string, unknown>;
interface DescribedDoc {
  paths: Record<
    string,
    Record<string, { parameters?: { name: string; in: string; description?: string }[] }>
  >;
  components: {
    requestBodies: Record<
      string,
      {
        content: Record<
          string,
          { schema?: { properties?: Record<string, { description?: string }> } }
        >;
      }
    >;
  };
}
interface FullOperation {
  description?: string;
  tags: string[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { examples?: JsonObject }> }>;
}

// What contract-testing tools need to build a request from the document as it is
// (Specmatic, Dredd, Portman): a value for every input, under the name of the example it
// belongs to, and one name per example (pnpm test:contract runs two of them).
describe('OpenAPI examples for outside tools', () => {
  type Parameter = { name: string; in: string; required?: boolean; examples?: object };
  type Media = { examples?: Record<string, unknown> };
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

  it.each(operations)(
    '$method $path: every path parameter, header and required query parameter has an example',
    ({ op }) => {
      const bare = ((op.parameters ?? []) as Parameter[])
        .filter((p) => p.in === 'path' || p.in === 'header' || p.required)
        .filter((p) => Object.keys(p.examples ?? {}).length === 0)
        .map((p) => `${p.in} ${p.name}`);
      expect(bare).toEqual([]);
    },
  );

  it.each(operations)(
    '$method $path: each example name is used by one media type of a response',
    ({ op }) => {
      for (const [status, response] of Object.entries(op.responses)) {
        const names = Object.values((response.content ?? {}) as Record<string, Media>).flatMap(
          (media) => Object.keys(media.examples ?? {}),
        );
        expect(names, status).toEqual([...new Set(names)]);
      }
    },
  );

  it('the CSV export has its own example request (format=csv)', () => {
    const exportOp = document.paths['/services/{service_ref}/shield/export']?.get;
    const format = ((exportOp?.parameters ?? []) as Parameter[]).find((p) => p.name === 'format');
    expect(format?.examples).toMatchObject({
      demo: { value: 'json' },
      'demo-csv': { value: 'csv' },
    });
  });

  it.each(operations.filter(({ method, op }) => method === 'get' && op.responses['404']))(
    'GET $path: the 404 example has the request that gets it, under its name',
    ({ op }) => {
      const content = op.responses['404']?.content as Record<string, Media>;
      const [name] = Object.keys(content['application/json']?.examples ?? {});
      const paths = (
        (op.parameters ?? []) as (Parameter & { examples?: Record<string, { value: unknown }> })[]
      )
        .filter((p) => p.in === 'path')
        .map((p) => p.examples?.[name as string]?.value);
      expect(paths).toContainEqual(
        expect.stringMatching(/^(REF-SVC-404|00000000-0000-4000-8000-000000000404)$/),
      );
    },
  );

  // A write's error examples come with the request that earns them, under their name:
  // every path parameter, the Idempotency-Key (its own key) and the body carry a value of
  // that name, and the value is what the server refuses in the way the example says.
  const writeErrors = operations
    .filter(({ method }) => method !== 'get')
    .flatMap(({ path, method, op }) =>
      (['400', '404'] as const)
        .filter((status) => op.responses[status] !== undefined)
        .map((status) => ({ path, method, op, status })),
    );
  it('pairs the 400 of every write and the 404 of every write on a service', () => {
    expect(writeErrors.map(({ method, path, status }) => `${status} ${method} ${path}`)).toEqual([
      '400 post /orders',
      '400 put /services/{service_ref}/auto-renew',
      '404 put /services/{service_ref}/auto-renew',
      '400 post /services/{service_ref}/power',
      '404 post /services/{service_ref}/power',
      '400 post /services/{service_ref}/shield/rules',
      '404 post /services/{service_ref}/shield/rules',
      '400 delete /services/{service_ref}/shield/rules/{rule_id}',
      '404 delete /services/{service_ref}/shield/rules/{rule_id}',
      '400 post /services/{service_ref}/shield/presets/{preset_code}',
      '404 post /services/{service_ref}/shield/presets/{preset_code}',
      '400 post /services/{service_ref}/shield/profiles/{profile_code}',
      '404 post /services/{service_ref}/shield/profiles/{profile_code}',
    ]);
  });
  it("lint:openapi's ignore file excuses only the invalid requests of 400 examples", () => {
    const ignore = readFileSync(
      new URL('../../../.redocly.lint-ignore.yaml', import.meta.url),
      'utf8',
    );
    const excused = [...ignore.matchAll(/\/examples\/(\S+)/g)].map((match) => match[1]);
    expect(excused.length).toBeGreaterThan(0);
    for (const name of excused) expect(name).toMatch(/^invalid_(body|path):$/);
  });
  it.each(writeErrors)(
    '$method $path: the $status example has the request that gets it, under its name',
    ({ op, status }) => {
      type Named = Parameter & { examples?: Record<string, { value: unknown }> };
      const content = op.responses[status]?.content as Record<string, Media>;
      const [name = ''] = Object.keys(content['application/json']?.examples ?? {});
      const def = operationList.find(
        (o) => o.operationId === (op as { operationId?: string }).operationId,
      );
      const params = (op.parameters ?? []) as Named[];
      const value = (p: Named) => p.examples?.[name]?.value;
      for (const p of params.filter((p) => p.in === 'path' || p.in === 'header'))
        expect(value(p), `${p.in} ${p.name}`).toBeDefined();
      const key = params.find((p) => p.name === 'Idempotency-Key');
      if (key) expect(value(key)).not.toBe(key.examples?.demo?.value);
      const ref = (op as { requestBody?: { $ref: string } }).requestBody?.$ref;
      const bodies = (
        document as unknown as {
          components: {
            requestBodies: Record<
              string,
              { content: Record<string, Media & { examples?: Record<string, { value: unknown }> }> }
            >;
          };
        }
      ).components.requestBodies;
      const body =
        ref &&
        bodies[ref.split('/').pop() as string]?.content['application/json']?.examples?.[name]
          ?.value;
      if (ref) expect(body, 'request body').toBeDefined();
      const pathValues = Object.fromEntries(
        params.filter((p) => p.in === 'path').map((p) => [p.name, value(p)]),
      );
      if (status === '404') {
        expect(Object.values(pathValues)).toContainEqual(
          expect.stringMatching(/^(REF-SVC-404|00000000-0000-4000-8000-000000000404)$/),
        );
        if (ref) expect(def?.body?.safeParse(body).success).toBe(true);
        return;
      }
      // 400: the one input the example names is refused, at that field.
      const [where, field] = name.split(': ');
      const refused =
        where === 'invalid_body'
          ? def?.body?.safeParse(body)
          : def?.pathParams?.safeParse(pathValues);
      expect(refused?.success).toBe(false);
      expect(refused?.error?.issues.map((issue) => issue.path.join('.'))).toEqual([field]);
    },
  );
});
