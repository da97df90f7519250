import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../api/api-request';
import { requestOrigin } from './request-origin';

const FALLBACK = 'https://api.ref.test';

/** A request with only the facts requestOrigin reads. */
const request = (host: string | undefined, origin?: string, proto?: string): ApiRequest => ({
  method: 'GET',
  path: '/openapi.json',
  search: '',
  header: (name) => (name === 'host' ? host : name === 'x-forwarded-proto' ? proto : undefined),
  body: undefined,
  bodyTooLarge: false,
  sourceAddress: '127.0.0.1',
  origin,
});

describe('requestOrigin', () => {
  it("takes the transport's origin first (in-process: the URL, scheme included)", () => {
    expect(requestOrigin(request('api.ref.test', 'https://api.ref.test'), FALLBACK)).toBe(
      'https://api.ref.test',
    );
  });

  it('builds http://<Host> over node:http, normalised as a URL origin', () => {
    expect(requestOrigin(request('127.0.0.1:4010'), FALLBACK)).toBe('http://127.0.0.1:4010');
    expect(requestOrigin(request('[::1]:4010'), FALLBACK)).toBe('http://[::1]:4010');
    expect(requestOrigin(request('LocalHost:80'), FALLBACK)).toBe('http://localhost');
  });

  it('takes the scheme a TLS-terminating proxy names in X-Forwarded-Proto (http or https only)', () => {
    expect(requestOrigin(request('ref.example.test', undefined, 'https'), FALLBACK)).toBe(
      'https://ref.example.test',
    );
    expect(requestOrigin(request('ref.example.test:443', undefined, 'HTTPS'), FALLBACK)).toBe(
      'https://ref.example.test',
    );
    // Proxies in a chain append theirs: the first is the client's.
    expect(
      requestOrigin(request('ref.example.test:8443', undefined, 'https, http'), FALLBACK),
    ).toBe('https://ref.example.test:8443');
    for (const other of ['ftp', 'javascript', '', 'https://x', 'ws']) {
      expect(requestOrigin(request('127.0.0.1:4010', undefined, other), FALLBACK)).toBe(
        'http://127.0.0.1:4010',
      );
    }
    // The transport's origin (in-process, the URL's own scheme) stays first.
    expect(requestOrigin(request('a.test', 'http://a.test', 'https'), FALLBACK)).toBe(
      'http://a.test',
    );
  });

  it('falls back for no Host, or one that is not a bare host[:port]', () => {
    for (const host of [
      undefined,
      '',
      'a.test/path',
      'a.test?x',
      'a.test#x',
      'u@a.test',
      'a b',
      'a.test\\x',
    ]) {
      expect(requestOrigin(request(host), FALLBACK)).toBe(FALLBACK);
    }
  });
});
