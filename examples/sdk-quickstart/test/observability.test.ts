import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isNotFoundError } from '@refapi/sdk';
import { createReferenceServer, type ListeningServer } from '@refapi/server';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { type CallStats, observedClient } from '../src/hooks';

// The telemetry and hooks examples the SDK README quotes, against the reference server over
// real HTTP on 127.0.0.1.
const KEY = 'refak_demo_eur_full';
const reference = createReferenceServer();
let listening: ListeningServer;
beforeAll(async () => {
  await reference.ready;
  listening = await reference.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => listening.close());
beforeEach(async () => {
  await reference.admin.reset();
});

it('src/telemetry.ts prints the spans and the duration histogram to the console', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions=@refapi/source', '--import', 'tsx', 'src/telemetry.ts'],
    {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, REF_API_KEY: KEY, REF_BASE_URL: listening.baseUrl },
    },
  );
  expect(stdout).toMatch(/@[\w.]+: 5 invoices/);
  expect(stdout).toContain("name: 'GET /me'");
  expect(stdout).toContain("name: 'GET /invoices'");
  expect(stdout).toContain("'refapi.operation_id': 'getAccount'");
  expect(stdout).toMatch(/'refapi\.request_id': 'req_/);
  expect(stdout).toContain("name: 'http.client.request.duration'");
  expect(stdout).not.toContain(KEY);
}, 60_000);

it('src/hooks.ts tags, logs and counts each attempt, retries and failures', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const stats = new Map<string, CallStats>();
  const client = observedClient('corr-1', stats, { apiKey: KEY, baseUrl: listening.baseUrl });
  reference.admin.failNext('getAccount', 503, { retryAfter: 0 });
  await client.account.get();
  const missing = await client.services.get('REF-SVC-FFF').catch((error) => error);
  expect(isNotFoundError(missing)).toBe(true);
  expect(stats.get('getAccount')).toEqual({
    responses: { 503: 1, 200: 1 },
    retries: 1,
    failures: 0,
  });
  expect(stats.get('getService')).toEqual({ responses: { 404: 1 }, retries: 0, failures: 1 });
  expect(log).toHaveBeenCalledWith(`getAccount #2: GET ${listening.baseUrl}/me 200`);
  expect(log).toHaveBeenCalledWith('getAccount: attempt 2 after ServiceUnavailableError');
  // The server saw the correlation id on both attempts.
  const seen = reference.admin
    .requests()
    .filter((entry) => entry.operation === 'getAccount')
    .map((entry) => entry.request.headers['x-correlation-id']);
  expect(seen).toEqual(['corr-1', 'corr-1']);
});
