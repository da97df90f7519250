// A guesser of the admin token is slowed to 10 tries a minute per address; the right token
// is never refused because another process on the same address guessed.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILED_ATTEMPTS } from '../src/domain/failed-attempts';
import { createReferenceServer, type ListeningServer } from '../src/index';

const ADMIN = 'test-admin-token';
const server = createReferenceServer({ adminToken: ADMIN });
let listening: ListeningServer;

beforeAll(async () => {
  listening = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => listening.close());

/** One admin call from `localAddress` (any 127.x.y.z is this machine's loopback). */
function admin(
  localAddress: string,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
) {
  return new Promise<{ status: number; body: unknown; retryAfter: unknown; cookies: string[] }>(
    (resolve, reject) => {
      const req = request(
        `${listening.url}/__admin${path}`,
        { method, headers, localAddress, agent: false },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: text === '' ? undefined : JSON.parse(text),
              retryAfter: res.headers['retry-after'],
              cookies: res.headers['set-cookie'] ?? [],
            }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('wrong admin tokens', () => {
  it('get 429 too_many_attempts with Retry-After past ten a minute; the right one still works', async () => {
    const guesser = '127.0.0.5';
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i++) {
      const res = await admin(guesser, '/whoami', bearer(`wrong-token-${i}`));
      expect([res.status, res.body]).toEqual([401, { error: 'invalid_admin_token' }]);
    }
    for (const path of ['/whoami', '/state']) {
      const res = await admin(guesser, path, bearer('wrong-token-x'));
      expect([path, res.status, res.body]).toEqual([path, 429, { error: 'too_many_attempts' }]);
      expect(Number(res.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(res.retryAfter)).toBeLessThanOrEqual(60);
    }
    // Another process on the same address with the right token: never refused, session
    // exchange included, and it clears nobody's failures.
    expect((await admin(guesser, '/whoami', bearer(ADMIN))).status).toBe(200);
    const login = await admin(guesser, '/session', bearer(ADMIN), 'POST');
    expect(login.status).toBe(204);
    const cookie = (login.cookies[0] ?? '').split(';')[0] as string;
    expect((await admin(guesser, '/whoami', { cookie })).status).toBe(200);
    expect((await admin(guesser, '/whoami', bearer('wrong-token-y'))).status).toBe(429);
    expect((await admin('127.0.0.6', '/whoami', bearer('wrong-token-z'))).status).toBe(401);
  });

  it('never keep the right token from sending a body (a scenario upload from the same address)', async () => {
    const guesser = '127.0.0.7';
    for (let i = 0; i <= MAX_FAILED_ATTEMPTS; i++)
      await admin(guesser, '/whoami', bearer(`w-${i}`));
    const state = await admin(guesser, '/state', bearer(ADMIN));
    expect(state.status).toBe(200);
    const res = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${listening.url}/__admin/scenario`,
        {
          method: 'POST',
          headers: { ...bearer(ADMIN), 'content-type': 'application/json' },
          localAddress: guesser,
          agent: false,
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(state.body));
    });
    expect(res).toBe(200);
  });
});
