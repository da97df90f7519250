// A client may send its requests and then shut down its side of the connection (a FIN: `nc -N`,
// `printf … | socat`, clients done sending). HTTP/1.1 still owes it every answer: the server
// answers what it received, then closes. node:http by default ended the connection at the FIN,
// so an answer not yet written then (a slow request, or any after the first of a pipeline)
// was dropped, though the request had run.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ListeningServer } from '../src/index';
import { apiScenario, KEY } from './api-scenario';

const ADMIN_TOKEN = 'half-close-admin-token';
let listening: ListeningServer;
beforeAll(async () => {
  const server = createReferenceServer({ scenario: apiScenario(), adminToken: ADMIN_TOKEN });
  await server.ready;
  listening = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => listening.close());

/** Writes `raw`, then half-closes; resolves to the statuses answered before the server closed. */
function sendThenHalfClose(raw: string): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: listening.port, host: '127.0.0.1' });
    let received = '';
    socket.setEncoding('latin1');
    socket.on('error', reject);
    socket.on('data', (text: string) => {
      received += text;
    });
    socket.on('close', () =>
      resolve([...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]))),
    );
    socket.end(raw);
  });
}

const request = (path: string) =>
  `GET /v1${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${KEY.full}\r\n\r\n`;

const latency = (ms: number) =>
  fetch(`${listening.url}/__admin/faults`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ latency_ms: ms }),
  });

describe('a client that half-closes after sending', () => {
  it('gets every pipelined answer, then the connection closes', async () => {
    expect(
      await sendThenHalfClose(`${request('/me')}${request('/balance')}${request('/me')}`),
    ).toEqual([200, 200, 200]);
  });

  it('gets the answer of a request still running at its FIN', async () => {
    await latency(200);
    try {
      expect(await sendThenHalfClose(request('/me'))).toEqual([200]);
    } finally {
      await latency(0);
    }
  });
});

describe('an event stream whose client sends its FIN', () => {
  it('ends at once: its client sends nothing but its request, so a FIN means it is gone', async () => {
    const socket = connect({ port: listening.port, host: '127.0.0.1' });
    socket.on('error', () => {});
    socket.resume();
    socket.write(
      `GET /__admin/requests/stream HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${ADMIN_TOKEN}\r\n\r\n`,
    );
    await new Promise((resolve) => socket.once('data', resolve));
    const ended = new Promise<string>((resolve) => {
      socket.once('end', () => resolve('ended'));
      setTimeout(() => resolve('still open'), 2_000);
    });
    socket.end();
    try {
      expect(await ended).toBe('ended');
    } finally {
      socket.destroy();
    }
  });
});
