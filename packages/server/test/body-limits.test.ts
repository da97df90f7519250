// Credentials before bodies (issue #12): over real HTTP, a request without a valid admin
// token or API key is answered from its headers while its upload is still going, and a
// body past its limit is cut off at the limit, with or without a Content-Length.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ListeningServer } from '../src/index';
import { createReferenceCore } from '../src/server/reference-core';
import { listenHttp } from '../src/transport/node/listen';
import { BODY_DEADLINE_MS } from '../src/transport/node/node-listener';
import { apiScenario, KEY } from './api-scenario';
import { parseRawAnswer, rawConnection, rawParts } from './raw-exchange';

const KIB = 1024;
const UPLOAD = 1024 * KIB;
const CHUNK = 16 * KIB;
const ADMIN = 'limits-admin-token';

let listening: ListeningServer;
beforeAll(async () => {
  const server = createReferenceServer({
    scenario: apiScenario(),
    adminToken: ADMIN,
    adminBodyBytes: 256 * KIB,
  });
  await server.ready;
  listening = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => listening.close());

interface Upload {
  readonly status: number;
  readonly body: string;
  /** Body bytes the client had sent when the answer arrived. */
  readonly sentWhenAnswered: number;
}

/**
 * Streams a 1 MiB chunked body in 16 KiB chunks, a few milliseconds apart, and stops as
 * soon as an answer arrives: a server that waits for the whole body answers only after
 * the last chunk (sent = 1 MiB).
 */
async function upload(path: string, headers: Record<string, string>): Promise<Upload> {
  const { socket, closed } = rawConnection(listening.port);
  let sent = 0;
  let sentWhenAnswered: number | undefined;
  let done = false;
  socket.on('data', () => {
    sentWhenAnswered ??= sent;
  });
  const lines = Object.entries({
    host: '127.0.0.1',
    'content-type': 'application/json',
    'transfer-encoding': 'chunked',
    ...headers,
  }).map(([name, value]) => `${name}: ${value}`);
  socket.write(`POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
  const chunk = `${CHUNK.toString(16)}\r\n${' '.repeat(CHUNK)}\r\n`;
  const pump = () => {
    if (done || sentWhenAnswered !== undefined) return;
    if (sent >= UPLOAD) {
      socket.write('0\r\n\r\n');
      return;
    }
    socket.write(chunk);
    sent += CHUNK;
    setTimeout(pump, 5);
  };
  pump();
  setTimeout(() => socket.destroy(), 20_000).unref();
  const received = await closed;
  done = true;
  const { status, body } = parseRawAnswer(received);
  if (!Number.isInteger(status)) throw new Error(`no answer: ${received.slice(0, 80)}`);
  return { status, body, sentWhenAnswered: sentWhenAnswered ?? sent };
}

describe('request bodies over node:http', () => {
  it('answers an admin call without the token 401 before reading its body', async () => {
    const res = await upload('/__admin/scenario', {});
    expect([res.status, JSON.parse(res.body)]).toEqual([401, { error: 'invalid_admin_token' }]);
    expect(res.sentWhenAnswered).toBeLessThan(UPLOAD);
  });

  it('answers an admin call with a wrong token 401 before reading its body', async () => {
    const res = await upload('/__admin/scenario', { authorization: `Bearer ${KEY.full}` });
    expect(res.status).toBe(401);
    expect(res.sentWhenAnswered).toBeLessThan(UPLOAD);
  });

  it('answers an API call without a valid key 401 before reading its body', async () => {
    const res = await upload('/v1/orders', { authorization: 'Bearer refak_nobody' });
    expect([res.status, JSON.parse(res.body)]).toEqual([401, { error: 'invalid_api_key' }]);
    expect(res.sentWhenAnswered).toBeLessThan(UPLOAD);
  });

  it('stops reading an API body at 64 KiB without a Content-Length and answers 413', async () => {
    const res = await upload('/v1/orders', {
      authorization: `Bearer ${KEY.full}`,
      'idempotency-key': 'big-chunked',
    });
    expect([res.status, JSON.parse(res.body)]).toEqual([413, { error: 'body_too_large' }]);
    expect(res.sentWhenAnswered).toBeLessThan(UPLOAD);
  });

  it('stops reading an admin body at the admin limit, even with the token', async () => {
    const res = await upload('/__admin/scenario', { authorization: `Bearer ${ADMIN}` });
    expect([res.status, JSON.parse(res.body)]).toEqual([413, { error: 'body_too_large' }]);
    expect(res.sentWhenAnswered).toBeLessThan(UPLOAD);
  });

  it('refuses a declared Content-Length over the limit at once', async () => {
    const res = await fetch(`${listening.baseUrl}/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEY.full}`,
        'content-type': 'application/json',
        'idempotency-key': 'big-declared',
      },
      body: ' '.repeat(65 * KIB),
    });
    expect([res.status, await res.json()]).toEqual([413, { error: 'body_too_large' }]);
  });

  it('still takes an authenticated admin body under its limit', async () => {
    const res = await fetch(`${listening.url}/__admin/clock`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ advance_seconds: 1 }),
    });
    expect(res.status).toBe(200);
  });
});

describe('UTF-8 bodies over node:http', () => {
  // 🛡 is F0 9F 9B A1: the first write ends after F0 9F, inside the character.
  const NAME = 'Bloquer l’UDP 🛡️ ブロック';
  const body = Buffer.from(
    JSON.stringify({ name: NAME, mode: 'observe', action: 'drop', risk: 'low', protocol: 'udp' }),
  );
  const cut = body.indexOf(Buffer.from('🛡')) + 2;

  /** The body in two writes 50 ms apart, split inside 🛡; the answer's status and body. */
  async function splitUpload(framing: 'chunked' | 'content-length') {
    const head = [
      'POST /v1/services/REF-SVC-A1/shield/rules HTTP/1.1',
      'host: 127.0.0.1',
      `authorization: Bearer ${KEY.full}`,
      'content-type: application/json',
      `idempotency-key: split-${framing}`,
      'connection: close',
      framing === 'chunked' ? 'transfer-encoding: chunked' : `content-length: ${body.length}`,
    ];
    const frame = (part: Buffer) =>
      framing === 'chunked'
        ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')])
        : part;
    const last = framing === 'chunked' ? Buffer.from('0\r\n\r\n') : Buffer.alloc(0);
    const answer = await rawParts(
      [
        Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), frame(body.subarray(0, cut))]),
        Buffer.concat([frame(body.subarray(cut)), last]),
      ],
      listening.port,
      { gapMs: 50, encoding: 'utf8' },
    );
    return { status: Number(answer.split(' ')[1]), body: answer.split('\r\n\r\n')[1] ?? '' };
  }

  it.each(['chunked', 'content-length'] as const)(
    'takes multi-byte UTF-8 split across two writes (%s), stored as sent',
    async (framing) => {
      const res = await splitUpload(framing);
      expect(res.status, res.body).toBe(202);
      const { id } = JSON.parse(res.body).rule as { id: string };
      const state = await fetch(`${listening.url}/__admin/state`, {
        headers: { authorization: `Bearer ${ADMIN}` },
      });
      const rules = (await state.json()).extensions.shield.rules as { id: string; name: string }[];
      expect(rules.find((rule) => rule.id === id)?.name).toBe(NAME);
    },
  );
});

describe('a body cut off before its end', () => {
  const ORDER = JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' });
  const head = (key: string, framing: string) =>
    `POST /v1/orders HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${KEY.full}\r\ncontent-type: application/json\r\nidempotency-key: ${key}\r\n${framing}\r\n\r\n`;

  /** Writes `parts` 50 ms apart on a fresh connection, then its FIN when `fin`; the answer. */
  const sendParts = (parts: readonly string[], fin: boolean) =>
    rawParts(parts, listening.port, { gapMs: 50, fin });

  it.each([
    [
      'shorter than its Content-Length, then the FIN',
      (key: string) => [`${head(key, `content-length: ${ORDER.length + 10}`)}${ORDER}`],
      true,
    ],
    [
      'whole JSON in one chunk, then a chunk size the parser refuses',
      (key: string) => [
        `${head(key, 'transfer-encoding: chunked')}${ORDER.length.toString(16)}\r\n${ORDER}\r\n`,
        'zz\r\n',
      ],
      false,
    ],
  ])(
    'is never run (%s): the 400 the client got is all that happened',
    async (_what, parts, fin) => {
      const key = `cut-${fin ? 'fin' : 'chunk'}`;
      const answer = await sendParts(parts(key), fin);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('{"error":"malformed_request"}');
      // Sent again whole under the same Idempotency-Key: a new order, not the replay of one
      // bought from the part that arrived.
      const again = await rawParts(
        [
          `POST /v1/orders HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${KEY.full}\r\ncontent-type: application/json\r\nidempotency-key: ${key}\r\ncontent-length: ${ORDER.length}\r\nconnection: close\r\n\r\n${ORDER}`,
        ],
        listening.port,
      );
      expect(again).toMatch(/^HTTP\/1\.1 20\d /);
      expect(again.toLowerCase()).not.toContain('idempotent-replayed');
    },
  );
});

describe('the admin body cap', () => {
  it('is 128 MiB by default: a larger declared body is refused 413 before a byte is read', async () => {
    const server = createReferenceServer({ adminToken: ADMIN });
    const open = await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const answer = await rawParts(
        [
          `POST /__admin/scenario HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${ADMIN}\r\ncontent-type: application/json\r\ncontent-length: ${128 * 1024 * KIB + 1}\r\n\r\n{`,
        ],
        open.port,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain('{"error":"body_too_large"}');
    } finally {
      await open.close();
    }
  });
});

describe('the body deadline', () => {
  it('answers 408 request_timeout to a body still trickling in after the deadline, and closes', async () => {
    const { handle, basePath, onError, core } = createReferenceCore({
      scenario: apiScenario(),
      adminToken: ADMIN,
    });
    await core.ready;
    // 30 s in the server; shortened here (the same code path).
    const quick = await listenHttp(
      handle,
      basePath,
      onError,
      {},
      {
        headersMs: 10_000,
        checkEveryMs: 1_000,
        bodyMs: 300,
      },
    );
    try {
      const { socket, closed } = rawConnection(quick.port);
      socket.write(
        `POST /v1/orders HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${KEY.full}\r\ncontent-type: application/json\r\nidempotency-key: trickle\r\ncontent-length: 1000\r\n\r\n{`,
      );
      // One byte every 50 ms: never 1,000 of them before the deadline.
      const trickle = setInterval(() => socket.write(' '), 50);
      const received = await closed;
      clearInterval(trickle);
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(received.toLowerCase()).toContain('connection: close');
      expect(received).toContain('{"error":"request_timeout"}');
      // A body in time is answered as usual.
      const res = await fetch(`${quick.url}/__admin/clock`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ advance_seconds: 1 }),
      });
      expect(res.status).toBe(200);
    } finally {
      await quick.close();
    }
  });

  it('is 30 s in the server', () => {
    expect(BODY_DEADLINE_MS).toBe(30_000);
  });
});
