import { IdempotencyKey, type OperationDef } from '@refapi/schema';
import { type AuthenticatedKey, bearerToken } from '../domain/auth';
import { DomainError } from '../domain/errors';
import { fingerprint, type StoredResponse } from '../domain/idempotency';
import type { OperationCall, OperationImpls, OperationResult } from '../operations/types';
import type { ServerContext } from '../server-context';
import { type ApiRequest, type ApiResponse, errorResponse } from './api-request';
import { hasBodyText, isJsonContentType } from './content-type';
import { parseInput, queryObject } from './input-validation';
import { rateLimitHeaders } from './rate-limit-headers';
import { RouteTable } from './route-table';

/** Answers one API request (`/v1/...`); never throws. */
export type Dispatch = (request: ApiRequest) => Promise<ApiResponse>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The API pipeline, built from the contract table: route (404/405), rate-limit
 * accounting (headers on every response, 429), auth (401), source IP and scope (403),
 * Shield pause (503), body size (413), Content-Type and JSON (400), path/query/body
 * validation (400), Idempotency-Key (428/400), durable state writable (503), idempotency
 * claim/replay (409), then the operation.
 */
export function createDispatcher(
  ctx: ServerContext,
  impls: OperationImpls,
  basePath: string,
): Dispatch {
  const routes = new RouteTable();
  const prefix = basePath.replace(/\/+$/, '');

  return async function dispatch(request) {
    const started = performance.now();
    let nowMs = ctx.clock.nowMs();
    let accountRef: string | null = null;
    let response: ApiResponse;
    try {
      if (ctx.pending !== null) {
        await ctx.pending;
        nowMs = ctx.clock.nowMs();
      }
      const path = request.path.startsWith(`${prefix}/`) ? request.path.slice(prefix.length) : '';
      const route = routes.match(request.method, path);
      const key = ctx.store.authenticate(bearerToken(request.header('authorization')));
      const access = route.kind === 'operation' ? route.op.access : 'read';
      const decision = ctx.rateLimiter.hit(
        key?.id ?? `addr:${request.sourceAddress}`,
        access,
        nowMs,
      );
      const headers = rateLimitHeaders(decision);
      if (key !== undefined) accountRef = key.accountRef;
      if (route.kind === 'not_found') response = errorResponse(404, 'not_found', headers);
      else if (route.kind === 'method_not_allowed') {
        headers.allow = route.allow;
        response = errorResponse(405, 'method_not_allowed', headers);
      } else if (!decision.allowed) response = errorResponse(429, 'rate_limit_exceeded', headers);
      else {
        const run = () => runOperation(request, route.op, route.params, key, headers, nowMs);
        response = await (ctx.durability === undefined
          ? run()
          : ctx.durability
              .unit(run, route.op.access)
              .catch((error: unknown) => refusal(error, headers)));
      }
    } catch (error) {
      ctx.onError(error);
      response = errorResponse(500, 'internal_error');
    }
    if (ctx.faults.latencyMs > 0) await sleep(ctx.faults.latencyMs);
    ctx.onRequest({
      method: request.method,
      path: request.path,
      status: response.status,
      account_ref: accountRef,
      time: new Date(nowMs).toISOString(),
      duration_ms: Math.round((performance.now() - started) * 100) / 100,
    });
    return response;
  };

  async function runOperation(
    request: ApiRequest,
    op: OperationDef,
    rawParams: Record<string, string | undefined>,
    key: AuthenticatedKey | undefined,
    headers: Record<string, string>,
    nowMs: number,
  ): Promise<ApiResponse> {
    try {
      const call = prepareCall(request, op, rawParams, key, nowMs);
      return toResponse(await execute(op, call), headers);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return toResponse(errorResult(error), headers);
    }
  }

  function prepareCall(
    request: ApiRequest,
    op: OperationDef,
    rawParams: Record<string, string | undefined>,
    key: AuthenticatedKey | undefined,
    nowMs: number,
  ): OperationCall {
    if (key === undefined) {
      const missing = request.header('authorization') === undefined;
      throw new DomainError(401, missing ? 'missing_api_key' : 'invalid_api_key');
    }
    const partition = ctx.store.partition(key.accountRef);
    if (partition === undefined) throw new DomainError(401, 'invalid_api_key');
    if (!key.allowList.allows(request.sourceAddress)) throw new DomainError(403, 'ip_not_allowed');
    if (!key.scopes.has(op.scope)) throw new DomainError(403, 'insufficient_scope');
    if (ctx.shield.paused && op.path.includes('/shield')) {
      throw new DomainError(503, 'shield_paused', {
        headers: { 'retry-after': String(ctx.shield.retryAfterSeconds) },
      });
    }
    if (request.bodyTooLarge) throw new DomainError(413, 'body_too_large');
    let json: unknown;
    // A request without a body needs no Content-Type (DELETE, presets); any body must be JSON.
    if (hasBodyText(request.body)) {
      if (!isJsonContentType(request.header('content-type'))) {
        throw new DomainError(400, 'invalid_content_type');
      }
      if (op.body !== undefined) {
        try {
          json = JSON.parse(request.body);
        } catch {
          throw new DomainError(400, 'invalid_json');
        }
      }
    }
    const params = op.pathParams ? parseInput(op.pathParams, rawParams, 'path') : undefined;
    const query = op.query
      ? parseInput(op.query, queryObject(request.search, op.query), 'query')
      : undefined;
    const body = op.body ? parseInput(op.body, json, 'body') : undefined;
    let idempotencyKey: string | undefined;
    if (op.idempotencyKey) {
      idempotencyKey = request.header('idempotency-key');
      if (idempotencyKey === undefined) throw new DomainError(428, 'idempotency_key_required');
      if (!IdempotencyKey.safeParse(idempotencyKey).success) {
        throw new DomainError(400, 'invalid_header: Idempotency-Key');
      }
    }
    const call = {
      operationId: op.operationId,
      params,
      query,
      body,
      account: partition.account,
      partition,
      key,
      now: new Date(nowMs),
      ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    };
    return call as OperationCall;
  }

  async function execute(op: OperationDef, call: OperationCall): Promise<StoredResponse> {
    // Refused before anything changes while the state cannot be made durable (503).
    if (op.access === 'write') ctx.durability?.checkWritable();
    const impl = impls[op.operationId as keyof OperationImpls] as (
      call: OperationCall,
      ctx: ServerContext,
    ) => OperationResult | Promise<OperationResult>;
    if (call.idempotencyKey === undefined) return impl(call, ctx);
    const claim = ctx.idempotency.claim(
      call.account.account_ref,
      op.operationId,
      call.idempotencyKey,
      fingerprint({ params: call.params ?? null, body: call.body ?? null }),
      call.now.getTime(),
    );
    if (claim.kind === 'reused') throw new DomainError(409, 'idempotency_key_reused');
    if (claim.kind === 'in_use') throw new DomainError(409, 'idempotency_key_in_use');
    if (claim.kind === 'replay') return replayed(claim.response);
    try {
      const result = await impl(call, ctx);
      claim.complete(result);
      return result;
    } catch (error) {
      if (error instanceof DomainError && !error.transient) claim.complete(errorResult(error));
      else claim.release();
      throw error;
    }
  }
}

