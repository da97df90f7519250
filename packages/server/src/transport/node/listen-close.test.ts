// `close()` while a connection is busy: node:http goes on reading requests from it (a browser
// reuses it to reconnect its event stream), and a stream opened then held `close()` open for
// good.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../../index';

const ADMIN = 'test-admin-token';

describe('closing a server with a busy connection', () => {
  it('answers its next request with connection: close, ends a stream opened then, and resolves', async () => {
    const listening = await createReferenceServer({ adminToken: ADMIN }).listen({ port: 0 });
    const socket = connect(listening.port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => {
      received += chunk;
    });
    const ended = new Promise<void>((done) => socket.once('end', () => done()));
    const body = '{"advance":"PT1S"}';
    // The first request is under way (its head read, its body not yet) when `close()` starts.
    const started = new Promise<void>((done) => {
      const onStart = (message: unknown) => {
        if ((message as { socket: Socket }).socket.localPort !== listening.port) return;
        unsubscribe('http.server.request.start', onStart);
        done();
      };
      subscribe('http.server.request.start', onStart);
    });
    socket.write(
      `POST /__admin/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ADMIN}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await started;
    let closed = false;
    const closing = listening.close().then(() => {
      closed = true;
    });
    socket.write(
      `${body.slice(5)}GET /__admin/requests/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: Bearer ${ADMIN}\r\nAccept: text/event-stream\r\n\r\n`,
    );
    await ended;
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers.map((answer) => answer.split(' ', 2)[1])).toEqual(['200', '200']);
    expect(answers[1]).toMatch(/\r\nconnection: close\r\n/i);
    await expect.poll(() => closed, { timeout: 2_000 }).toBe(true);
    await closing;
  });
});
