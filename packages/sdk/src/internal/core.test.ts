import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/helpers/fake-fetch';
import { RefClient } from '../client';
import { ConfigurationError } from '../errors/client-errors';

const clientWith = (fetch: ReturnType<typeof fakeFetch>['fetch']) =>
  new RefClient({ apiKey: 'refak_x', baseUrl: 'https://api.test/v1', fetch, maxRetries: 0 });

describe('path parameters', () => {
  // A URL resolves `.` and `..` segments: services.get('..') would be GET /v1/.
  it.each(['..', '.', ''])('refuses %j before sending anything', async (ref) => {
    const { fetch, requests } = fakeFetch(() => json(200, {}));
    const client = clientWith(fetch);
    const calls = [
      ['service_ref', () => client.services.get(ref)],
      ['service_ref', () => client.services.power(ref, 'reboot')],
      ['rule_id', () => client.shield('REF-SVC-1').rules.delete(ref)],
    ] as const;
    for (const [name, call] of calls) {
      await expect(call()).rejects.toThrow(
        new ConfigurationError(`path parameter ${name} cannot be ${JSON.stringify(ref)}.`),
      );
    }
    expect(requests).toHaveLength(0);
  });

  it('sends a reference holding a slash as one segment', async () => {
    const { fetch, requests } = fakeFetch(() =>
      json(404, { error: { code: 'not_found', message: 'no such service' } }),
    );
    await clientWith(fetch)
      .services.get('../__admin')
      .catch(() => undefined);
    expect(requests[0]?.url).toBe('https://api.test/v1/services/..%2F__admin');
  });
});
