import { z } from 'zod';
import { ConflictBody, ErrorBody } from './common';
import {
  documentedErrorStatuses,
  type OperationDef,
  type OperationId,
  operationList,
} from './contract';
import { ERROR_STATUS_MEANINGS } from './error-meanings';
import { API_KEY_PREFIX, API_SPEC_VERSION } from './limits';
import { OPENAPI_TAGS, OPERATION_DESCRIPTIONS, type OpenApiTag } from './openapi-descriptions';
import { errorExample } from './openapi-error-examples';
import {
  DEMO,
  DEMO_CSV,
  type ExampleRequest,
  exampleRequests,
  pathValue,
} from './openapi-example-requests';
import { OPERATION_EXAMPLES } from './openapi-examples';
import { parameterDescription } from './parameter-descriptions';
import { IdempotencyKey } from './params';
import type { ErrorStatus } from './routes';

type JsonSchema = Record<string, unknown>;

const componentRef = (id: string) => `#/components/schemas/${id}`;

const rateLimitHeaders = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
};

// Schemas registered with `.meta({id})` are emitted once under components; `toJson`
// converts one schema and hoists its `$defs` there. A component must come out the same
// on the input (request) and the output (response) side, or the document would lie on
// one of them: that is a build error, not a silent overwrite.
class ComponentCollector {
  readonly schemas = new Map<string, JsonSchema>();

  toJson(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const { id, json } = this.convert(schema, io);
    if (!id) return json;
    this.register(id, json);
    return { $ref: componentRef(id) };
  }

  /** Converts a request body inline: its own `default`s then stay visibly optional to generators. */
  toInlineJson(schema: z.ZodType): { id: string | undefined; json: JsonSchema } {
    return this.convert(schema, 'input');
  }

  private convert(schema: z.ZodType, io: 'input' | 'output') {
    const {
      $schema: _,
      $defs,
      ...root
    } = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
    }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const id = z.globalRegistry.get(schema)?.id;
    for (const [defId, def] of Object.entries($defs ?? {}))
      if (defId !== id) this.register(defId, this.relink(def));
    // A root with an id comes back either inline or as a `$ref` into its own `$defs`.
    const json = id && $defs?.[id] ? this.relink($defs[id]) : this.relink(root);
    return { id, json };
  }

  private register(id: string, json: JsonSchema): void {
    const known = this.schemas.get(id);
    if (known && JSON.stringify(known) !== JSON.stringify(json))
      throw new Error(
        `schema ${id} differs between request and response; give each side its own id`,
      );
    this.schemas.set(id, json);
  }

  private relink(json: JsonSchema): JsonSchema {
    const { id: _, ...rest } = JSON.parse(
      JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/'),
    ) as JsonSchema;
    return rest;
  }
}

// Every input is described in the contract's table; a missing one is a build error here,
// not a silent gap in the document.
function describedInput(op: OperationDef, name: string): string {
  const description = parameterDescription(op.operationId as OperationId, name);
  if (description === undefined)
    throw new Error(`${op.operationId}: no description of the input ${name}`);
  return description;
}

// Every parameter carries the value of each named example request (Specmatic and Portman
// pair a parameter's named example with the request body's and the response's of the same
// name); a required one without a value is a build error, not a document tools reject.
function parameterExamples(
  op: OperationDef,
  name: string,
  required: boolean,
  valueIn: (request: ExampleRequest) => unknown,
): JsonSchema {
  const examples: JsonSchema = {};
  for (const request of exampleRequests(op)) {
    const value = valueIn(request);
    if (value !== null && value !== undefined) examples[request.name] = { value };
  }
  if (required && Object.keys(examples).length === 0)
    throw new Error(`${op.operationId}: no example value of the required parameter ${name}`);
  return Object.keys(examples).length === 0 ? {} : { examples };
}

function parameters(op: OperationDef, c: ComponentCollector): JsonSchema[] {
  const params: JsonSchema[] = [];
  for (const [location, object] of [
    ['path', op.pathParams],
    ['query', op.query],
  ] as const) {
    if (!object) continue;
    for (const [name, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
      // A parameter is text on the wire; its value is what the schema's output describes
      // (e.g. `limit`: plain digits in, a bounded integer out), so the document shows that.
      const schema = c.toJson(field, 'output');
      const required = location === 'path' || !field.safeParse(undefined).success;
      params.push({
        name,
        in: location,
        description: describedInput(op, name),
        required,
        schema,
        // The value as the schema above describes it (`limit=2` is the integer 2); an
        // error example's wrong value as sent.
        ...parameterExamples(op, name, required, ({ url }) => {
          const raw = location === 'path' ? pathValue(op, name, url) : url.searchParams.get(name);
          if (raw === null || raw === undefined) return raw;
          const parsed = field.safeParse(raw);
          return parsed.success ? parsed.data : raw;
        }),
      });
    }
  }
  if (op.idempotencyKey) {
    params.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description:
        'Keep the key until a final response is stored; a repeat replays the stored result.',
      schema: c.toJson(IdempotencyKey, 'input'),
      // One key per example request: a key is bound to the first request that used it.
      ...parameterExamples(op, 'Idempotency-Key', true, ({ name }) =>
        name === DEMO
          ? `${op.operationId}-2026-01-01-1`
          : `${op.operationId}-${name.replace(/[^A-Za-z0-9_.-]+/g, '-')}`,
      ),
    });
  }
  return params;
}

