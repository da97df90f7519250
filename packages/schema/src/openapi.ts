import { z } from 'zod';
import { ConflictBody, ErrorBody } from './common';
import { documentedErrorStatuses, type OperationDef, operationList } from './contract';
import { API_KEY_PREFIX, API_SPEC_VERSION } from './limits';
import { IdempotencyKey } from './params';

type JsonSchema = Record<string, unknown>;

const componentRef = (id: string) => `#/components/schemas/${id}`;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid path, service reference, query or JSON body; `error` is `invalid_<where>: <field>`.',
  401: 'Missing or invalid API key.',
  403: 'Insufficient scope, source IP not allowed, or `shield_advanced_required`.',
  404: 'The service or rule does not exist or is not owned by the account.',
  409: 'The lifecycle state no longer permits the mutation, or the idempotency key was reused.',
  413: 'The request body is larger than 64 KiB.',
  422: 'Billing profile, plan options, price, stock or balance do not permit the purchase.',
  428: 'The `Idempotency-Key` header is required.',
  429: 'Rate limit exceeded.',
  502: 'The provider rejected or failed the power action.',
  503: 'Shield is paused or temporarily unavailable.',
};

const rateLimitHeaders = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
};

// Schemas registered with `.meta({id})` are emitted once under components; `toJson`
// converts one schema and hoists its `$defs` there.
class ComponentCollector {
  readonly schemas = new Map<string, JsonSchema>();

  toJson(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const {
      $schema: _,
      $defs,
      ...json
    } = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
    }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [id, def] of Object.entries($defs ?? {})) this.schemas.set(id, this.relink(def));
    const id = z.globalRegistry.get(schema)?.id;
    if (id) {
      // A root with an id comes back either inline or as a `$ref` into its own `$defs`.
      if (!$defs?.[id]) this.schemas.set(id, this.relink(json));
      return { $ref: componentRef(id) };
    }
    return this.relink(json);
  }

  private relink(json: JsonSchema): JsonSchema {
    const { id: _, ...rest } = JSON.parse(
      JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/'),
    ) as JsonSchema;
    return rest;
  }
}

function parameters(op: OperationDef, c: ComponentCollector): JsonSchema[] {
  const params: JsonSchema[] = [];
  for (const [location, object] of [
    ['path', op.pathParams],
    ['query', op.query],
  ] as const) {
    if (!object) continue;
    for (const [name, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
      const schema = c.toJson(field, 'output');
      params.push({
        name,
        in: location,
        required: location === 'path' || !field.safeParse(undefined).success,
        schema,
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
      schema: c.toJson(IdempotencyKey, 'output'),
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
  const content: JsonSchema = {};
  if (op.success.schema)
    content['application/json'] = { schema: c.toJson(op.success.schema, 'output') };
  if (op.success.csv) {
    content['text/csv'] = {
      schema: {
        type: 'string',
        description: 'Columns `key,packets,bytes,samples`, CRLF line ends, formula-safe cells.',
      },
    };
  }
  return {
    description: op.summary,
    headers,
    ...(Object.keys(content).length > 0 ? { content } : {}),
  };
}

function errorResponse(status: number): JsonSchema {
  const headers: JsonSchema = { ...rateLimitHeaders };
  if (status === 429 || status === 503)
    headers['Retry-After'] = { $ref: '#/components/headers/Retry-After' };
  const body = status === 409 ? 'ConflictError' : 'Error';
  return {
    description: ERROR_DESCRIPTIONS[status] ?? 'Error.',
    headers,
    content: { 'application/json': { schema: { $ref: componentRef(body) } } },
  };
}

function operationObject(op: OperationDef, c: ComponentCollector): JsonSchema {
  const responses: JsonSchema = { [String(op.success.status)]: successResponse(op, c) };
  for (const status of documentedErrorStatuses(op))
    responses[String(status)] = errorResponse(status);
  const params = parameters(op, c);
  return {
    operationId: op.operationId,
    summary: op.summary,
    tags: [op.path.includes('/shield') ? 'shield' : op.path.split('/')[1]],
    security: [{ bearer: [] }],
    'x-scope': op.scope,
    'x-rate-limit-class': op.access,
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: c.toJson(op.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** Builds the OpenAPI 3.1 document of the API from the contract table. */
export function buildOpenApiDocument(): JsonSchema {
  const collector = new ComponentCollector();
  collector.toJson(ErrorBody, 'output');
  collector.toJson(ConflictBody, 'output');
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operationList) {
    const item = paths[op.path] ?? {};
    item[op.method.toLowerCase()] = operationObject(op, collector);
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
    schemas: Object.fromEntries([...collector.schemas].sort(([a], [b]) => a.localeCompare(b))),
  };
  return document;
}
