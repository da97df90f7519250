import type { Tool } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOOL_NAMES } from '../src/tools/select';
import { type Connected, connectInProcess, errorFacts, structured } from './helpers/mcp-client';
import { type Reference, startReference } from './helpers/reference';

const KEY = 'refak_demo_eur_full';
/** What a host may spend on `tools/list` with every tool exposed. */
const MAX_TOOLS_LIST_BYTES = 30 * 1024;

let ref: Reference;
beforeAll(async () => {
  ref = await startReference();
});
afterAll(() => ref.close());

const account = () => ({ REF_API_KEY: KEY, REF_BASE_URL: ref.baseUrl });

async function withServer<T>(args: string[], run: (mcp: Connected) => Promise<T>): Promise<T> {
  const mcp = await connectInProcess(args, args.includes('--sandbox') ? {} : account());
  try {
    return await run(mcp);
  } finally {
    await mcp.close();
  }
}

/** Every word of `text` that is the name of one of this server's tools. */
const toolsNamed = (text: string) =>
  [...text.matchAll(/\b[a-z]+(?:_[a-z]+)+\b/g)]
    .map((m) => m[0])
    .filter((word) => ALL_TOOL_NAMES.includes(word));

describe.each([
  [[]],
  [['--tools', 'all']],
  [['--tools', 'orders_create,balance_get']],
  [['--tools', 'shield_rules_create']],
  [['--sandbox']],
  [['--sandbox', '--tools', 'read']],
])('refapi-mcp %j', (args) => {
  it('names in its instructions only tools that tools/list has', async () => {
    await withServer(args, async (mcp) => {
      const instructions = mcp.client.getInstructions() ?? '';
      const listed = (await mcp.client.listTools()).tools.map((t) => t.name);
      expect(instructions.length).toBeGreaterThan(50);
      for (const name of toolsNamed(instructions)) expect(listed).toContain(name);
      if (listed.includes('orders_create')) expect(instructions).toMatch(/dry run/);
    });
  });
});

describe('tools/list with every tool', () => {
  let tools: Tool[];
  let bytes: number;
  beforeAll(async () => {
    await withServer(['--tools', 'all'], async (mcp) => {
      const result = await mcp.client.listTools();
      tools = result.tools;
      bytes = Buffer.byteLength(JSON.stringify(result), 'utf8');
    });
  });

  it(`is at most ${MAX_TOOLS_LIST_BYTES / 1024} KB`, () => {
    expect(tools.map((t) => t.name)).toEqual(ALL_TOOL_NAMES);
    expect(bytes).toBeLessThanOrEqual(MAX_TOOLS_LIST_BYTES);
  });

  it('describes every argument of every tool, with no pattern a model cannot use', () => {
    const undescribed: string[] = [];
    for (const tool of tools) {
      const properties = (tool.inputSchema.properties ?? {}) as Record<
        string,
        { description?: string }
      >;
      for (const [name, property] of Object.entries(properties))
        if (!/\w{3}/.test(property.description ?? '')) undescribed.push(`${tool.name}.${name}`);
      expect(JSON.stringify(tool.inputSchema), tool.name).not.toMatch(/"pattern"/);
    }
    expect(undescribed).toEqual([]);
  });

  it('shows what is enforced: real bounds, enums, where plan codes come from', () => {
    const input = (name: string) =>
      tools.find((t) => t.name === name)?.inputSchema.properties as Record<
        string,
        Record<string, unknown>
      >;
    expect(input('shield_traffic').window_hours).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 720,
    });
    expect(input('orders_create').plan_code).toMatchObject({
      type: 'string',
      description: expect.stringMatching(/plans_list/),
    });
    expect(input('orders_create').type?.enum).toContain('kvm');
    expect(input('shield_profiles_apply').profile_code?.enum).toEqual([
      'off',
      'low',
      'default',
      'strict',
    ]);
    for (const name of ['service_ref', 'type', 'window_hours', 'period_ref', 'plan_code']) {
      const tool = tools.find((t) => name in (t.inputSchema.properties ?? {}));
      expect(tool, name).toBeDefined();
    }
    expect(input('shield_wait').timeout_seconds).toMatchObject({ minimum: 1, maximum: 50 });
  });
});

describe('arguments are checked by the server, which says what it expects', () => {
  it('refuses window_hours -5 and a bad service_ref as tool errors naming the field', async () => {
    await withServer([], async (mcp) => {
      const hours = errorFacts(
        await mcp.call('shield_traffic', { service_ref: 'REF-SVC-101', window_hours: -5 }),
      );
      expect(hours).toMatchObject({ error: 'invalid_arguments' });
      expect(String(hours.message)).toMatch(/window_hours: .*>=1/);
      const ref = errorFacts(await mcp.call('services_get', { service_ref: 'svc-101' }));
      expect(String(ref.message)).toBe(
        'Invalid arguments: service_ref: not valid; expected: Reference of an owned service (REF-SVC-…), from services_list.',
      );
      // Valid arguments still pass: the window is a number or digits.
      structured(
        await mcp.call('shield_traffic', { service_ref: 'REF-SVC-101', window_hours: 24 }),
      );
    });
  });
});

describe('--sandbox', () => {
  it('exposes the write tools on its own demo account; orders stay dry runs by default', async () => {
    await withServer(['--sandbox'], async (mcp) => {
      const listed = (await mcp.client.listTools()).tools.map((t) => t.name);
      expect(listed).toEqual(ALL_TOOL_NAMES);
      expect(mcp.client.getInstructions()).toMatch(/sandbox/);
      const before = structured(await mcp.call('balance_get')).amount;
      const quote = structured(
        await mcp.call('orders_create', { type: 'kvm', plan_code: 'kvm-s' }),
      );
      expect(quote.dry_run).toBe(true);
      expect(structured(await mcp.call('balance_get')).amount).toBe(before);
    });
  });
});
