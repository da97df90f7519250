import { describe, expect, it } from 'vitest';
import { operationList } from '../src/contract';
import { buildOpenApiDocument } from '../src/openapi';
import {
  checkAgainstSpec,
  readSpec,
  type SpecResource,
  type SpecShape,
  type SpecViolation,
  specError,
  specResources,
  specSuccesses,
} from './spec-objects';

// The guard that keeps `/v1` answers to the spec's objects: every response schema of the
// contract, as the OpenAPI document publishes it, and every example in it, may hold only the
// fields account-api.md lists for that object (Service and Plan allow more). The lists are
// read from the spec itself, so a field added to a schema fails here until the spec lists it.

const spec = readSpec();
const resources = specResources(spec);
const successes = specSuccesses(spec, resources);

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/**
 * The places where a JSON Schema lets an answer hold what the spec does not list: a property
 * the spec's object lacks, or a field the spec requires that the schema does not.
 */
function schemaAgainstSpec(
  schema: JsonSchema,
  shape: SpecShape,
  components: Record<string, JsonSchema>,
  path = '$',
): SpecViolation[] {
  if (schema.$ref !== undefined) {
    const target = components[schema.$ref.replace('#/components/schemas/', '')];
    if (target === undefined) return [{ path, problem: `unresolved ${schema.$ref}` }];
    return schemaAgainstSpec(target, shape, components, path);
  }
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (branches.length > 0) {
    return branches.flatMap((branch) => schemaAgainstSpec(branch, shape, components, path));
  }
  if (shape.kind === 'none' || shape.kind === 'value') return [];
  if (shape.kind === 'array') {
    return schema.items === undefined
      ? [{ path, problem: 'is not an array schema' }]
      : schemaAgainstSpec(schema.items, shape.of, components, `${path}[]`);
  }
  const resource: SpecResource | undefined =
    shape.kind === 'resource' ? resources.get(shape.name) : undefined;
  const fields = shape.kind === 'object' ? shape.fields : resource?.fields;
  if (fields === undefined) return [{ path, problem: 'the spec has no such object' }];
  const properties = schema.properties ?? {};
  const out: SpecViolation[] = [];
  for (const [key, property] of Object.entries(properties)) {
    const field = fields.get(key);
    if (field === undefined) {
      if (resource?.open !== true)
        out.push({ path: `${path}.${key}`, problem: 'is not in the spec' });
    } else out.push(...schemaAgainstSpec(property, field.type, components, `${path}.${key}`));
  }
  for (const [key, field] of fields) {
    if (!(key in properties)) out.push({ path: `${path}.${key}`, problem: 'is missing' });
    else if (field.required && !schema.required?.includes(key)) {
      out.push({ path: `${path}.${key}`, problem: 'is required by the spec, optional here' });
    }
  }
  return out;
}

type Response = {
  content?: Record<string, { schema?: JsonSchema; examples?: Record<string, { value: unknown }> }>;
};
type Operation = { operationId: string; responses: Record<string, Response> };

const document = buildOpenApiDocument() as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
};

/** Every JSON response of the document, with the spec's shape for it. */
const responses = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).flatMap(([method, operation]) =>
    Object.entries(operation.responses).flatMap(([status, response]) => {
      const json = response.content?.['application/json'];
      if (json?.schema === undefined) return [];
      const code = Number(status);
      const shape =
        code < 300 ? successes.get(`${method.toUpperCase()} ${path}`)?.shape : specError(code);
      const name = `${operation.operationId} ${status}`;
      return [{ name, schema: json.schema, examples: json.examples ?? {}, shape }];
    }),
  ),
);

describe('the spec as the guard reads it', () => {
  it('lists every object of "Resources and their fields" and every operation’s answer', () => {
    // Each resource heading and `Name:` definition of the section, none lost, none invented.
    expect([...resources.keys()].sort()).toEqual(
      [
        ...['Account', 'Balance', 'Money', 'DisplayMoney', 'Pagination', 'Invoice', 'Order'],
        ...['Transaction', 'Service', 'ServiceStats', 'Plan', 'PlanPricing'],
        ...['CreateOrderRequest', 'CreateOrderAddon', 'CreateOrderResponse', 'CreatedService'],
        ...['ShieldEntitlement', 'ShieldPreset', 'ShieldProfile', 'ShieldProfileState'],
        ...['ShieldProfileMutation', 'ShieldRuleIntent', 'ShieldRule', 'ShieldRuleMutation'],
        ...['ShieldRulePage', 'ShieldOverview', 'ShieldCapabilities', 'ShieldTelemetry'],
        ...['ShieldTelemetryItem', 'ShieldTelemetryTotals', 'ShieldEvidence', 'ShieldEvidenceItem'],
      ].sort(),
    );
    expect(successes.size).toBe(operationList.length);
    expect([...resources.get('ShieldRule')!.fields.keys()]).toEqual([
      'id',
      'service_ref',
      'protected_ip',
      'kind',
      'tier',
      'state',
      'desired_enabled',
      'created_at',
      'updated_at',
      'preset_code',
      'preset_version',
      'expires_at',
      'last_error_code',
    ]);
    expect(resources.get('Service')!.open).toBe(true);
    expect(resources.get('Invoice')!.open).toBe(false);
  });

  it('fails a schema or an answer with a field the spec does not list', () => {
    const rule = document.components.schemas.ShieldRule!;
    const widened = { ...rule, properties: { ...rule.properties, name: { type: 'string' } } };
    const shape: SpecShape = { kind: 'resource', name: 'ShieldRule' };
    expect(schemaAgainstSpec(widened, shape, document.components.schemas)).toEqual([
      { path: '$.name', problem: 'is not in the spec' },
    ]);
    const page: SpecShape = successes.get('GET /services/{service_ref}/shield/rules')!.shape;
    const answer = {
      rules: [
        {
          id: '68bf1653-9ab6-579f-af52-732921c010d9',
          service_ref: 'REF-SVC-101',
          protected_ip: '203.0.113.10',
          kind: 'custom',
          tier: 'advanced',
          state: 'active',
          desired_enabled: true,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
          mode: 'enforce',
        },
      ],
    };
    expect(checkAgainstSpec(answer, page, resources)).toEqual([
      { path: '$.rules[0].mode', problem: 'is not in the spec' },
    ]);
    // Service allows more; its listed fields are still required.
    const services = successes.get('GET /services')!.shape;
    const listed = {
      services: [{ service_ref: 'REF-SVC-1', power_state: 'on' }],
      pagination: { limit: 1, has_more: false },
      server_time: 'x',
    };
    expect(checkAgainstSpec(listed, services, resources).map((v) => v.path)).toEqual([
      '$.services[0].name',
      '$.services[0].service_plan_name',
      '$.services[0].type',
      '$.services[0].status',
      '$.services[0].auto_renew',
    ]);
  });
});

describe('every response schema of @refapi/schema holds only the spec’s fields', () => {
  it.each(responses)('$name', ({ schema, examples, shape }) => {
    expect(shape, 'the spec describes this answer').toBeDefined();
    expect(schemaAgainstSpec(schema, shape!, document.components.schemas)).toEqual([]);
    for (const [example, { value }] of Object.entries(examples)) {
      expect(checkAgainstSpec(value, shape!, resources), `example ${example}`).toEqual([]);
    }
  });
});
