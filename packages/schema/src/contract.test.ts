import { describe, expect, it } from 'vitest';
import { documentedErrorStatuses, operationList, operations } from './contract';
import { buildPath } from './routes';

// The spec's summary table and per-operation error lists, transcribed independently of
// the contract so that a drift in either shows up here.
const SPEC: [method: string, path: string, scope: string, success: number, errors: number[]][] = [
  ['GET', '/me', 'account:read', 200, [401, 403]],
  ['GET', '/balance', 'balance:read', 200, [401, 403]],
  ['GET', '/invoices', 'finance:read', 200, [400, 401, 403]],
  ['GET', '/orders', 'finance:read', 200, [400, 401, 403]],
  ['POST', '/orders', 'orders:write', 200, [400, 401, 403, 409, 422, 428]],
  ['GET', '/transactions', 'finance:read', 200, [400, 401, 403]],
  ['GET', '/services', 'services:read', 200, [400, 401, 403]],
  ['GET', '/services/stats', 'services:read', 200, [401, 403]],
  ['GET', '/services/{service_ref}', 'services:read', 200, [401, 403, 404]],
  ['PUT', '/services/{service_ref}/auto-renew', 'services:write', 200, [400, 401, 403, 404, 409]],
  [
    'POST',
    '/services/{service_ref}/power',
    'services:power',
    200,
    [400, 401, 403, 404, 409, 428, 502],
  ],
  ['GET', '/services/{service_ref}/shield', 'shield:read', 200, [401, 403, 404, 409, 503]],
  ['GET', '/services/{service_ref}/shield/capabilities', 'shield:read', 200, [401, 403, 404, 503]],
  ['GET', '/services/{service_ref}/shield/rules', 'shield:read', 200, [401, 403, 404, 503]],
  [
    'POST',
    '/services/{service_ref}/shield/rules',
    'shield:write',
    202,
    [400, 401, 403, 409, 428, 503],
  ],
  [
    'DELETE',
    '/services/{service_ref}/shield/rules/{rule_id}',
    'shield:write',
    202,
    [401, 403, 404, 409, 428, 503],
  ],
  [
    'POST',
    '/services/{service_ref}/shield/presets/{preset_code}',
    'shield:write',
    202,
    [401, 403, 404, 409, 428, 503],
  ],
  [
    'POST',
    '/services/{service_ref}/shield/profiles/{profile_code}',
    'shield:write',
    202,
    [401, 403, 404, 409, 428, 503],
  ],
  [
    'GET',
    '/services/{service_ref}/shield/traffic',
    'shield:read',
    200,
    [400, 401, 403, 404, 409, 503],
  ],
  [
    'GET',
    '/services/{service_ref}/shield/protection-activity',
    'shield:read',
    200,
    [400, 401, 403, 404, 409, 503],
  ],
  [
    'GET',
    '/services/{service_ref}/shield/export',
    'shield:read',
    200,
    [400, 401, 403, 404, 409, 503],
  ],
  [
    'GET',
    '/services/{service_ref}/shield/rules/{rule_id}/evidence',
    'shield:read',
    200,
    [400, 401, 403, 404, 409, 503],
  ],
  ['GET', '/plans', 'catalog:read', 200, [400, 401, 403]],
];

// Operations whose spec text says "header Idempotency-Key required".
const IDEMPOTENT = new Set([
  'POST /orders',
  'POST /services/{service_ref}/power',
  'POST /services/{service_ref}/shield/rules',
  'DELETE /services/{service_ref}/shield/rules/{rule_id}',
  'POST /services/{service_ref}/shield/presets/{preset_code}',
  'POST /services/{service_ref}/shield/profiles/{profile_code}',
]);

describe('contract table', () => {
  it('has exactly the 23 operations of the spec, in its order', () => {
    expect(operationList.map((op) => [op.method, op.path])).toEqual(SPEC.map(([m, p]) => [m, p]));
  });

  it.each(SPEC)(
    '%s %s: scope, success status and error statuses match the spec',
    (method, path, scope, success, errors) => {
      const op = operationList.find((o) => o.method === method && o.path === path)!;
      expect(op.scope).toBe(scope);
      expect(op.success.status).toBe(success);
      expect([...op.errors]).toEqual(errors);
      expect(op.idempotencyKey).toBe(IDEMPOTENT.has(`${method} ${path}`));
      expect(op.access).toBe(method === 'GET' ? 'read' : 'write');
    },
  );

  it('marks exactly the Shield operations as pausable', () => {
    for (const op of operationList) {
      expect(op.pausable === true).toBe(op.scope.startsWith('shield:'));
    }
  });

  it('keys every entry by its operationId', () => {
    for (const [id, op] of Object.entries(operations)) expect(op.operationId).toBe(id);
  });

  it('declares a schema for every path parameter of the template', () => {
    for (const op of operationList) {
      const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(Object.keys(op.pathParams?.shape ?? {}).sort()).toEqual(names.sort());
    }
  });

  it('documents the reference-server statuses on top of the spec list', () => {
    expect(documentedErrorStatuses(operations.getAccount)).toEqual([401, 403, 429]);
    expect(documentedErrorStatuses(operations.createShieldRule)).toEqual([
      400, 401, 403, 404, 409, 413, 422, 428, 429, 503,
    ]);
  });
});

describe('buildPath', () => {
  it('fills and encodes path parameters', () => {
    expect(
      buildPath(operations.deleteShieldRule, { service_ref: 'REF-SVC-1', rule_id: 'a/b' }),
    ).toBe('/services/REF-SVC-1/shield/rules/a%2Fb');
  });

  it('refuses a missing parameter instead of sending "undefined"', () => {
    expect(() => buildPath(operations.getService, {})).toThrow(/service_ref/);
  });

  it.each(['', '.', '..'])('refuses %j, which would name another path', (value) => {
    expect(() => buildPath(operations.getService, { service_ref: value })).toThrow(
      `path parameter service_ref cannot be ${JSON.stringify(value)}`,
    );
  });
});
