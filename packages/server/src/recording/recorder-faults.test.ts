import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  createReadStream,
  fstatSync,
  write as fsWrite,
  openSync,
  readFileSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { type IncomingMessage, request, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../transport/node/reference-server';
import { driftReport } from './drift';
import { startRecorder } from './record-proxy';
import { runRecordingCommand } from './recording-cli';
import { bodyText, type RecordedExchange, readRecording } from './recording-format';
import { exchangesOf, freshFiles, upstreamWith } from './recording-test-kit';

// What the recorder does when the exchange, the file or the path it was given is not the
// happy one: a client that goes away, a full disk, a body that escapes past a line, a device.

const fresh = freshFiles('ref-recorder-faults-');

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

/** `fs.write` that fails with ENOSPC once `after` writes went through, half of that one written. */
function diskFullAfter(after: number): typeof fsWrite {
  let calls = 0;
  return ((
    fd: number,
    buffer: Buffer,
    offset: number,
    length: number,
    position: number | null,
    callback: (error: Error | null, written: number, buffer: Buffer) => void,
  ) => {
    if (++calls <= after) return fsWrite(fd, buffer, offset, length, position, callback);
    writeSync(fd, buffer, offset, Math.floor(length / 2));
    const error = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
    });
    process.nextTick(() => callback(error, 0, buffer));
  }) as typeof fsWrite;
}

