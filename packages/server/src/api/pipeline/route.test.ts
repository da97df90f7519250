import { describe, expect, it } from 'vitest';
import { RouteTable } from '../route-table';
import { route } from './route';
import type { Admission } from './state';

const at = (method: string, path: string) =>
  ({ route: new RouteTable().match(method, path) }) as Admission;

describe('route', () => {
  it('passes a contract operation', () => {
    expect(() => route(at('GET', '/me'))).not.toThrow();
  });

  it('answers 404 for an unknown path and 405 with Allow for another method', () => {
    expect(() => route(at('GET', '/nope'))).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => route(at('DELETE', '/me'))).toThrow(
      expect.objectContaining({ status: 405, headers: { allow: 'GET, HEAD' } }),
    );
  });
});
