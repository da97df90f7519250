import { describe, expect, it } from 'vitest';
import type { ApiRequest } from './api-request';
import { newRequestId, REQUEST_ID_PATTERN, requestIdOf, requestIdStep } from './request-id';

const request = (): ApiRequest => ({
  method: 'GET',
  path: '/v1/me',
  search: '',
  header: () => undefined,
  body: undefined,
  bodyTooLarge: false,
  sourceAddress: '127.0.0.1',
});

describe('request ids', () => {
  it('are req_ and 24 letters or digits, unique, using the whole alphabet', () => {
    const ids = Array.from({ length: 2000 }, newRequestId);
    for (const id of ids) expect(id).toMatch(REQUEST_ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
    const chars = new Set(ids.join('').replaceAll('req_', ''));
    expect(chars.size).toBe(62);
  });

  it('stay with their request and reach the response header', async () => {
    const req = request();
    let seen: string | undefined;
    const handle = (r: ApiRequest) =>
      requestIdStep(r, async () => {
        seen = requestIdOf(r);
        return { status: 204, headers: {}, body: '' };
      });
    const response = await handle(req);
    expect(response.headers['request-id']).toBe(seen);
    expect(requestIdOf(req)).toBe(seen);
    expect(requestIdOf(request())).not.toBe(seen);
  });
});