describe('a recording file that cannot be written', () => {
  it('stops taking requests, keeps only whole lines, and the CLI says so in one line, exit 1', async () => {
    const upstream = await upstreamWith((_req, res) => res.end('{"ok":true}'));
    const file = fresh('full.jsonl');
    const stderr: string[] = [];
    const stdout: string[] = [];
    const statuses: number[] = [];
    let listening: (base: string) => void = () => {};
    const base = new Promise<string>((resolve) => {
      listening = resolve;
    });
    const run = runRecordingCommand(
      'record',
      ['--upstream', upstream.base, '--port', '0', '--out', file],
      {
        name: 'ref-server',
        stdout: (t) => stdout.push(t),
        stderr: (t) => stderr.push(t),
        onListening: listening,
        writeSeam: diskFullAfter(3),
      },
    );
    const outcome = run.then(
      (code) => ({ code, message: '' }),
      (error: { code: number; message: string }) => error,
    );
    const proxy = await base;
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${proxy}/me`).catch(() => undefined);
      statuses.push(response?.status ?? 0);
      await response?.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const { code, message } = await outcome;
    await upstream.close();
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    // Refused: 503 until the CLI closed the recorder, then no connection at all.
    for (const status of statuses.slice(4)) expect([503, 0]).toContain(status);
    expect(code).toBe(1);
    expect(message).toBe(
      `cannot write the recording ${file}: ENOSPC; 3 exchanges recorded, 1 more forwarded but not recorded`,
    );
    expect(stdout.join('')).not.toContain('exchanges recorded');
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(text.split('\n')).toHaveLength(4);
    expect((await exchangesOf(file)).map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('answers 503 recording_unavailable once the file failed, forwarding nothing more', async () => {
    let forwarded = 0;
    const upstream = await upstreamWith((_req, res) => {
      forwarded++;
      res.end('{}');
    });
    const file = fresh('full-in-process.jsonl');
    const proxy = await startRecorder({
      upstream: upstream.base,
      port: 0,
      out: file,
      write: diskFullAfter(0),
    });
    try {
      expect((await fetch(`${proxy.baseUrl}/me`)).status).toBe(200);
      expect((await proxy.failed).code).toBe('ENOSPC');
      const refused = await fetch(`${proxy.baseUrl}/me`);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({ error: 'recording_unavailable' });
    } finally {
      await proxy.close();
      await upstream.close();
    }
    expect(forwarded).toBe(1);
    expect([proxy.recorded(), proxy.lost()]).toEqual([0, 1]);
    expect(readFileSync(file, 'utf8')).toBe('');
  });
});

describe('an upstream that answers before the request ended', () => {
  it.each([
    ['reads the rest', (_req: IncomingMessage, res: ServerResponse) => res.end('{"early":true}')],
    [
      'drops the connection before the rest',
      (req: IncomingMessage, res: ServerResponse) => {
        res.end('{"early":true}');
        setTimeout(() => req.socket.destroy(), 100);
      },
    ],
  ])('that %s: the line holds the whole body the client sent', async (_, answer) => {
    const upstream = await upstreamWith(answer);
    const file = fresh('early.jsonl');
    const proxy = await startRecorder({ upstream: upstream.base, port: 0, out: file });
    try {
      await new Promise<void>((resolve, reject) => {
        const req = request(`${proxy.baseUrl}/orders`, { method: 'POST' }, (res) => {
          res.resume();
          // The answer is in: only now (past the upstream's drop) does the rest of the body go.
          res.once('end', () => setTimeout(() => req.end('-second'), 300));
        });
        req.once('error', reject);
        req.once('close', resolve);
        req.write('first');
      });
      await expect.poll(() => proxy.recorded()).toBe(1);
    } finally {
      await proxy.close();
      await upstream.close();
    }
    const [exchange] = await exchangesOf(file);
    expect(exchange).toMatchObject({
      status: 200,
      request: { body: 'first-second', body_bytes: 12 },
      response: { body: '{"early":true}' },
    });
    expect(exchange?.cut).toBeUndefined();
  });
});

describe('a request node:http refuses before the recorder sees it', () => {
  it.each([
    [
      'a malformed request line',
      'GET /v1/me HTTP/1.1 extra\r\nHost: 127.0.0.1\r\n\r\n',
      400,
      'malformed_request',
    ],
    [
      'a CONNECT',
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
      405,
      'method_not_allowed',
    ],
  ])(
    '%s is answered with a JSON {error}, as the reference server answers it, and not recorded',
    async (_, raw, status, error) => {
      const upstream = await upstreamWith((_req, res) => res.end('{}'));
      const file = fresh('unparsed.jsonl');
      const proxy = await startRecorder({ upstream: upstream.base, port: 0, out: file });
      try {
        const { port } = new URL(proxy.baseUrl);
        const answer = await new Promise<string>((resolve, reject) => {
          const socket = connect(Number(port), '127.0.0.1');
          let text = '';
          socket.setEncoding('latin1');
          socket.on('data', (chunk: string) => {
            text += chunk;
          });
          socket.on('error', reject);
          socket.on('close', () => resolve(text));
          socket.end(raw);
        });
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
        expect(head.toLowerCase()).toContain('content-type: application/json');
        expect(JSON.parse(body)).toEqual({ error });
      } finally {
        await proxy.close();
        await upstream.close();
      }
      expect(await exchangesOf(file)).toEqual([]);
    },
  );
});

describe('closing', () => {
  it('closes the file once when closed twice: the second close leaves alone the file that took its number', async () => {
    const upstream = await upstreamWith((_req, res) => res.end('{}'));
    const proxy = await startRecorder({
      upstream: upstream.base,
      port: 0,
      out: fresh('twice.jsonl'),
    });
    await proxy.close();
    await upstream.close();
    // New descriptors take the lowest free numbers: among them the one the file gave back.
    const others = Array.from({ length: 32 }, (_, i) => openSync(fresh(`other-${i}.txt`), 'w'));
    try {
      await proxy.close();
      for (const fd of others) expect(() => fstatSync(fd), `fd ${fd}`).not.toThrow();
    } finally {
      for (const fd of others) closeSync(fd);
    }
  });
});

describe('--out', () => {
  it('makes a regular file 0600, existing or not', async () => {
    const upstream = await upstreamWith((_req, res) => res.end('{}'));
    const existing = fresh('existing.jsonl');
    writeFileSync(existing, '');
    chmodSync(existing, 0o644);
    for (const file of [existing, fresh('new.jsonl')]) {
      const proxy = await startRecorder({ upstream: upstream.base, port: 0, out: file });
      await proxy.close();
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
    await upstream.close();
  });

  it('numbers the exchanges it appends on from those the file holds: no two share a seq', async () => {
    const upstream = await upstreamWith((_req, res) => res.end('{"ok":true}'));
    const file = fresh('appended.jsonl');
    try {
      for (const session of [1, 2]) {
        const proxy = await startRecorder({ upstream: upstream.base, port: 0, out: file });
        try {
          for (const path of ['/me', '/balance']) {
            expect((await fetch(`${proxy.baseUrl}${path}?run=${session}`)).status).toBe(200);
          }
        } finally {
          await proxy.close();
        }
        expect(proxy.recorded()).toBe(2);
        expect(proxy.lost()).toBe(0);
      }
    } finally {
      await upstream.close();
    }
    expect((await exchangesOf(file)).map((e) => [e.seq, e.path, e.query])).toEqual([
      [1, '/v1/me', 'run=1'],
      [2, '/v1/balance', 'run=1'],
      [3, '/v1/me', 'run=2'],
      [4, '/v1/balance', 'run=2'],
    ]);
  });

  it('appends after a last line cut short (a recorder killed mid-write) on a line of its own', async () => {
    const upstream = await upstreamWith((_req, res) => res.end('{"ok":true}'));
    const file = fresh('torn.jsonl');
    writeFileSync(file, '{"v":1,"seq":1,"time":"2026-01-01T00:00:00.000Z","meth');
    const proxy = await startRecorder({ upstream: upstream.base, port: 0, out: file });
    try {
      expect((await fetch(`${proxy.baseUrl}/me`)).status).toBe(200);
    } finally {
      await proxy.close();
      await upstream.close();
    }
    expect(proxy.recorded()).toBe(1);
    const skipped: number[] = [];
    const exchanges: RecordedExchange[] = [];
    for await (const exchange of readRecording(file, (s) => skipped.push(s.line))) {
      exchanges.push(exchange);
    }
    // The cut line is skipped by number; the exchange the recorder counted is there.
    expect(skipped).toEqual([1]);
    expect(exchanges).toMatchObject([{ method: 'GET', path: '/v1/me', status: 200 }]);
  });

  it.runIf(process.platform !== 'win32')(
    "waits for a FIFO's reader without holding a thread, then records into it; gives up when aborted",
    async () => {
      const upstream = await upstreamWith((_req, res) => res.end('{}'));
      const fifo = fresh('pipe.jsonl');
      execFileSync('mkfifo', [fifo]);
      try {
        const starting = startRecorder({ upstream: upstream.base, port: 0, out: fifo });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const reader = createReadStream(fifo);
        const read = text(reader);
        const proxy = await starting;
        expect((await fetch(`${proxy.baseUrl}/me`)).status).toBe(200);
        await proxy.close();
        expect(JSON.parse(await read)).toMatchObject({
          method: 'GET',
          path: '/v1/me',
          status: 200,
        });
        // No reader ever: the wait ends with the signal, no thread left blocked in open().
        const giveUp = new AbortController();
        const waiting = startRecorder({
          upstream: upstream.base,
          port: 0,
          out: fifo,
          signal: giveUp.signal,
        });
        giveUp.abort();
        await expect(waiting).rejects.toThrow(/abort/i);
      } finally {
        await upstream.close();
      }
    },
  );

  it('writes a file that is not a regular one (a device) without touching its mode', async () => {
    const upstream = await upstreamWith((_req, res) => res.end('{}'));
    const before = statSync('/dev/null').mode;
    // /dev/null is writable by everyone: a recorder run as root must leave it so.
    const proxy = await startRecorder({ upstream: upstream.base, port: 0, out: '/dev/null' });
    try {
      expect((await fetch(`${proxy.baseUrl}/me`)).status).toBe(200);
    } finally {
      await proxy.close();
      await upstream.close();
    }
    expect(statSync('/dev/null').mode).toBe(before);
    expect(proxy.recorded()).toBe(1);
  });
});

describe('a body that escapes past a line', () => {
  it('is never written on a line the readers refuse: 1 MiB of NUL bytes is kept as base64', async () => {
    const nul = Buffer.alloc(1024 * 1024, 0);
    // Answered once the request is read: an answer that comes first is another test's.
    const upstream = await upstreamWith((req, res) => {
      req.resume();
      req.once('end', () => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(nul);
      });
    });
    const file = fresh('nul.jsonl');
    const proxy = await startRecorder({ upstream: upstream.base, port: 0, out: file });
    try {
      const response = await fetch(`${proxy.baseUrl}/me`, { method: 'POST', body: nul });
      expect(Buffer.from(await response.arrayBuffer()).equals(nul)).toBe(true);
      expect((await fetch(`${proxy.baseUrl}/balance`)).status).toBe(200);
    } finally {
      await proxy.close();
      await upstream.close();
    }
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      expect(line.length).toBeLessThan(8 * 1024 * 1024);
    }
    const exchanges = await exchangesOf(file);
    expect(exchanges).toHaveLength(2);
    const [first] = exchanges as [RecordedExchange];
    expect(first.response).toMatchObject({ body_encoding: 'base64', body_truncated: false });
    expect(bodyText(first.response)).toBe(nul.toString('utf8'));
    expect(bodyText(first.request)).toBe(nul.toString('utf8'));
  });
});
