import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import type { ListeningServer } from '../transport/node/listen';
import type { ReferenceServer } from '../transport/node/node-server';
import { createReferenceServer } from '../transport/node/reference-server';
import { type Recorder, startRecorder } from './record-proxy';
import { type RecordedExchange, readRecording } from './recording-format';

// What the recorder's tests share: a fresh file name per test, an upstream of a few lines,
// a demo server recorded, and a recording read back whole. Imported by tests only (never
// bundled; test/bin.test.ts too).

/** A function naming a new file in a temp directory of `prefix`, removed after the file's tests. */
export function freshFiles(prefix: string): (name: string) => string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  return (name) => join(dir, `${++n}-${name}`);
}

/** Every exchange of a recording file, in order. */
export async function exchangesOf(file: string): Promise<RecordedExchange[]> {
  const out: RecordedExchange[] = [];
  for await (const exchange of readRecording(file)) out.push(exchange);
  return out;
}

/** An upstream on 127.0.0.1 answering with `handler`: its `/v1` base, and how to close it. */
export async function upstreamWith(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ readonly base: string; close(): Promise<void> }> {
  const server = createServer(handler);
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

/** A demo reference server (its clock frozen) on port 0 and a recorder in front of it. */
export interface RecordingSession {
  readonly upstream: ReferenceServer;
  readonly listening: ListeningServer;
  /** Writes `file` of {@link startRecordingSession}. */
  readonly recorder: Recorder;
  /** Closes the recorder, then the demo server. */
  close(): Promise<void>;
}

/** Starts a demo server (its clock frozen, `adminToken` its admin token) and a recorder writing `file`. */
export async function startRecordingSession(
  file: string,
  adminToken: string,
): Promise<RecordingSession> {
  const upstream = createReferenceServer({ adminToken });
  await upstream.ready;
  upstream.admin.clock.freeze(true);
  const listening = await upstream.listen({ port: 0 });
  const recorder = await startRecorder({ upstream: listening.baseUrl, port: 0, out: file });
  return {
    upstream,
    listening,
    recorder,
    close: async () => {
      await recorder.close();
      await listening.close();
      await upstream.close();
    },
  };
}

/** Records `GET /me` and `GET /balance` of a demo server (its clock frozen) into `file`. */
export async function recordMeAndBalance(file: string): Promise<void> {
  const session = await startRecordingSession(file, 'recording-kit-admin-token-0123456789');
  for (const path of ['/me', '/balance']) {
    const answer = await fetch(`${session.recorder.baseUrl}${path}`, {
      headers: { authorization: 'Bearer refak_demo_eur_full' },
    });
    expect(answer.status).toBe(200);
    await answer.text();
  }
  await session.close();
}
