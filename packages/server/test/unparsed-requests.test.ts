// What node:http refuses before any handler runs gets an answer in the API's shape over real
// HTTP: a JSON `{error}` and a request id, where Node wrote a bare status line (its parser's
// 400 and 431, an unknown Expect's 417) or closed without a word (CONNECT). And a repeated
// Authorization is one invalid credential, as over msw, never the first key winning.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ListeningServer } from '../src/index';
import { createReferenceCore } from '../src/server/reference-core';
import { listenHttp } from '../src/transport/node/listen';
import { apiScenario, KEY } from './api-scenario';
import { rawExchange, rawTranscript } from './raw-exchange';

/** Sends `raw` to `server` on a new connection; resolves to the answer once it is closed. */
const exchange = (raw: string, server: ListeningServer = listening) =>
  rawExchange(raw, server.port);

let listening: ListeningServer;
beforeAll(async () => {
  const server = createReferenceServer({ scenario: apiScenario() });
  await server.ready;
  listening = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => listening.close());

const GET_ME = 'GET /v1/me HTTP/1.1\r\nhost: 127.0.0.1\r\n';

describe('requests node:http refuses itself', () => {
  it.each([
    ['a garbage request line', 'NOT HTTP AT ALL\r\n\r\n'],
    ['an unknown method', 'FOO /v1/me HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n'],
    [
      'two Content-Lengths',
      'POST /v1/orders HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\n{}',
    ],
    [
      'Content-Length with Transfer-Encoding',
      'POST /v1/orders HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: 2\r\ntransfer-encoding: chunked\r\n\r\n{}',
    ],
    ['a space before a colon', `${GET_ME}authorization : Bearer ${KEY.full}\r\n\r\n`],
    ['no Host in HTTP/1.1', 'GET /v1/me HTTP/1.1\r\n\r\n'],
  ])('answers %s with 400 malformed_request as JSON, and closes', async (_what, raw) => {
    const answer = await exchange(raw);
    expect([answer.status, answer.body]).toEqual([400, '{"error":"malformed_request"}']);
    expect(answer.headers).toMatchObject({
      'content-type': 'application/json',
      connection: 'close',
      'request-id': expect.stringMatching(/\S/),
    });
  });

  it('answers a head past 16 KiB with 431 headers_too_large', async () => {
    const answer = await exchange(`${GET_ME}x-padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect([answer.status, answer.body]).toEqual([431, '{"error":"headers_too_large"}']);
  });

  it('answers a head that does not arrive in time with 408 request_timeout', async () => {
    const { handle, basePath, onError } = createReferenceCore();
    const quick = await listenHttp(
      handle,
      basePath,
      onError,
      {},
      { headersMs: 300, checkEveryMs: 50 },
    );
    try {
      const answer = await exchange('GET /v1/me HTTP/1.1\r\nhost: 127.0', quick);
      expect([answer.status, answer.body]).toEqual([408, '{"error":"request_timeout"}']);
    } finally {
      await quick.close();
    }
  });

  it('answers an Expect other than 100-continue with 417 expectation_failed', async () => {
    const answer = await exchange(`${GET_ME}expect: foo\r\nconnection: close\r\n\r\n`);
    expect([answer.status, answer.body]).toEqual([417, '{"error":"expectation_failed"}']);
    expect(answer.headers['request-id']).toMatch(/\S/);
  });

  it('answers CONNECT with 405 method_not_allowed instead of dropping the connection', async () => {
    const answer = await exchange('CONNECT 127.0.0.1:80 HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
    expect([answer.status, answer.body]).toEqual([405, '{"error":"method_not_allowed"}']);
  });

  it('still answers a well-formed request on the same server', async () => {
    const answer = await exchange(
      `${GET_ME}authorization: Bearer ${KEY.full}\r\nconnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(200);
  });
});

describe('a repeated Host', () => {
  it('is a malformed request (RFC 9112 section 3.2), never the first Host winning', async () => {
    for (const hosts of [
      ['127.0.0.1', 'evil.example'],
      ['evil.example', '127.0.0.1'],
      ['127.0.0.1', '127.0.0.1'],
    ]) {
      const answer = await exchange(
        `GET /v1/me HTTP/1.1\r\n${hosts.map((host) => `host: ${host}\r\n`).join('')}authorization: Bearer ${KEY.full}\r\n\r\n`,
      );
      expect([answer.status, answer.body]).toEqual([400, '{"error":"malformed_request"}']);
      expect(answer.headers).toMatchObject({
        connection: 'close',
        'ratelimit-limit': expect.stringMatching(/^\d+$/),
      });
    }
  });
});

describe('a repeated Authorization', () => {
  it('is one invalid credential over HTTP, as over msw: 401, whichever key comes first', async () => {
    for (const keys of [
      [KEY.full, KEY.foreign],
      [KEY.foreign, KEY.full],
    ]) {
      const answer = await exchange(
        `${GET_ME}${keys.map((key) => `authorization: Bearer ${key}\r\n`).join('')}connection: close\r\n\r\n`,
      );
      expect([answer.status, answer.body]).toEqual([401, '{"error":"invalid_api_key"}']);
    }
  });
});

describe('a malformed request pipelined after good ones', () => {
  /** The statuses and bodies of every answer on one connection, in order. */
  const answers = async (raw: string) =>
    [
      ...(await rawTranscript(raw, listening.port)).matchAll(
        /HTTP\/1\.1 (\d{3})[\s\S]*?\r\n\r\n(\{[^\n]*?\})(?=HTTP\/|$)/g,
      ),
    ].map((match) => [Number(match[1]), match[2]]);
  const me = `${GET_ME}authorization: Bearer ${KEY.full}\r\n\r\n`;

  it('answers the good ones first, then refuses the malformed one, never in their place', async () => {
    const got = await answers(`${me}${me}NOT HTTP AT ALL\r\n\r\n`);
    expect(got.map(([status]) => status)).toEqual([200, 200, 400]);
    expect(got[2]?.[1]).toBe('{"error":"malformed_request"}');
  });

  it('answers the good one before a head past 16 KiB gets its 431', async () => {
    const got = await answers(`${me}${GET_ME}x-padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(got).toEqual([
      [200, expect.stringContaining('"account_ref"')],
      [431, '{"error":"headers_too_large"}'],
    ]);
  });
});
