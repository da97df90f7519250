import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors/cli-error';
import { apiTarget, findRoute } from './api-target';

const BASE = 'http://127.0.0.1:4010/v1';

describe('refctl api paths', () => {
  it.each(['me', '/me', '/v1/me', 'v1/me', '//me'])('%s is GET …/v1/me', (path) => {
    const target = apiTarget(BASE, path);
    expect(target.url.toString()).toBe('http://127.0.0.1:4010/v1/me');
    expect(target.path).toBe('/me');
  });

  it('keeps the query and takes the base URL as it is', () => {
    expect(apiTarget(`${BASE}/`, '/services?type=kvm&limit=2').url.toString()).toBe(
      'http://127.0.0.1:4010/v1/services?type=kvm&limit=2',
    );
    // A base URL without /v1: the path goes below it unchanged.
    expect(apiTarget('http://127.0.0.1:4010', '/v1/me').url.toString()).toBe(
      'http://127.0.0.1:4010/v1/me',
    );
    expect(apiTarget('https://api.example/ref/v1', '/v1version').path).toBe('/v1version');
  });

  it.each(['me', '/v1/me', '/spaces/sp_a1B2/v1/me'])(
    '%s against a space base URL is GET …/spaces/sp_a1B2/v1/me',
    (path) => {
      const target = apiTarget('http://127.0.0.1:4010/spaces/sp_a1B2/v1', path);
      expect(target.url.toString()).toBe('http://127.0.0.1:4010/spaces/sp_a1B2/v1/me');
      expect(target.path).toBe('/me');
    },
  );

  it('refuses a full URL', () => {
    expect(() => apiTarget(BASE, 'https://evil.example/v1/me')).toThrow(UsageError);
  });

  it.each([
    ['/../__admin/state', BASE],
    ['/v1/%2e%2e/__admin/state', BASE],
    ['/../../v1/me', 'http://127.0.0.1:4010/spaces/sp_a1B2/v1'],
  ])('refuses %s, which leaves %s', (path, base) => {
    expect(() => apiTarget(base, path)).toThrow(
      new UsageError(`the path "${path}" leaves the base URL ${base}`, 'invalid_input'),
    );
  });

  it('takes the path as URL resolves it, for the operation it names', () => {
    const target = apiTarget(BASE, '/services/./REF-SVC-101/x/../power');
    expect(target.url.toString()).toBe('http://127.0.0.1:4010/v1/services/REF-SVC-101/power');
    expect(target.path).toBe('/services/REF-SVC-101/power');
  });
});

describe('the contract operation of a request', () => {
  it('finds operations by method and path, literal paths first', () => {
    expect(findRoute('POST', '/orders')).toMatchObject({
      operationId: 'createOrder',
      idempotencyKey: true,
    });
    expect(findRoute('GET', '/orders')?.operationId).toBe('listOrders');
    expect(findRoute('GET', '/services/stats')?.operationId).toBe('getServiceStats');
    expect(findRoute('GET', '/services/REF-SVC-101')?.operationId).toBe('getService');
    expect(findRoute('POST', '/services/REF-SVC-101/power')?.idempotencyKey).toBe(true);
    expect(findRoute('PUT', '/services/REF-SVC-101/auto-renew')?.idempotencyKey).toBe(false);
    expect(findRoute('GET', '/nope')).toBeUndefined();
    expect(findRoute('DELETE', '/orders')).toBeUndefined();
  });
});
