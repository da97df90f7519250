import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
// The server's seeded generator (test-only import): the same seed gives the same chaos.
import { mulberry32 } from '../../../server/src/internal/mulberry32';

/** What the proxy did, per kind of fault. */
interface ChaosCounts {
  resetBeforeUpstream: number;
  resetAfterUpstream: number;
  unavailable: number;
  forwarded: number;
}

export interface ChaosProxy {
  /** Base URL of the proxy, with the upstream's path (…/v1). */
  readonly baseUrl: string;
  readonly counts: ChaosCounts;
  close(): Promise<void>;
}

/**
 * An HTTP proxy on 127.0.0.1:0 in front of `upstreamBaseUrl` that resets `resetRate` of the
 * connections (half before forwarding, half after the upstream answered, so the work is
 * done but the answer is lost) and answers 503 to `unavailableRate` more.
 */
export async function startChaosProxy(
  upstreamBaseUrl: string,
  options: { seed: number; resetRate: number; unavailableRate: number },
): Promise<ChaosProxy> {
  const upstream = new URL(upstreamBaseUrl);
  const random = mulberry32(options.seed);
  const counts: ChaosCounts = {
    resetBeforeUpstream: 0,
    resetAfterUpstream: 0,
    unavailable: 0,
    forwarded: 0,
  };
  const server = createServer((req, res) => {
    const roll = random();
    if (roll < options.resetRate / 2) {
      counts.resetBeforeUpstream++;
      req.socket.resetAndDestroy();
      return;
    }
    if (roll < options.resetRate + options.unavailableRate && roll >= options.resetRate) {
      counts.unavailable++;
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{"error":"proxy_unavailable"}');
      return;
    }
    const resetAfter = roll < options.resetRate;
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (upstreamRes) => {
        if (resetAfter) {
          counts.resetAfterUpstream++;
          upstreamRes.resume();
          upstreamRes.on('end', () => req.socket.resetAndDestroy());
          return;
        }
        counts.forwarded++;
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      },
    );
    forward.on('error', () => req.socket.resetAndDestroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname}`,
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
