import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createReferenceServer } from '../transport/node/reference-server';
import { driftReport } from './drift';
import { startRecorder } from './record-proxy';
import { type RecordedExchange, readRecording } from './recording-format';

// What the recorder does when the exchange, the file or the path it was given is not the
// happy one: a client that goes away, a full disk, a body that escapes past a line, a device.

const dir = mkdtempSync(join(tmpdir(), 'ref-recorder-faults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = (name: string) => join(dir, `${++n}-${name}`);

async function exchangesOf(file: string): Promise<RecordedExchange[]> {
  const out: RecordedExchange[] = [];
  for await (const exchange of readRecording(file)) out.push(exchange);
  return out;
}

async function upstreamWith(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/v1`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A POST whose client goes away after `ms`, before the answer. */
function postGivingUp(url: string, body: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } });
    req.on('error', () => resolve());
    req.end(body);
    setTimeout(() => {
      req.destroy();
      resolve();
    }, ms);
  });
}

describe('an exchange that breaks off', () => {
  it('is recorded cut once the upstream took the request: the client went away before the answer', async () => {
    let taken = 0;
    const upstream = await upstreamWith((req, res) => {
      req.resume();
      req.once('end', () => {
        taken++;
        setTimeout(() => res.end('{"order_ref":"REF-ORD-1"}'), 300);
      });
    });
    const file = fresh('gone.jsonl');
    const proxy = await startRecorder({ upstream: upstream.base, port: 0, out: file });
    try {
      await postGivingUp(`${proxy.baseUrl}/orders`, '{"plan_code":"kvm-s"}', 100);
      await new Promise((resolve) => setTimeout(resolve, 150));
    } finally {
      await proxy.close();
      await upstream.close();
    }
    expect(taken).toBe(1);
    const [exchange, ...rest] = await exchangesOf(file);
    expect(rest).toEqual([]);
    expect(exchange).toMatchObject({
      method: 'POST',
      path: '/v1/orders',
      status: 0,
      cut: true,
      request: { body: '{"plan_code":"kvm-s"}' },
    });
  });

  it('is recorded cut when the upstream breaks off mid-body, with what came through', async () => {
    const upstream = await upstreamWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"partial":');
      setTimeout(() => res.destroy(), 20);
    });
    const file = fresh('reset.jsonl');
    const proxy = await startRecorder({ upstream: upstream.base, port: 0, out: file });
    try {
      const response = await fetch(`${proxy.baseUrl}/me`);
      await expect(response.text()).rejects.toThrow();
    } finally {
      await proxy.close();
      await upstream.close();
    }
    const exchanges = await exchangesOf(file);
    expect(exchanges).toMatchObject([
      { status: 200, cut: true, response: { body: '{"partial":', body_bytes: 11 } },
    ]);
  });

  it('sets apart an order whose client went away, and drift blames no balance for it (QA: fidelity 1/2)', async () => {
    const upstream = createReferenceServer({ adminToken: 'faults-test-admin' });
    await upstream.ready;
    upstream.admin.clock.freeze(true);
    const listening = await upstream.listen({ port: 0 });
    const file = fresh('order-gone.jsonl');
    const proxy = await startRecorder({ upstream: listening.baseUrl, port: 0, out: file });
    const auth = { authorization: 'Bearer refak_demo_eur_full' };
    try {
      upstream.admin.faults.set({ latencyMs: 400 });
      await new Promise<void>((resolve) => {
        const req = request(`${proxy.baseUrl}/orders`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'gone-1' },
        });
        req.on('error', () => resolve());
        req.end(
          JSON.stringify({
            type: 'kvm',
            plan_code: 'kvm-s',
            period_ref: 'REF-PERIOD-11',
            os_image_ref: 'REF-OS-11',
            region_ref: 'REF-REGION-11',
          }),
        );
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 100);
      });
      await new Promise((resolve) => setTimeout(resolve, 600));
      upstream.admin.faults.set({ latencyMs: 0 });
      for (const path of ['/balance', '/orders?limit=100']) {
        expect((await fetch(`${proxy.baseUrl}${path}`, { headers: auth })).status).toBe(200);
      }
    } finally {
      await proxy.close();
      await listening.close();
      await upstream.close();
    }
    const exchanges = await exchangesOf(file);
    expect(exchanges.map((e) => [e.method, e.path, e.cut ?? false])).toEqual([
      ['POST', '/v1/orders', true],
      ['GET', '/v1/balance', false],
      ['GET', '/v1/orders', false],
    ]);
    const report = await driftReport(file);
    // The order is set apart, and the balance after it is no longer blamed on the replay.
    expect(report.unverifiable.map((u) => u.seq)).toContain(1);
    expect(report.differences.filter((d) => d.seq <= 2)).toEqual([]);
  });
});
