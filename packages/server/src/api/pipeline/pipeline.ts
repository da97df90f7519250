import type { OperationDef } from '@refapi/schema';
import type { ApiResponse } from '../api-request';
import { authenticate } from './authenticate';
import { authorize } from './authorize';
import { execute } from './execute';
import { idempotency } from './idempotency';
import { parse } from './parse';
import { pauseGate } from './pause-gate';
import { rateLimit } from './rate-limit';
import { refusal, toResponse } from './response';
import { route } from './route';
import type { Admission, BoundOperation, OperationState, Stage } from './state';
import { validate } from './validate';

/** Decided before the request becomes a unit of work: 404/405, then 429. */
const ADMISSION: readonly Stage<Admission>[] = [route, rateLimit];

/**
 * The operation's checks in the order the API answers them: 401, 403, 503 (paused),
 * 413/400 (body), 400 (inputs), 428/400 (Idempotency-Key); then `execute`.
 */
const CHECKS: readonly Stage<OperationState>[] = [
  authenticate,
  authorize,
  pauseGate,
  parse,
  validate,
  idempotency,
];

/** Runs the admission stages, then the checks and the operation inside a durability unit. */
export function runPipeline(
  admission: Admission,
  operations: ReadonlyMap<OperationDef, BoundOperation>,
): ApiResponse | Promise<ApiResponse> {
  const { ctx, route: match, headers } = admission;
  try {
    for (const stage of ADMISSION) stage(admission);
  } catch (error) {
    return refusal(error, headers);
  }
  const bound = match.kind === 'operation' ? operations.get(match.op) : undefined;
  // Unreachable: `route` answered every other match, and every contract entry is bound.
  if (match.kind !== 'operation' || bound === undefined) throw new Error('unbound route');
  const state: OperationState = {
    ctx,
    request: admission.request,
    nowMs: admission.nowMs,
    op: match.op,
    bound,
    rawParams: match.params,
    key: admission.key,
    headers,
  };
  if (ctx.durability === undefined) return runOperation(state);
  return ctx.durability
    .unit(() => runOperation(state), match.op.access)
    .catch((error: unknown) => refusal(error, headers));
}

async function runOperation(state: OperationState): Promise<ApiResponse> {
  try {
    for (const stage of CHECKS) stage(state);
    return toResponse(await execute(state), state.headers);
  } catch (error) {
    return refusal(error, state.headers);
  }
}
