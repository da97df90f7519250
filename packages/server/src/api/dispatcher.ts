import { faultsControl } from '../controls/faults';
import { boundedMemo } from '../internal/bounded-memo';
import { httpDate } from '../internal/http-date';
import type { OperationImpls } from '../operations/types';
import { catchUpIfDue } from '../state/catch-up';
import type { ApiContext } from './api-context';
import { type ApiRequest, type ApiResponse, errorResponse } from './api-request';
import { failureResponse } from './injected-failure';
import { admit } from './pipeline/admission';
import { mayCall } from './pipeline/authorize';
import { bindOperations } from './pipeline/bind';
import { runPipeline } from './pipeline/pipeline';
import { windowAccess, windowSubject } from './pipeline/rate-limit';
import { rateLimitHeaders } from './rate-limit-headers';
import { RouteTable } from './route-table';

// The contract's route table and each implementation table's bindings are built once per
// process, not once per space: every space runtime of every server shares them.
const routes = new RouteTable();
// Bounded: the server binds one table (`operationImpls`); tests may bind a few of their own.
const bindingsOf = boundedMemo(bindOperations, 16);

/**
 * The answer to a HEAD: GET's status and headers, its `Content-Length` the length of the
 * content GET would have sent (RFC 9110 §8.6), no content (what the journal shows too).
 */
function headersOnly(response: ApiResponse): ApiResponse {
  const { stream: _stream, ...rest } = response;
  return {
    ...rest,
    headers: { ...response.headers, 'content-length': String(Buffer.byteLength(response.body)) },
    body: '',
  };
}

/**
 * The `RateLimit-*` headers of a request the API was to answer but the transport refused
 * after its key was read (a body past its deadline: 408): the window the pipeline counts it
 * in (its key's, for its route's access), reported without counting — the request never
 * arrived whole, and its answer is the 408 whatever the window says.
 */
export function createWindowPeek(ctx: ApiContext, basePath: string) {
  const prefix = `${basePath.replace(/\/+$/, '')}/`;
  return (request: ApiRequest): Record<string, string> => {
    const path = request.path.startsWith(prefix) ? request.path.slice(prefix.length - 1) : '';
    const route = request.route ?? routes.match(request.method, path);
    const key = ctx.requestKeys.of(request);
    return rateLimitHeaders(
      ctx.rateLimiter.peek(
        windowSubject(key, request.sourceAddress),
        windowAccess(route, key),
        ctx.clock.nowMs(),
      ),
    );
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The API entry: waits for the initial load, gathers what every stage reads (route, key,
 * rate-limit hit), runs the stage pipeline (`pipeline/pipeline.ts`), then applies injected
 * latency and reports the request to the journal. The dispatch it returns never throws.
 */
export function createDispatcher(ctx: ApiContext, impls: OperationImpls, basePath: string) {
  const operations = bindingsOf(impls);
  const prefix = `${basePath.replace(/\/+$/, '')}/`;

  const windowOf = createWindowPeek(ctx, basePath);
  // A 500 carries the rate-limit headers too (every API answer does), unless reading the
  // window is what failed: the 500 goes out anyway.
  const windowOfFailed = (request: ApiRequest): Record<string, string> => {
    try {
      return windowOf(request);
    } catch {
      return {};
    }
  };

  return async (request: ApiRequest): Promise<ApiResponse> => {
    const started = performance.now();
    const controlsBefore = ctx.controls.values();
    let nowMs = ctx.clock.nowMs();
    let operationId: string | null = null;
    let accountRef: string | null = null;
    let injectedFault: string | null = null;
    let response: ApiResponse;
    try {
      if (ctx.pending !== null) {
        await ctx.pending;
        nowMs = ctx.clock.nowMs();
      }
      // What the clock made due is applied before the request sees the state.
      if (nowMs >= ctx.time.nextDueMs) {
        await catchUpIfDue(ctx);
        nowMs = ctx.clock.nowMs();
      }
      const path = request.path.startsWith(prefix) ? request.path.slice(prefix.length - 1) : '';
      const route = request.route ?? routes.match(request.method, path);
      const operation = route.kind === 'operation' ? route.op : undefined;
      // A failure queued by `POST /__admin/fail-next` answers first (nothing else runs), but
      // only a request that may call the operation: others get their own 401/403.
      const injected =
        operation !== undefined && ctx.failNext.size > 0 && mayCall(ctx, request, operation)
          ? ctx.failNext.take(operation)
          : undefined;
      if (operation !== undefined && injected !== undefined) {
        // mayCall authenticated the key: the journal names its account, as for any call.
        operationId = operation.operationId;
        accountRef = ctx.requestKeys.of(request)?.accountRef ?? null;
        response = failureResponse(operation, injected.status, injected.options, nowMs);
        injectedFault = 'fail-next';
      } else {
        const admission = admit(ctx, route, request, nowMs);
        operationId = operation?.operationId ?? null;
        accountRef = admission.key?.accountRef ?? null;
        response = await runPipeline(admission, operations);
      }
    } catch (error) {
      ctx.onError(error);
      response = errorResponse(500, 'internal_error', windowOfFailed(request));
    }
    const { latencyMs } = ctx.controls.read(faultsControl);
    if (latencyMs > 0) await sleep(latencyMs);
    response.headers.date = httpDate(ctx.clock.nowMs());
    if (request.method === 'HEAD') response = headersOnly(response);
    ctx.onRequest(request, response, {
      operation: operationId,
      account_ref: accountRef,
      receivedMs: nowMs,
      duration_ms: Math.round((performance.now() - started) * 100) / 100,
      fault:
        injectedFault ?? ctx.controls.faultLabel(controlsBefore, response.status, response.body),
    });
    return response;
  };
}
