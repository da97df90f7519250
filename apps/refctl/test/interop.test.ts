import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
// Each command runs in this process (the spawned bin is covered elsewhere).
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { tempConfigHome } from './helpers/run-refctl';
import { ADA } from './helpers/scenario';

// Issue #14 from the CLI: a newer server's additions are shown, not fatal, and every error
// line carries the Request-Id to look the exchange up in /__admin/requests.
const REQUEST_ID = 'req_0123456789abcdefABCDEF01';
const account = ADA;

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return `http://127.0.0.1:${port}/v1`;
}

const answer = (status: number, body: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': REQUEST_ID });
  res.end(JSON.stringify(body));
};

const env = (baseUrl: string) => ({
  REF_BASE_URL: baseUrl,
  REF_API_KEY: 'refak_e2e_full_0001',
  XDG_CONFIG_HOME: tempConfigHome(),
});

describe('a server that added a field', () => {
  it('shows it in -o json and -o yaml, warns on stderr, exits 0', async () => {
    const baseUrl = await serve(answer(200, { ...account, new_field: 'hello' }));
    const json = await refctl(['me', '-o', 'json'], { env: env(baseUrl) });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ ...account, new_field: 'hello' });
    expect(json.stderr).toBe(
      'warning: [refapi-sdk] contract drift: GET /me: unknown property "new_field"\n',
    );
    const yaml = await refctl(['me', '-o', 'yaml'], { env: env(baseUrl) });
    expect(yaml.code).toBe(0);
    expect(yaml.stdout).toContain('new_field: hello\n');
  });
});

describe('request ids', () => {
  it('end every error line', async () => {
    const baseUrl = await serve(answer(404, { error: 'not_found' }));
    const { code, rawStderr } = await refctl(['services', 'get', 'REF-SVC-FFF'], {
      env: env(baseUrl),
    });
    expect(code).toBe(3);
    expect(rawStderr).toBe(
      `error: service REF-SVC-FFF not found (404 not_found) (request ${REQUEST_ID})\n`,
    );
  });

  it('are in the JSON error', async () => {
    const baseUrl = await serve(answer(500, { error: 'internal' }));
    const { code, rawStderr } = await refctl(['me', '-o', 'json'], { env: env(baseUrl) });
    expect(code).toBe(1);
    expect(JSON.parse(rawStderr).error).toMatchObject({ status: 500, request_id: REQUEST_ID });
  });

  it('are on a validation error too', async () => {
    const baseUrl = await serve(answer(200, { ...account, email: 42 }));
    const { code, rawStderr } = await refctl(['me'], { env: env(baseUrl) });
    expect(code).toBe(1);
    expect(rawStderr).toMatch(new RegExp(`^error: .*\\(request ${REQUEST_ID}\\)\\n$`));
  });
});
