// Child process of the HTTP benchmarks: serves the reference server (in memory, or with
// `ref-state <file>` on a state file), a bare node:http server answering the very bytes
// the reference server produced, or (`floor`) the bare server doing the work no server of
// this API can skip (`floor-fsync <file>`, `floor-group <file>`: and making each request's
// line durable before answering), then prints its port. Runs apart from the load generator
// so both get a core.
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateOrderRequest } from '@refapi/schema';
import { createReferenceServer } from '@refapi/server';
import { WAL_OPEN_FLAGS, WAL_WRITES_DURABLE } from '../src/persistence/durable-fs';
import { BENCH_KEYS, benchScenario } from './bench-scenario';
import { durableAppender } from './durable-appender';
import { BENCH_REQUESTS } from './requests';

const mode = process.argv[2];
const stateFile = process.argv[3];
// `floor-group <file> <bytes>`: each line padded to `bytes` (the size of the reference
// server's journal line for an order, measured by the bench), else as long as its content.
const lineBytes = Number(process.argv[4] ?? 0);
const server = createReferenceServer({
  scenario: benchScenario(),
  onError: () => {},
  ...(mode === 'ref-state' && stateFile !== undefined ? { stateFile } : {}),
});
await server.ready;

if (mode === 'ref' || mode === 'ref-state') {
  // Rate-limit windows follow the server clock: a minute per real second keeps 400 keys ×
  // 600 reads per minute from capping a fast run (warm-up plus measurement exceeded it).
  setInterval(() => server.admin.clock.advance(60), 1000).unref();
  const listening = await server.listen({ port: 0 });
  const { adminToken } = server;
  process.stdout.write(`${JSON.stringify({ port: listening.port, adminToken })}\n`);
} else {
  // Capture one real response per benchmarked request.
  const canned = new Map<
    string,
    { status: number; headers: Record<string, string>; body: Buffer }
  >();
  for (const request of BENCH_REQUESTS) {
    const response = await server.fetch(`${server.baseUrl}${request.path.slice(3)}`, {
      method: request.method,
      headers: {
        authorization: `Bearer ${BENCH_KEYS[0]}`,
        'idempotency-key': 'capture',
        'content-type': 'application/json',
      },
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    const body = Buffer.from(await response.arrayBuffer());
    const headers = Object.fromEntries(response.headers);
    headers['content-length'] = String(body.length);
    canned.set(`${request.method} ${request.path}`, { status: response.status, headers, body });
  }
  // The floor: what any server of this contract does per request besides the bytes. It
  // hashes the bearer token (keys are kept as digests), parses the JSON body and checks it
  // against the contract's schema, and serialises the response object. No routing, state,
  // rate limit, idempotency record, journal or records.
  // `floor-kept` also keeps what the reference spec makes every request leave behind: its
  // journal entry (the last 1,000 requests' headers and bodies) and, for a write, its
  // idempotency record (body and answer, 24 h). The memory a server holds is what its
  // garbage collector walks: a cost bare servers never pay.
  const durable =
    mode === 'floor-group' && stateFile !== undefined
      ? durableAppender(await open(stateFile, WAL_OPEN_FLAGS), true, WAL_WRITES_DURABLE)
      : mode === 'floor-fsync' && stateFile !== undefined
        ? durableAppender(await open(stateFile, 'a'), false)
        : undefined;
  const floor = mode === 'floor' || mode === 'floor-kept' || durable !== undefined;
  const kept = mode === 'floor-kept';
  const journal: unknown[] = [];
  const idempotency = new Map<string, unknown>();
  let served = 0;
  const documents = new Map(
    [...canned].map(([name, reply]) => [name, JSON.parse(reply.body.toString()) as unknown]),
  );
  // What a durable floor keeps of a request: its key, the order and the answer, padded to
  // `lineBytes` when given (`,"pad":""` is 9 characters).
  const durableLine = (key: unknown, input: unknown, body: string): string => {
    const line = JSON.stringify({ key, input, body });
    const missing = lineBytes - Buffer.byteLength(line) - 1 - 9;
    return missing <= 0 ? line : JSON.stringify({ key, input, body, pad: 'x'.repeat(missing) });
  };
  const bare = createServer((req: IncomingMessage, res: ServerResponse) => {
    const name = `${req.method} ${req.url}`;
    const reply = canned.get(name);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (reply === undefined) {
        res.writeHead(404).end();
        return;
      }
      if (!floor) {
        res.writeHead(reply.status, reply.headers);
        res.end(reply.body);
        return;
      }
      createHash('sha256')
        .update(req.headers.authorization ?? '')
        .digest();
      const text = chunks.length > 0 ? Buffer.concat(chunks).toString() : undefined;
      const input = text === undefined ? undefined : CreateOrderRequest.parse(JSON.parse(text));
      const body = JSON.stringify(documents.get(name));
      const headers = { ...reply.headers, 'content-length': Buffer.byteLength(body) };
      if (kept) {
        journal[served++ % 1_000] = {
          name,
          headers: req.headers,
          text,
          status: reply.status,
          answer: { headers, body },
        };
        const key = req.headers['idempotency-key'];
        if (typeof key === 'string') idempotency.set(key, { input, status: reply.status, body });
      }
      const answer = () => {
        res.writeHead(reply.status, headers);
        res.end(body);
      };
      if (durable === undefined) answer();
      else durable(`${durableLine(req.headers['idempotency-key'], input, body)}\n`).then(answer);
    });
  });
  bare.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: (bare.address() as AddressInfo).port })}\n`);
  });
}
