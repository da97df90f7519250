// A guesser of the admin token is slowed to 10 tries a minute per address.
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
  it('get 429 too_many_attempts with Retry-After past ten a minute, the right one too', async () => {
    const guesser = '127.0.0.5';
    const login = await admin(guesser, '/session', bearer(ADMIN), 'POST');
    const cookie = (login.cookies[0] ?? '').split(';')[0] as string;
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i++) {
      const res = await admin(guesser, '/whoami', bearer(`wrong-token-${i}`));
      expect([res.status, res.body]).toEqual([401, { error: 'invalid_admin_token' }]);
    }
    for (const [path, method, headers] of [
      ['/whoami', 'GET', bearer('wrong-token-x')],
      // Not even compared: the right token is refused as well, session exchange included.
      ['/whoami', 'GET', bearer(ADMIN)],
      ['/session', 'POST', bearer(ADMIN)],
    ] as const) {
      const res = await admin(guesser, path, headers, method);
      expect([path, res.status, res.body]).toEqual([path, 429, { error: 'too_many_attempts' }]);
      expect(Number(res.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(res.retryAfter)).toBeLessThanOrEqual(60);
    }
    // No token, no guess: a console session already open goes on working.
    expect((await admin(guesser, '/whoami', { cookie })).status).toBe(200);
    // Other addresses are not concerned, and their successes reset nobody.
    expect((await admin('127.0.0.6', '/whoami', bearer(ADMIN))).status).toBe(200);
    expect((await admin(guesser, '/whoami', bearer(ADMIN))).status).toBe(429);
  });
});
