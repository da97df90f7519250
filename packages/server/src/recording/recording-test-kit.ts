import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { type RecordedExchange, readRecording } from './recording-format';

// What the recorder's tests share: a fresh file name per test, an upstream of a few lines,
// and a recording read back whole. Imported by tests only (never bundled).

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
