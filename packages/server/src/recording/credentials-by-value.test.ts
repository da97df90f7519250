import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startRecorder } from './record-proxy';
import { type RecordedExchange, readRecording } from './recording-format';

// Credentials by value (reference-server spec, section 9, "Credentials in recordings"): a
// value that appeared as a credential in the session is in no body, however it was stored
// (text, base64, content-encoded), whichever side it first appeared on, however it is encoded.

const dir = mkdtempSync(join(tmpdir(), 'ref-credentials-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = (name: string) => join(dir, `${++n}-${name}`);

async function exchangesOf(file: string): Promise<RecordedExchange[]> {
  const out: RecordedExchange[] = [];
  for await (const exchange of readRecording(file)) out.push(exchange);
  return out;
}

async function upstreamWith(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server: Server = createServer(handler);
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
