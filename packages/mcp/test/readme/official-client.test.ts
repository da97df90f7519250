import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { expect, it } from 'vitest';
import { BIN } from '../helpers/mcp-client';

it('lists the tools, reads the account and buys a server in the sandbox', async () => {
  // Outside this repository: { command: 'npx', args: ['refapi-mcp', '--sandbox'] }.
  const transport = new StdioClientTransport({ command: 'node', args: [BIN, '--sandbox'] });
  const client = new Client({ name: 'my-agent', version: '1.0.0' });
  await client.connect(transport);

  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toContain('orders_create');

  const account = await client.callTool({ name: 'account_get', arguments: {} });
  expect(account.structuredContent).toMatchObject({ email: 'ada@example.test' });

  // Writes are dry runs unless asked: the quote first, then the purchase (in this
  // session's own copy of the demo account).
  const quote = await client.callTool({
    name: 'orders_create',
    arguments: { type: 'kvm', plan_code: 'kvm-s' },
  });
  expect(quote.structuredContent).toMatchObject({ dry_run: true });
  const { plan_id } = quote.structuredContent as { plan_id: string };
  const order = await client.callTool({
    name: 'orders_create',
    arguments: { type: 'kvm', plan_code: 'kvm-s', dry_run: false, plan_id },
  });
  expect(order.isError).toBeFalsy();
  expect(order.structuredContent).toMatchObject({
    dry_run: false,
    order: { service_ref: expect.stringMatching(/^REF-SVC-/) },
  });

  await client.close();
});
