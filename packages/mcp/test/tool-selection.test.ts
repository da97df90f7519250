import { operationList } from '@refapi/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOOL_NAMES, toolName, WAIT_TOOL_NAME } from '../src/tools/select';
import { type Connected, IN_PROCESS_TRANSPORTS } from './helpers/mcp-client';
import { type Reference, startReference } from './helpers/reference';

let ref: Reference;
beforeAll(async () => {
  ref = await startReference();
});
afterAll(() => ref.close());

// The read operations, and the tool that waits for Shield changes (it only reads).
const READ_TOOLS = [
  ...operationList.filter((op) => op.access === 'read').map(toolName),
  WAIT_TOOL_NAME,
];

describe.each(IN_PROCESS_TRANSPORTS)('tools listed over %s', (_name, connect) => {
  const listed = async (args: string[]) => {
    const mcp: Connected = await connect(args, {
      REF_API_KEY: 'refak_demo_eur_full',
      REF_BASE_URL: ref.baseUrl,
    });
    try {
      return (await mcp.client.listTools()).tools;
    } finally {
      await mcp.close();
    }
  };

  it('exposes only the read tools by default', async () => {
    const tools = await listed([]);
    expect(tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS].sort());
    expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    expect(tools.map((t) => t.name)).not.toContain('orders_create');
  });

  it('exposes every operation with --tools all, with the write hints', async () => {
    const tools = await listed(['--tools', 'all']);
    expect(tools.map((t) => t.name)).toEqual(ALL_TOOL_NAMES);
    expect(tools).toHaveLength(24);
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of [
      'orders_create',
      'services_power',
      'shield_rules_create',
      'shield_rules_delete',
      'shield_presets_apply',
      'shield_profiles_apply',
    ]) {
      expect(byName.get(name)?.annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
      });
    }
    expect(byName.get('services_set_auto_renew')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
    });
    const order = byName.get('orders_create');
    expect(order?.description).toMatch(/orders:write/);
    expect(order?.description).toMatch(/dry_run/);
    expect(order?.inputSchema.properties?.dry_run).toMatchObject({
      type: 'boolean',
      default: true,
    });
    const invoices = byName.get('invoices_list');
    expect(Object.keys(invoices?.inputSchema.properties ?? {}).sort()).toEqual([
      'cursor',
      'max_items',
    ]);
    expect(invoices?.inputSchema.properties?.max_items).toMatchObject({
      default: 50,
      maximum: 500,
    });
    // No output schemas: they tripled tools/list (see tools-list.test.ts).
    expect(tools.every((t) => t.outputSchema === undefined)).toBe(true);
  });

  it('exposes exactly the tools named in a list', async () => {
    const tools = await listed(['--tools', 'orders_create,balance_get']);
    expect(tools.map((t) => t.name)).toEqual(['balance_get', 'orders_create']);
  });
});
