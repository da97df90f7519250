// Every API response carries the rate-limit headers (account API spec, Limits), the answers
// the HTTP layer gives before any key is read too: Host refused, connection cap, what node's
// parser refuses, an unknown Expect, CONNECT, CORS preflights. Such a request has no valid
// key, so its window is its source address's read window; it is reported, never counted.
// Each client below has its own loopback address (any 127.x.y.z), so its own window.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createReferenceServer, type ListeningServer } from '../src/index';
import { createReferenceCore } from '../src/server/reference-core';
import { listenHttp } from '../src/transport/node/listen';
import { apiScenario, KEY } from './api-scenario';
import { parseRawAnswer, type RawAnswer, rawExchange, rawParts } from './raw-exchange';

const ADMIN = 'test-admin-token';
const server = createReferenceServer({ scenario: apiScenario(), adminToken: ADMIN });
let listening: ListeningServer;
let capped: ListeningServer;
const held: ReturnType<typeof connect>[] = [];

beforeAll(async () => {
  await server.ready;
  listening = await server.listen({ port: 0, host: '127.0.0.1' });
  capped = await server.listen({ port: 0, host: '127.0.0.1', maxConnectionsPerAddress: 1 });
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await listening.close();
  await capped.close();
});

/** Sends `raw` from `from` on a new connection; resolves to the answer once it is closed. */
const exchange = (raw: string, from: string, port = listening.port) => rawExchange(raw, port, from);

const HOST = 'host: 127.0.0.1\r\n';
const CLOSE = 'connection: close\r\n';

/** A keyless GET the API answers (404): it counts, so it shows the address's window. */
const counted = (from: string, path = '/v1/nope') =>
  exchange(`GET ${path} HTTP/1.1\r\n${HOST}${CLOSE}\r\n`, from);

const windowOf = (answer: RawAnswer) => [
  answer.headers['ratelimit-limit'],
  answer.headers['ratelimit-remaining'],
];

