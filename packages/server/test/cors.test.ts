import { afterAll, expect, it } from 'vitest';
import { createReferenceServer, type ListeningServer } from '../src/index';

const open: ListeningServer[] = [];
afterAll(() => Promise.all(open.map((server) => server.close())));

const preflight = (server: ListeningServer, origin: string) =>
  fetch(`${server.baseUrl}/orders`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST' },
  });

it('takes the origins from createReferenceServer({ cors }), listen({ cors }) winning', async () => {
  const server = createReferenceServer({ cors: '*' });
  const any = await server.listen({ port: 0 });
  const none = await server.listen({ port: 0, cors: false });
  const byDefault = await createReferenceServer().listen({ port: 0 });
  open.push(any, none, byDefault);

  const allowed = await preflight(any, 'https://app.example.com');
  expect([allowed.status, allowed.headers.get('access-control-allow-origin')]).toEqual([
    204,
    'https://app.example.com',
  ]);
  const refused = await preflight(none, 'http://localhost:5173');
  expect([refused.status, refused.headers.get('access-control-allow-origin')]).toEqual([405, null]);
  expect(refused.headers.get('request-id')).toMatch(/^req_/);
  expect((await preflight(byDefault, 'http://localhost:5173')).status).toBe(204);
  expect((await preflight(byDefault, 'https://app.example.com')).status).toBe(405);
});
