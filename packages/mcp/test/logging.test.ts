import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOG_LEVEL_META_KEY } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../src/main';
import {
  type Connected,
  cleanEnv,
  connectInProcess,
  IN_PROCESS_TRANSPORTS,
} from './helpers/mcp-client';

const open: Connected[] = [];
afterEach(async () => {
  for (const mcp of open.splice(0)) await mcp.close();
});

// On 2026-07-28 a request asks for log notifications with a level in its `_meta`; the
// process log on stderr gets every line regardless.
describe.each(IN_PROCESS_TRANSPORTS)('tool call logging over %s', (_name, connect) => {
  it('sends a log notification when the request asks for one, and logs to stderr', async () => {
    const mcp = await connect(['--sandbox']);
    open.push(mcp);
    const lines: unknown[] = [];
    mcp.client.setNotificationHandler('notifications/message', (notification) => {
      lines.push(notification.params.data);
    });
    await mcp.client.callTool({ name: 'balance_get', arguments: {} });
    expect(lines).toEqual([]);
    await mcp.client.callTool({
      name: 'balance_get',
      arguments: {},
      _meta: { [LOG_LEVEL_META_KEY]: 'info' },
    });
    expect(lines).toEqual(['balance_get: ok']);
    const failed = await mcp.client.callTool({
      name: 'services_get',
      arguments: { service_ref: 'REF-SVC-FFFF' },
      _meta: { [LOG_LEVEL_META_KEY]: 'warning' },
    });
    expect(failed.isError).toBe(true);
    expect(lines).toEqual(['balance_get: ok', 'services_get: not_found (404)']);
    expect(mcp.stderr()).toMatch(/balance_get: ok[\s\S]*balance_get: ok/);
  });
});

// What the process log quotes (flag values, the API's error codes, what the SDK warns of) is
// shown on the terminal it is read on, never obeyed by it; the host's notification is exact.
const EVIL = '\u001b]0;pwned\u0007x\u001b[2J\r\u202e';
const SHOWN = '^[]0;pwned^Gx^[[2J^M<U+202E>';
const RAW = /(?!\n)[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

describe('control characters in the process log', () => {
  it('are shown in a usage error quoting a flag or a profile', async () => {
    for (const [argv, env] of [
      [['--tools', `x${EVIL}`], {}],
      [[`--x${EVIL}`], {}],
      [[], { REF_PROFILE: `p${EVIL}` }],
    ] as const) {
      let stderr = '';
      const code = await main(argv, {
        env: cleanEnv(env),
        stdout: () => {},
        stderr: (text) => {
          stderr += text;
        },
        onStop: () => {},
      });
      expect(code).toBe(2);
      expect(stderr).not.toMatch(RAW);
      expect(stderr).toContain(SHOWN);
    }
  });

  it("are shown in a tool call's line and the SDK's warnings, and sent exact to the host", async () => {
    const api = createServer((req, res) => {
      res.writeHead(req.url === '/v1/me' ? 200 : 400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          req.url === '/v1/me'
            ? {
                account_ref: 'REF-ACCT-A1',
                email: 'ada@example.test',
                first_name: 'Ada',
                last_name: 'Lovelace',
                country_code: 'DE',
                account_currency: 'EUR',
                preferred_locale: 'en-GB',
                status: 'active',
                [`x${EVIL}`]: 1,
              }
            : { error: `bad${EVIL}` },
        ),
      );
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    vi.stubEnv('REF_LOG_LEVEL', 'warn');
    try {
      const mcp = await connectInProcess([], {
        REF_API_KEY: 'refak_e2e_full_0001',
        REF_BASE_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}/v1`,
      });
      open.push(mcp);
      const lines: unknown[] = [];
      mcp.client.setNotificationHandler('notifications/message', (notification) => {
        lines.push(notification.params.data);
      });
      await mcp.client.callTool({ name: 'account_get', arguments: {} });
      const failed = await mcp.client.callTool({
        name: 'balance_get',
        arguments: {},
        _meta: { [LOG_LEVEL_META_KEY]: 'warning' },
      });
      expect(failed.isError).toBe(true);
      expect(lines).toEqual([`balance_get: bad${EVIL} (400)`]);
      expect(mcp.stderr()).toContain(`refapi-mcp: balance_get: bad${SHOWN} (400)\n`);
      expect(mcp.stderr()).toContain(`unknown property "x${SHOWN}"`);
      expect(mcp.stderr()).not.toMatch(RAW);
    } finally {
      vi.unstubAllEnvs();
      api.closeAllConnections();
      await new Promise((resolve) => api.close(resolve));
    }
  });
});

describe("an API error that echoes the key, in the process log and the host's", () => {
  it('has the key redacted and is cut to a readable length', async () => {
    const key = 'refak_e2e_full_0001';
    // A broken proxy answering with the request it got, and far too much of it.
    const api = createServer((req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `bad ${req.headers.authorization} ${'x'.repeat(100_000)}` }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    try {
      const mcp = await connectInProcess([], {
        REF_API_KEY: key,
        REF_BASE_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}/v1`,
      });
      open.push(mcp);
      const lines: string[] = [];
      mcp.client.setNotificationHandler('notifications/message', (notification) => {
        lines.push(String(notification.params.data));
      });
      const failed = await mcp.client.callTool({
        name: 'balance_get',
        arguments: {},
        _meta: { [LOG_LEVEL_META_KEY]: 'warning' },
      });
      expect(failed.isError).toBe(true);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^balance_get: bad Bearer \[redacted\] x+… \(100022 characters\) \(400\)$/,
      );
      expect(lines[0]?.length).toBeLessThan(300);
      const logged = mcp
        .stderr()
        .split('\n')
        .find((line) => line.includes('balance_get:'));
      expect(logged).toBe(`refapi-mcp: ${lines[0]}`);
      expect(mcp.stderr()).not.toContain(key);
    } finally {
      api.closeAllConnections();
      await new Promise((resolve) => api.close(resolve));
    }
  });
});