const REFUSALS: readonly [string, string, number, string][] = [
  [
    'a foreign Host',
    `GET /v1/me HTTP/1.1\r\nhost: attacker.example\r\n\r\n`,
    403,
    'host_not_allowed',
  ],
  ['no Host in HTTP/1.1', 'GET /v1/me HTTP/1.1\r\n\r\n', 400, 'malformed_request'],
  ['a garbage request line', 'NOT HTTP AT ALL\r\n\r\n', 400, 'malformed_request'],
  [
    'two Content-Lengths',
    `POST /v1/orders HTTP/1.1\r\n${HOST}content-length: 2\r\ncontent-length: 3\r\n\r\n{}`,
    400,
    'malformed_request',
  ],
  [
    'a head past 16 KiB',
    `GET /v1/me HTTP/1.1\r\n${HOST}x-padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    431,
    'headers_too_large',
  ],
  [
    'an unknown Expect',
    `GET /v1/me HTTP/1.1\r\n${HOST}expect: foo\r\n${CLOSE}\r\n`,
    417,
    'expectation_failed',
  ],
  ['CONNECT', `CONNECT 127.0.0.1:80 HTTP/1.1\r\n${HOST}\r\n`, 405, 'method_not_allowed'],
];

describe('answers given before any key is read, on the API', () => {
  it.each(REFUSALS)(
    'answers %s with the rate-limit headers of the address, without counting it',
    async (_what, raw, status, error) => {
      const from = `127.0.${10 + REFUSALS.findIndex(([what]) => what === _what)}.1`;
      await counted(from);
      const answer = await exchange(raw, from);
      expect([answer.status, answer.body]).toEqual([status, JSON.stringify({ error })]);
      expect(answer.headers).toMatchObject({
        'ratelimit-limit': '600',
        'ratelimit-remaining': '599',
        'ratelimit-reset': expect.stringMatching(/^[1-9]\d*$/),
        'request-id': expect.stringMatching(/^req_/),
      });
      expect(answer.headers['retry-after']).toBeUndefined();
      // Reported, not counted: the next request the API answers is the address's second.
      expect(windowOf(await counted(from))).toEqual(['600', '598']);
    },
  );

  it('answers 503 too_many_connections with the rate-limit headers and Retry-After: 1', async () => {
    const from = '127.0.30.1';
    const first = connect({ port: capped.port, host: '127.0.0.1', localAddress: from });
    held.push(first);
    first.on('error', () => {});
    await new Promise((resolve) => first.once('connect', resolve));
    const answer = await exchange(`GET /v1/me HTTP/1.1\r\n${HOST}\r\n`, from, capped.port);
    expect([answer.status, answer.body]).toEqual([503, '{"error":"too_many_connections"}']);
    expect(answer.headers).toMatchObject({
      'ratelimit-limit': '600',
      'ratelimit-remaining': '600',
      'retry-after': '1',
      'request-id': expect.stringMatching(/^req_/),
    });
  });

  it('answers a CORS preflight with the rate-limit headers, without counting it', async () => {
    const from = '127.0.31.1';
    const preflight = `OPTIONS /v1/me HTTP/1.1\r\n${HOST}origin: http://localhost:5173\r\naccess-control-request-method: GET\r\n${CLOSE}\r\n`;
    for (let i = 0; i < 3; i++) {
      const answer = await exchange(preflight, from);
      expect(answer.status).toBe(204);
      expect(windowOf(answer)).toEqual(['600', '600']);
    }
    expect(windowOf(await counted(from))).toEqual(['600', '599']);
  });

  it("reports a space's own window on the space's API paths", async () => {
    const from = '127.0.32.1';
    const created = await fetch(`${listening.url}/__admin/spaces`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const { space_id: id } = (await created.json()) as { space_id: string };
    const space = `/spaces/${id}/v1`;
    await counted(from, `${space}/nope`);
    await counted(from, `${space}/nope`);
    const answer = await exchange(
      `GET ${space}/me HTTP/1.1\r\nhost: attacker.example\r\n\r\n`,
      from,
    );
    expect([answer.status, ...windowOf(answer)]).toEqual([403, '600', '598']);
    // The root's window of the same address is its own.
    const root = await exchange(`GET /v1/me HTTP/1.1\r\nhost: attacker.example\r\n\r\n`, from);
    expect([root.status, ...windowOf(root)]).toEqual([403, '600', '600']);
  });

  it("answers a space that does not exist 404 with the root's window of the address, without counting it", async () => {
    const from = '127.0.35.1';
    await counted(from);
    for (let i = 0; i < 2; i++) {
      const answer = await exchange(
        `GET /spaces/sp_gone/v1/me HTTP/1.1\r\n${HOST}${CLOSE}\r\n`,
        from,
      );
      expect([answer.status, answer.body]).toEqual([404, '{"error":"space_not_found"}']);
      expect(windowOf(answer)).toEqual(['600', '599']);
      expect(answer.headers['ratelimit-reset']).toMatch(/^[1-9]\d*$/);
    }
    expect(windowOf(await counted(from))).toEqual(['600', '598']);
    // Its admin API and its document are not the API: none there, as at the root.
    for (const path of ['/spaces/sp_gone/__admin/health', '/spaces/sp_gone/openapi.json']) {
      const answer = await exchange(`GET ${path} HTTP/1.1\r\n${HOST}${CLOSE}\r\n`, from);
      expect([answer.status, answer.headers['ratelimit-limit']]).toEqual([404, undefined]);
    }
  });

  it('leaves the admin API and the console as they were: no rate-limit headers', async () => {
    for (const path of ['/__admin/health', '/__console/']) {
      const answer = await exchange(
        `GET ${path} HTTP/1.1\r\nhost: attacker.example\r\n\r\n`,
        '127.0.33.1',
      );
      expect(answer.status).toBe(403);
      expect(answer.headers['ratelimit-limit']).toBeUndefined();
    }
  });
});

/** Writes `parts` 100 ms apart from `from` on a new connection; the answer once it is closed. */
const exchangeInParts = async (parts: readonly string[], from: string): Promise<RawAnswer> =>
  parseRawAnswer(await rawParts(parts, listening.port, { gapMs: 100, localAddress: from }));

