import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
// Each command runs in this process (the spawned bin is covered elsewhere).
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { tempConfigHome } from './helpers/run-refctl';

// `refctl api` (and the admin calls of `refctl server spaces`, the same exchange) follow a
// redirect as the SDK does: within the base URL's origin only. Off it, nothing is sent there
// (no -H header, no body, no Idempotency-Key) and the command fails in one line.

/** What one server received. */
interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server on 127.0.0.1 port 0: `answer` gives status and headers, the body is `{}`. */
async function serve(answer: (received: Received) => [number, Record<string, string>]) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      received.push(request);
      const [status, headers] = answer(request);
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(status < 300 || status >= 400 ? JSON.stringify({ at: request.url }) : '');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received };
}

const env = (baseUrl: string) => ({
  REF_BASE_URL: baseUrl,
  REF_API_KEY: 'refak_e2e_full_0001',
  REF_ADMIN_TOKEN: 'refadm_e2e_redirects',
  XDG_CONFIG_HOME: tempConfigHome(),
});

/** The base URL's server, answering every request with a 307 to `other` (same path). */
async function redirectingTo(other: string) {
  return serve(({ url }) => [307, { location: `${other}${url}` }]);
}

describe('refctl api: redirects', () => {
  it('refuses one to another origin: one line, exit 1, nothing sent there', async () => {
    const other = await serve(() => [200, {}]);
    const base = await redirectingTo(other.origin);
    const cases = [
      ['api', '/me', '-H', 'X-Auth-Token: s3cret'],
      ['api', '-X', 'POST', '/orders', '-f', 'plan_ref=REF-PLN-1', '-H', 'X-Auth-Token: s3cret'],
      ['server', 'spaces', 'list'],
    ];
    for (const args of cases) {
      const result = await refctl(args, { env: env(`${base.origin}/v1`) });
      const sent = base.received.at(-1)!;
      expect({ args, ...result }).toEqual({
        args,
        code: 1,
        stdout: '',
        stderr: `error: ${sent.method} ${base.origin}${sent.url} was redirected (307) to ${other.origin}, another origin than the base URL's: not followed, so neither the request nor the API key went there. Point baseUrl at the API's own address\n`,
      });
    }
    expect(base.received.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /v1/me',
      'POST /v1/orders',
      'GET /__admin/spaces',
    ]);
    expect(other.received).toEqual([]);
  });

  it('follows one within the origin, repeating a POST with its body and headers', async () => {
    const base = await serve(({ url }) =>
      url.startsWith('/v1/moved') ? [200, {}] : [307, { location: `/v1/moved${url}` }],
    );
    const args = ['api', '-X', 'POST', '/orders', '-f', 'plan_ref=REF-PLN-1', '-H', 'X-Tag: a'];
    const result = await refctl([...args, '--jq', '.at'], { env: env(`${base.origin}/v1`) });
    expect(result).toEqual({ code: 0, stdout: '/v1/moved/v1/orders\n', stderr: '' });
    const [first, second] = base.received;
    expect(second).toMatchObject({ method: 'POST', body: first!.body });
    expect(second!.body).toBe('{"plan_ref":"REF-PLN-1"}');
    for (const name of ['x-tag', 'authorization', 'idempotency-key']) {
      expect(second!.headers[name], name).toBe(first!.headers[name]);
    }
  });
});
