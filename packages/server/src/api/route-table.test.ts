import { describe, expect, it } from 'vitest';
import { RouteTable } from './route-table';

describe('RouteTable', () => {
  const routes = new RouteTable();

  it('matches contract paths, literals before parameters', () => {
    expect(routes.match('GET', '/services/stats')).toMatchObject({
      kind: 'operation',
      op: { operationId: 'getServiceStats' },
    });
    expect(routes.match('GET', '/services/REF-SVC-1')).toMatchObject({
      op: { operationId: 'getService' },
      params: { service_ref: 'REF-SVC-1' },
    });
    expect(routes.match('DELETE', '/services/REF-SVC-1/shield/rules/abc')).toMatchObject({
      op: { operationId: 'deleteShieldRule' },
      params: { service_ref: 'REF-SVC-1', rule_id: 'abc' },
    });
  });

  it('answers not_found for unknown paths and method_not_allowed with the Allow list', () => {
    for (const path of ['/', '', '/nope', '/me/', '/services//power', '/services/X/unknown']) {
      expect(routes.match('GET', path).kind, path).toBe('not_found');
    }
    expect(routes.match('DELETE', '/orders')).toEqual({
      kind: 'method_not_allowed',
      allow: 'GET, HEAD, POST',
    });
  });

  it('decodes parameters and marks malformed escapes as invalid', () => {
    expect(routes.match('GET', '/services/REF%2DSVC%2D1')).toMatchObject({
      params: { service_ref: 'REF-SVC-1' },
    });
    expect(routes.match('GET', '/services/%E0%A4%A')).toMatchObject({
      params: { service_ref: undefined },
    });
  });
});