describe('what the parser refuses in a later packet than the request line', () => {
  let space: string;
  beforeAll(async () => {
    const created = await fetch(`${listening.url}/__admin/spaces`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: '{}',
    });
    space = `/spaces/${((await created.json()) as { space_id: string }).space_id}/v1`;
  });

  it("answers a body the parser refuses with the window of the request's own path, without counting it", async () => {
    for (const [prefix, from] of [
      ['space', '127.0.40.1'],
      ['root', '127.0.41.1'],
    ] as const) {
      const path = prefix === 'space' ? space : '/v1';
      await counted(from, `${path}/nope`);
      await counted(from, `${path}/nope`);
      // The head (with a key) in one packet, a chunk size the parser refuses in the next:
      // the request is under way, so its path is known.
      const answer = await exchangeInParts(
        [
          `POST ${path}/orders HTTP/1.1\r\n${HOST}authorization: Bearer ${KEY.full}\r\ncontent-type: application/json\r\nidempotency-key: refused-chunk\r\ntransfer-encoding: chunked\r\n\r\n`,
          'zz\r\n{}\r\n0\r\n\r\n',
        ],
        from,
      );
      expect([prefix, answer.status, answer.body]).toEqual([
        prefix,
        400,
        '{"error":"malformed_request"}',
      ]);
      expect([prefix, ...windowOf(answer)]).toEqual([prefix, '600', '598']);
      expect(answer.headers).toMatchObject({
        'ratelimit-reset': expect.stringMatching(/^[1-9]\d*$/),
        'request-id': expect.stringMatching(/^req_/),
      });
      expect(windowOf(await counted(from, `${path}/nope`))).toEqual(['600', '597']);
    }
  });

  it("answers a head refused after its request line's packet with the root's window: its path is unknown", async () => {
    // node:http keeps a request line it has not finished parsing to itself (not on the
    // refused packet, not on its parser): the path is the root API's, as for a garbage line.
    const from = '127.0.42.1';
    await counted(from);
    const answer = await exchangeInParts(
      [`GET ${space}/me HTTP/1.1\r\n${HOST}`, `x-padding: ${'a'.repeat(20_000)}\r\n\r\n`],
      from,
    );
    expect([answer.status, answer.body]).toEqual([431, '{"error":"headers_too_large"}']);
    expect(windowOf(answer)).toEqual(['600', '599']);
    expect(answer.headers['request-id']).toMatch(/^req_/);
  });
});

describe('the body deadline on the API', () => {
  it("answers 408 with the rate-limit headers of the key's window, without counting it", async () => {
    const { handle, basePath, onError, core } = createReferenceCore({ scenario: apiScenario() });
    await core.ready;
    const quick = await listenHttp(
      handle,
      basePath,
      onError,
      {},
      { headersMs: 10_000, checkEveryMs: 1_000, bodyMs: 300 },
    );
    try {
      const order = `POST /v1/orders HTTP/1.1\r\n${HOST}authorization: Bearer ${KEY.full}\r\ncontent-type: application/json\r\nidempotency-key: trickle\r\ncontent-length: 1000\r\n\r\n{`;
      const answer = await exchange(order, '127.0.34.1', quick.port);
      expect([answer.status, answer.body]).toEqual([408, '{"error":"request_timeout"}']);
      // The key's write window, as the pipeline would count the order in.
      expect(windowOf(answer)).toEqual(['120', '120']);
      expect(answer.headers['request-id']).toMatch(/^req_/);
    } finally {
      await quick.close();
    }
  });
});

describe('an unexpected failure on the API', () => {
  it('answers 500 internal_error with the rate-limit headers of the window it was counted in', async () => {
    const errors: unknown[] = [];
    const failing = createReferenceServer({
      scenario: apiScenario(),
      onError: (error) => errors.push(error),
    });
    await failing.ready;
    const served = await failing.listen({ port: 0, host: '127.0.0.1' });
    try {
      vi.spyOn(failing.store, 'livePartition').mockImplementation(() => {
        throw new Error('a bug');
      });
      const order = JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' });
      const answer = await exchange(
        `POST /v1/orders HTTP/1.1\r\n${HOST}authorization: Bearer ${KEY.full}\r\ncontent-type: application/json\r\nidempotency-key: bug-1\r\ncontent-length: ${order.length}\r\n${CLOSE}\r\n${order}`,
        '127.0.36.1',
        served.port,
      );
      expect([answer.status, answer.body]).toEqual([500, '{"error":"internal_error"}']);
      // The key's write window, which counted the order.
      expect(windowOf(answer)).toEqual(['120', '119']);
      expect(answer.headers['ratelimit-reset']).toMatch(/^[1-9]\d*$/);
      expect(errors).toEqual([new Error('a bug')]);
    } finally {
      await served.close();
    }
  });
});
