import { readFileSync } from 'node:fs';
import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../transport/node/reference-server';
import { driftReport } from './drift';
import { startRecorder } from './record-proxy';
import { bodyText, type RecordedExchange } from './recording-format';
import { exchangesOf, freshFiles, upstreamWith } from './recording-test-kit';
import { scenarioFromRecording } from './scenario-from-recording';

// Credentials by value (reference-server spec, section 9, "Credentials in recordings"): a
// value that appeared as a credential in the session is in no body, however it was stored
// (text, base64, content-encoded), whichever side it first appeared on, however it is encoded.

const fresh = freshFiles('ref-credentials-');

describe('a credential echoed in another encoding', () => {
  it('is redacted form-encoded, percent-encoded in any case, and JSON-escaped', async () => {
    const upstream = await upstreamWith((req, res) => {
      // The raw query, echoed: `+` stands for a space there.
      const raw = (req.url ?? '').split('?')[1] ?? '';
      const token = raw.split('=')[1] ?? '';
      res.writeHead(302, {
        'content-type': 'application/json',
        location: `https://api.example.test/v1/next?continue=${token}`,
        'x-lower': 'refak%2fslash%2ftoken1',
      });
      res.end(
        JSON.stringify({ next: token, spaced: token.replace('+', '%20') }).replace(
          '}',
          ',"key":"refak\\/slash\\/token1"}',
        ),
      );
    });
    const file = fresh('encodings.jsonl');
    const recorder = await startRecorder({ upstream: upstream.base, port: 0, out: file });
    const response = await fetch(`${recorder.baseUrl}/start?access_token=abcd+efghijkl`, {
      redirect: 'manual',
      headers: { 'x-api-key': 'refak/slash/token1' },
    });
    expect(response.status).toBe(302);
    await response.text();
    await recorder.close();
    await upstream.close();
    const text = readFileSync(file, 'utf8');
    for (const form of ['abcd+efghijkl', 'abcd%20efghijkl', 'efghijkl', 'slash']) {
      expect(text, form).not.toContain(form);
    }
    const [exchange] = await exchangesOf(file);
    expect(exchange?.response.headers.location).toBe(
      'https://api.example.test/v1/next?continue=[redacted]',
    );
  });
});

describe('a credential first seen in an answer', () => {
  it('is learned from the answer headers and redacted in the same answer body; cookie attributes are not', async () => {
    const expires = 'Wed, 21 Oct 2037 07:28:00 GMT';
    const upstream = await upstreamWith((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': [`sid=SESSIONSECRET123; Path=/; Expires=${expires}; HttpOnly`],
        'x-auth-token': 'RESPTOKEN98765',
      });
      res.end(JSON.stringify({ sid: 'SESSIONSECRET123', token: 'RESPTOKEN98765', expires }));
    });
    const file = fresh('answer.jsonl');
    const recorder = await startRecorder({ upstream: upstream.base, port: 0, out: file });
    const response = await fetch(`${recorder.baseUrl}/login`);
    expect(await response.json()).toMatchObject({ sid: 'SESSIONSECRET123' });
    await recorder.close();
    await upstream.close();
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('SESSIONSECRET123');
    expect(text).not.toContain('RESPTOKEN98765');
    const [exchange] = await exchangesOf(file);
    expect(JSON.parse(exchange?.response.body ?? 'null')).toEqual({
      sid: '[redacted]',
      token: '[redacted]',
      expires,
    });
  });
});

const TOKEN = 'refak_demo_eur_full';
const echo = Buffer.from(JSON.stringify({ auth: `Bearer ${TOKEN}` }));

/** Every way the bytes of a body could be read back: as is, and through every decoder, stacked. */
function readings(bytes: Buffer, depth = 3): Buffer[] {
  const out = [bytes];
  if (depth === 0) return out;
  const zstd = (zlib as { zstdDecompressSync?: (b: Buffer) => Buffer }).zstdDecompressSync;
  const decoders = [zlib.gunzipSync, zlib.inflateSync, zlib.brotliDecompressSync, zstd];
  for (const decode of decoders) {
    if (decode === undefined) continue;
    try {
      out.push(...readings(decode(bytes), depth - 1));
    } catch {
      // Not in this coding.
    }
  }
  return out;
}

/** Whether `text` (a recording file) holds `secret` in any body, however stored. */
function holds(file: string, exchanges: RecordedExchange[], secret: string): boolean {
  if (readFileSync(file, 'utf8').includes(secret)) return true;
  return exchanges.some((exchange) =>
    [exchange.request, exchange.response].some(
      (m) =>
        m.body !== null &&
        m.body_encoding === 'base64' &&
        readings(Buffer.from(m.body, 'base64')).some((bytes) => bytes.includes(secret)),
    ),
  );
}

