// DNS rebinding (reference spec, Edges: Host header): a page whose name resolves to 127.0.0.1
// calls the server with its own name in Host.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ListeningServer } from '../src/index';

const ADMIN = 'test-admin-token';
const ORDER = JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' });
const dir = mkdtempSync(join(tmpdir(), 'refapi-hosts-'));
const server = createReferenceServer({ adminToken: ADMIN });
let loopback: ListeningServer;
let listed: ListeningServer;

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html>');
  loopback = await server.listen({ port: 0, host: '127.0.0.1', consoleDir: dir });
  listed = await server.listen({ port: 0, host: '127.0.0.1', allowedHosts: ['Sandbox.test'] });
});
afterAll(async () => {
  await loopback.close();
  await listed.close();
  rmSync(dir, { recursive: true, force: true });
});

// Raw requests: fetch would not send a Host of our choosing.
function call(
  origin: string,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
) {
  return new Promise<{ status: number; body: string; requestId: unknown }>((resolve, reject) => {
    const req = request(`${origin}${path}`, { method, headers, setHost: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: text, requestId: res.headers['request-id'] }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const services = async () =>
  (await server.admin.state()).accounts.reduce((n, account) => n + account.services.length, 0);

describe('the Host header', () => {
  it('refuses a foreign Host on a loopback server: API, admin and console, before anything runs', async () => {
    const before = await services();
    const host = { host: 'attacker.example' };
    const order = await call(
      loopback.url,
      '/v1/orders',
      {
        ...host,
        authorization: 'Bearer refak_demo_eur_full',
        'content-type': 'application/json',
        'idempotency-key': 'rebound-1',
      },
      'POST',
      ORDER,
    );
    expect([order.status, JSON.parse(order.body)]).toEqual([403, { error: 'host_not_allowed' }]);
    expect(order.requestId).toMatch(/^req_/);
    expect(await services()).toBe(before);
    for (const [path, headers] of [
      ['/__admin/state', { ...host, authorization: `Bearer ${ADMIN}` }],
      ['/__console/', { host: 'attacker.example:80' }],
      ['/__admin/health', { host: '192.0.2.7' }],
    ] as const) {
      const res = await call(loopback.url, path, headers);
      expect([path, res.status, res.body]).toEqual([path, 403, '{"error":"host_not_allowed"}']);
    }
  });

  it('answers localhost, 127.0.0.1 and [::1] on any port', async () => {
    for (const host of [
      'localhost:4010',
      'LOCALHOST',
      '127.0.0.1',
      `127.0.0.1:${loopback.port}`,
      '[::1]:80',
    ]) {
      const res = await call(loopback.url, '/__admin/health', { host });
      expect([host, res.status]).toEqual([host, 200]);
    }
  });

  it('answers the hosts of allowedHosts besides', async () => {
    expect((await call(listed.url, '/__admin/health', { host: 'sandbox.test:4010' })).status).toBe(
      200,
    );
    expect((await call(listed.url, '/__admin/health', { host: 'localhost' })).status).toBe(200);
    expect((await call(listed.url, '/__admin/health', { host: 'other.test' })).status).toBe(403);
  });
});
