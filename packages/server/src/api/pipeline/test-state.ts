import { type OperationDef, operations } from '@refapi/schema';
import { type AuthenticatedKey, expandScopes } from '../../domain/auth';
import { createIpAllowList } from '../../domain/ip-allow-list';
import type { ServerContext } from '../../state/server-context';
import type { ApiRequest } from '../api-request';
import type { OperationState } from './state';

/** A key with the given scopes and allow-list (test helper of the stage tests). */
export const testKey = (scopes = ['*'], allowed: string[] = []): AuthenticatedKey => ({
  id: 'key-1',
  accountRef: 'ACC-1',
  scopes: expandScopes(scopes),
  allowList: createIpAllowList(allowed),
});

/** A request with lower-case headers (test helper of the stage tests). */
export function testRequest(over: Partial<ApiRequest> = {}, headers: Record<string, string> = {}) {
  const request: ApiRequest = {
    method: 'GET',
    path: '/v1/me',
    search: '',
    header: (name) => headers[name],
    body: undefined,
    bodyTooLarge: false,
    sourceAddress: '127.0.0.1',
    ...over,
  };
  return request;
}

/** An operation state for `op` (test helper of the stage tests); `ctx` holds only what is given. */
export function testState(
  op: OperationDef = operations.getAccount,
  over: Partial<OperationState> = {},
  ctx: Partial<ServerContext> = {},
): OperationState {
  return {
    ctx: ctx as ServerContext,
    request: testRequest(),
    nowMs: 0,
    op,
    bound: { operationId: 'getAccount', impl: () => ({ status: 200, body: {} }) },
    rawParams: {},
    key: testKey(),
    headers: {},
    ...over,
  };
}