describe('a credential in a body stored as base64', () => {
  it('is redacted in every coding the recorder can read; a body it cannot check is left out, marked', async () => {
    const big = Buffer.concat([Buffer.alloc(1024 * 1024 + 10, 0x20), echo]);
    const zstd = (zlib as { zstdCompressSync?: (b: Buffer) => Buffer }).zstdCompressSync;
    const answers: Record<string, [Record<string, string>, Buffer]> = {
      '/v1/identity': [{ 'content-encoding': 'identity' }, echo],
      '/v1/binary': [{}, Buffer.concat([Buffer.from([0xff, 0xfe]), echo])],
      '/v1/gzip-gzip': [{ 'content-encoding': 'gzip, gzip' }, zlib.gzipSync(zlib.gzipSync(echo))],
      '/v1/any-case': [{ 'content-encoding': 'GZIP, identity' }, zlib.gzipSync(echo)],
      '/v1/stored-gzip': [{ 'content-encoding': 'gzip' }, zlib.gzipSync(echo, { level: 0 })],
      '/v1/unknown': [{ 'content-encoding': 'x-private' }, echo],
      '/v1/me': [{ 'content-encoding': 'gzip' }, zlib.gzipSync(big)],
      ...(zstd === undefined ? {} : { '/v1/zstd': [{ 'content-encoding': 'zstd' }, zstd(echo)] }),
    };
    const upstream = await upstreamWith((req, res) => {
      const [headers, body] = answers[req.url ?? ''] ?? [{}, Buffer.alloc(0)];
      res.writeHead(200, { 'content-type': 'application/json', ...headers });
      res.end(body);
    });
    const file = fresh('base64.jsonl');
    const recorder = await startRecorder({ upstream: upstream.base, port: 0, out: file });
    for (const path of Object.keys(answers)) {
      const response = await fetch(`${recorder.baseUrl}${path.slice(3)}`, {
        headers: { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'identity' },
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    await recorder.close();
    await upstream.close();

    const exchanges = await exchangesOf(file);
    expect(exchanges).toHaveLength(Object.keys(answers).length);
    expect(holds(file, exchanges, TOKEN)).toBe(false);
    const byPath = new Map(exchanges.map((e) => [e.path, e.response]));
    // What can be read is kept, readable, redacted: text where the decoded body is text.
    for (const path of ['/v1/identity', '/v1/gzip-gzip', '/v1/any-case', '/v1/stored-gzip']) {
      expect(JSON.parse(bodyText(byPath.get(path)!) ?? 'null'), path).toEqual({
        auth: '[redacted]',
      });
    }
    if (zstd !== undefined) {
      expect(JSON.parse(bodyText(byPath.get('/v1/zstd')!) ?? 'null')).toEqual({
        auth: '[redacted]',
      });
    }
    // Binary bytes stay binary, the credential's bytes replaced.
    const binary = byPath.get('/v1/binary')!;
    expect(binary.body_encoding).toBe('base64');
    expect(
      Buffer.from(binary.body ?? '', 'base64')
        .subarray(2)
        .toString(),
    ).toBe('{"auth":"[redacted]"}');
    // What cannot be checked is not kept: no body, and the reason.
    for (const path of ['/v1/unknown', '/v1/me']) {
      expect(byPath.get(path), path).toMatchObject({
        body: null,
        body_truncated: true,
        body_omitted: expect.stringContaining('credentials'),
      });
    }
    // Its readers take that body for unverifiable, no crash.
    const report = await driftReport(file);
    expect(report.unverifiable).toContainEqual({
      seq: exchanges.find((e) => e.path === '/v1/me')!.seq,
      operation: 'getAccount',
      reason: expect.stringContaining('left out'),
    });
    await expect(scenarioFromRecording(file)).resolves.toBeDefined();
  });
});

describe('a credential sent as an Idempotency-Key', () => {
  it('is redacted in the exchange field that keeps the key too, and drift still replays the keyed writes alike', async () => {
    // A key the Idempotency-Key pattern allows that is (or holds) the session's bearer token.
    const token = 'refak_demo_eur_full';
    const upstream = createReferenceServer({ adminToken: 'credentials-admin' });
    await upstream.ready;
    upstream.admin.clock.freeze(true);
    const listening = await upstream.listen({ port: 0 });
    const file = fresh('idempotency-key.jsonl');
    const recorder = await startRecorder({ upstream: listening.baseUrl, port: 0, out: file });
    const order = (key: string) =>
      fetch(`${recorder.baseUrl}/orders`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' }),
      });
    try {
      // The balance first: what the orders charge is then known to drift.
      const balance = await fetch(`${recorder.baseUrl}/balance`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(balance.status).toBe(200);
      await balance.text();
      const statuses: Array<[number, string | null]> = [];
      for (const key of [token, token, `order-${token}-2`]) {
        const response = await order(key);
        await response.text();
        statuses.push([response.status, response.headers.get('idempotent-replayed')]);
      }
      expect(statuses).toEqual([
        [200, null],
        [200, 'true'],
        [200, null],
      ]);
    } finally {
      await recorder.close();
      await listening.close();
      await upstream.close();
    }
    expect(readFileSync(file, 'utf8')).not.toContain(token);
    const exchanges = await exchangesOf(file);
    expect(exchanges.map((exchange) => exchange.idempotency_key)).toEqual([
      undefined,
      '[redacted]',
      '[redacted]',
      'order-[redacted]-2',
    ]);
    // The same key replays as the same key: the second order is a replay there too.
    const report = await driftReport(file);
    expect(report.differences).toEqual([]);
    expect(report.unverifiable).toEqual([]);
    expect(report.matched).toBe(4);
  });
});
