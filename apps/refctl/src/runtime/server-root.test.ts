import { describe, expect, it } from 'vitest';
import { serverRoot, spaceBaseUrl } from './server-root';

describe('the server of a base URL', () => {
  it.each([
    ['http://127.0.0.1:4010/v1', '/v1'],
    ['http://127.0.0.1:4010/v1/', '/v1'],
    ['http://127.0.0.1:4010/spaces/sp_a1B2-c_3/v1', '/v1'],
    ['http://127.0.0.1:4010/spaces/sp_a1B2/v1/', '/v1'],
    ['http://127.0.0.1:4010', ''],
  ])('%s: origin http://127.0.0.1:4010, API at %s', (baseUrl, apiPath) => {
    expect(serverRoot(baseUrl)).toEqual({ origin: 'http://127.0.0.1:4010', apiPath });
  });

  it('builds a space base URL the way the server does', () => {
    const root = serverRoot('http://127.0.0.1:4010/spaces/sp_old/v1');
    expect(spaceBaseUrl(root, 'sp_new')).toBe('http://127.0.0.1:4010/spaces/sp_new/v1');
  });
});
