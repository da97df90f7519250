import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer } from '../src/transport/node/reference-server';
import { rawTranscript } from './raw-exchange';

// `Expect: 100-continue` (curl sends it for large bodies: past 1 MiB in curl 7.88): the body is invited only once
// the request may send it, so a refused request is answered without its upload.
describe('Expect: 100-continue', () => {
  const server = createReferenceServer();
  let port = 0;
  beforeAll(async () => {
    port = (await server.listen({ port: 0 })).port;
  });
  afterAll(() => server.close());

  const head = (key: string, length: number) =>
    [
      'POST /v1/orders HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Authorization: Bearer ${key}`,
      'Content-Type: application/json',
      'Idempotency-Key: expect-continue-1',
      `Content-Length: ${length}`,
      'Expect: 100-continue',
      '',
      '',
    ].join('\r\n');

  it('answers a refused key with its 401 and no 100 Continue, then closes', async () => {
    const transcript = await rawTranscript(head('refak_not_a_key', 40), port);
    expect(transcript).not.toContain('100 Continue');
    expect(transcript).toMatch(/^HTTP\/1\.1 401 /);
    expect(transcript.toLowerCase()).toContain('connection: close');
  });

  it('answers a body over the limit by its declared length with 413, no 100 Continue', async () => {
    const transcript = await rawTranscript(head('refak_demo_eur_full', 100 * 1024 * 1024), port);
    expect(transcript).not.toContain('100 Continue');
    expect(transcript).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('invites the body of an accepted request, then answers it', async () => {
    const body = JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' });
    const socket = connect({ port, host: '127.0.0.1' });
    socket.setEncoding('latin1');
    let received = '';
    socket.on('data', (text: string) => {
      received += text;
    });
    socket.write(head('refak_demo_eur_full', Buffer.byteLength(body)));
    while (!received.includes('\r\n\r\n')) await once(socket, 'data');
    expect(received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/);
    socket.end(body);
    await once(socket, 'close');
    expect(received).toMatch(/\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
    expect(received).toContain('"service_ref"');
  });
});