// A unit refused as a whole (its change could not be made durable) answers like an operation.
function refusal(error: unknown, headers: Record<string, string>): ApiResponse {
  if (error instanceof DomainError) return toResponse(errorResult(error), headers);
  throw error;
}

function errorResult(error: DomainError): StoredResponse {
  return { status: error.status, body: error.toBody(), headers: error.headers };
}

// A replay is the stored response, flagged: header always, body field where the schema has one.
function replayed(response: StoredResponse): StoredResponse {
  const headers = { ...response.headers, 'idempotent-replayed': 'true' };
  const body = response.body;
  if (body !== null && typeof body === 'object' && 'idempotent_replayed' in body) {
    return { ...response, headers, body: { ...body, idempotent_replayed: true } };
  }
  return { ...response, headers };
}

function toResponse(result: StoredResponse, headers: Record<string, string>): ApiResponse {
  if (result.headers !== undefined) {
    for (const name in result.headers) headers[name.toLowerCase()] = result.headers[name] as string;
  }
  if (result.text !== undefined) {
    headers['content-type'] ??= 'text/plain; charset=utf-8';
    return { status: result.status, headers, body: result.text };
  }
  if (result.body === undefined) return { status: result.status, headers, body: '' };
  headers['content-type'] = 'application/json';
  return { status: result.status, headers, body: JSON.stringify(result.body) };
}