function successResponse(op: OperationDef, c: ComponentCollector): JsonSchema {
  const headers: JsonSchema = { ...rateLimitHeaders };
  if (op.idempotencyKey) {
    headers['Idempotent-Replayed'] = {
      description:
        'Present (value `true`) only when the stored result of an earlier request is replayed.',
      schema: { type: 'string', const: 'true' },
    };
  }
  const example = OPERATION_EXAMPLES[op.operationId as OperationId];
  const content: JsonSchema = {};
  if (op.success.schema) {
    content['application/json'] = {
      schema: c.toJson(op.success.schema, 'output'),
      ...demoExample(example.response),
    };
  }
  if (op.success.csv) {
    content['text/csv'] = {
      schema: {
        type: 'string',
        description: 'Columns `key,packets,bytes,samples`, CRLF line ends, formula-safe cells.',
      },
      ...demoExample(example.csv, DEMO_CSV),
    };
  }
  return {
    description: op.summary,
    headers,
    ...(Object.keys(content).length > 0 ? { content } : {}),
  };
}

// Examples are answers of the demo scenario (`ref-server` without `--scenario`), so Redoc
// and mock servers such as Prism show values a caller will really see. One name per
// request: the export's CSV answer is another request (`format=csv`) than its JSON one.
const demoExample = (value: unknown, name = DEMO): JsonSchema =>
  value === undefined
    ? {}
    : { examples: { [name]: { summary: 'Demo scenario (`pnpm start`)', value } } };

function errorResponse(op: OperationDef, status: ErrorStatus): JsonSchema {
  const headers: JsonSchema = { ...rateLimitHeaders };
  if (status === 429 || status === 503)
    headers['Retry-After'] = { $ref: '#/components/headers/Retry-After' };
  const body = status === 409 ? 'ConflictError' : 'Error';
  return {
    description: ERROR_STATUS_MEANINGS[status],
    headers,
    content: {
      'application/json': { schema: { $ref: componentRef(body) }, ...errorExample(op, status) },
    },
  };
}

// Request bodies live under `components/requestBodies` with their schema inline: the
// input side of a schema (fields with a `default` are optional) then reads as optional to
// generators that treat `default` in `components/schemas` as "always present", such as
// openapi-typescript.
function requestBody(
  op: OperationDef & { body: z.ZodType },
  c: ComponentCollector,
  bodies: Map<string, JsonSchema>,
): JsonSchema {
  const { id, json } = c.toInlineJson(op.body);
  const name = id ?? `${op.operationId}Request`;
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  for (const [field, schema] of Object.entries(properties))
    properties[field] = { description: describedInput(op, field), ...schema };
  // The demo's body, then the error requests' under their answers' names.
  const examples: JsonSchema = {};
  for (const { name: example, body } of exampleRequests(op)) {
    if (body === undefined) continue;
    examples[example] =
      example === DEMO ? { summary: 'Demo scenario (`pnpm start`)', value: body } : { value: body };
  }
  bodies.set(name, {
    required: true,
    content: {
      'application/json': {
        schema: json,
        ...(Object.keys(examples).length === 0 ? {} : { examples }),
      },
    },
  });
  return { $ref: `#/components/requestBodies/${name}` };
}

function operationTag(op: OperationDef): OpenApiTag {
  const tag = op.path.includes('/shield') ? 'shield' : op.path.split('/')[1];
  const known = OPENAPI_TAGS.find((t) => t.name === tag);
  if (!known) throw new Error(`no OpenAPI tag described for ${op.path}`);
  return known.name;
}

function operationObject(
  op: OperationDef,
  c: ComponentCollector,
  bodies: Map<string, JsonSchema>,
): JsonSchema {
  const responses: JsonSchema = { [String(op.success.status)]: successResponse(op, c) };
  for (const status of documentedErrorStatuses(op))
    responses[String(status)] = errorResponse(op, status);
  const params = parameters(op, c);
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: OPERATION_DESCRIPTIONS[op.operationId as OperationId],
    tags: [operationTag(op)],
    security: [{ bearer: [] }],
    'x-scope': op.scope,
    'x-rate-limit-class': op.access,
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(op.body ? { requestBody: requestBody({ ...op, body: op.body }, c, bodies) } : {}),
    responses,
  };
}

/** Builds the OpenAPI 3.1 document of the API from the contract table. */
export function buildOpenApiDocument(): JsonSchema {
  const collector = new ComponentCollector();
  collector.toJson(ErrorBody, 'output');
  collector.toJson(ConflictBody, 'output');
  const bodies = new Map<string, JsonSchema>();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operationList) {
    const item = paths[op.path] ?? {};
    item[op.method.toLowerCase()] = operationObject(op, collector, bodies);
    paths[op.path] = item;
  }
  const header = (description: string) => ({
    description,
    schema: { type: 'integer', minimum: 0 },
  });
  const document: JsonSchema = {
    openapi: '3.1.0',
    info: {
      title: 'REF Account API',
      version: API_SPEC_VERSION,
      description:
        'Automation of exactly one customer account: identity, balance, invoices, orders, ledger, services, KVM power, Shield and the plan catalog.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: 'http://127.0.0.1:4010/v1', description: 'Reference server (`pnpm start`)' }],
    security: [{ bearer: [] }],
    tags: OPENAPI_TAGS.map((tag) => ({ ...tag })),
    paths,
  };
  document.components = {
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: API_KEY_PREFIX.slice(0, -1),
        description: `API keys begin with \`${API_KEY_PREFIX}\`.`,
      },
    },
    headers: {
      'RateLimit-Limit': header('Requests allowed in the current one-minute window.'),
      'RateLimit-Remaining': header('Requests left in the current window.'),
      'RateLimit-Reset': header('Whole seconds until the current window ends.'),
      'Retry-After': header('Seconds to wait before retrying.'),
    },
    requestBodies: Object.fromEntries([...bodies].sort(([a], [b]) => a.localeCompare(b))),
    schemas: Object.fromEntries([...collector.schemas].sort(([a], [b]) => a.localeCompare(b))),
  };
  return document;
}
