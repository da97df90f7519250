import { LOG_LEVEL_META_KEY } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { type Connected, IN_PROCESS_TRANSPORTS } from './helpers/mcp-client';

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
