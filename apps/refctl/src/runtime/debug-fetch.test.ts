import { describe, expect, it } from 'vitest';
import { debugFetch } from './debug-fetch';

const KEY = 'refak_secret_key_123';

/** A fetch answering like the API, echoing nothing secret. */
const api = async (input: Request | URL | string) => {
  const request = input as Request;
  expect(request.headers.get('authorization')).toBe(`Bearer ${KEY}`);
  return new Response(JSON.stringify({ ok: true, echo: await request.text() }), {
    status: 201,
    statusText: 'Created',
    headers: {
      'content-type': 'application/json',
      'set-cookie': 'session=abc',
      'request-id': 'req_1',
    },
  });
};

describe('debugFetch', () => {
  it('logs request and response, headers and bodies, credentials redacted', async () => {
    const lines: string[] = [];
    const fetch = debugFetch((line) => lines.push(line), api);
    const response = await fetch('http://127.0.0.1:4010/v1/orders?api_key=k1&limit=2', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEY}`,
        'x-api-token': 't0k3n',
        'idempotency-key': 'idem-1',
      },
      body: '{"type":"kvm"}',
    });
    // The caller still reads the body.
    expect(await response.json()).toEqual({ ok: true, echo: '{"type":"kvm"}' });
    expect(lines[0]).toBe('> POST http://127.0.0.1:4010/v1/orders?api_key=%5Bredacted%5D&limit=2');
    expect(lines).toContain('> authorization: [redacted]');
    expect(lines).toContain('> x-api-token: [redacted]');
    expect(lines).toContain('> idempotency-key: [redacted]');
    expect(lines).toContain('* idempotency key: idem-1');
    expect(lines).toContain('> {"type":"kvm"}');
    expect(lines.find((l) => l.startsWith('< 201'))).toMatch(/^< 201 Created \(\d+ ms\)$/);
    expect(lines).toContain('< set-cookie: [redacted]');
    expect(lines).toContain('< request-id: req_1');
    expect(lines).toContain('< {"ok":true,"echo":"{\\"type\\":\\"kvm\\"}"}');
    expect(lines.join('\n')).not.toContain(KEY);
    expect(lines.join('\n')).not.toContain('t0k3n');
  });

  it('cuts bodies at 16 KiB, as the journal does', async () => {
    const lines: string[] = [];
    const big = 'x'.repeat(20_000);
    const fetch = debugFetch(
      (line) => lines.push(line),
      async () => new Response(big, { headers: { 'content-type': 'text/plain' } }),
    );
    await fetch('http://127.0.0.1:4010/v1/me', {
      headers: { authorization: `Bearer ${KEY}` },
    });
    const body = lines.find((l) => l.startsWith('< xxx'));
    expect(body?.length).toBe(2 + 16 * 1024);
    expect(lines.at(-1)).toBe('< [body truncated: 20000 bytes, first 16384 shown]');
  });

  it('logs a failed exchange and rethrows', async () => {
    const lines: string[] = [];
    const fetch = debugFetch(
      (line) => lines.push(line),
      async () => {
        throw new TypeError('fetch failed');
      },
    );
    await expect(fetch('http://127.0.0.1:9/v1/me')).rejects.toThrow('fetch failed');
    expect(lines.at(-1)).toBe('< no response: fetch failed');
  });
});
