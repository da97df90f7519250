// Through the MCP server as a host drives it (stdio): shield_rules_create carries the
// section 8 rules of the reference-server spec in its schema, refuses each rule a real DDoS
// provider would refuse as a tool error naming what to change, and shield_rules_list names
// rules as every client does.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Connected, connectInProcess, errorFacts, structured } from './helpers/mcp-client';
import { type Reference, startReference } from './helpers/reference';

const SVC = 'REF-SVC-101';
const RULE = {
  service_ref: SVC,
  name: 'dns',
  mode: 'enforce',
  action: 'drop',
  risk: 'low',
  protocol: 'udp',
  destination_port: 53,
};

let ref: Reference;
let mcp: Connected;
beforeAll(async () => {
  ref = await startReference();
  mcp = await connectInProcess(['--tools', 'shield_rules_create,shield_rules_list'], {
    REF_API_KEY: 'refak_demo_eur_full',
    REF_BASE_URL: ref.baseUrl,
  });
});
afterAll(async () => {
  await mcp.close();
  await ref.close();
});
beforeEach(() => ref.admin.reset());

const create = (patch: Record<string, unknown>) =>
  mcp.call('shield_rules_create', { ...RULE, ...patch });

describe('shield_rules_create', () => {
  it("describes the provider's rules in its input schema", async () => {
    const { tools } = await mcp.client.listTools();
    const props = tools.find((t) => t.name === 'shield_rules_create')?.inputSchema.properties as
      | Record<string, { description?: string }>
      | undefined;
    expect(props?.explicit_broad_ack?.description).toMatch(/broad_rule_needs_ack/);
    expect(props?.action?.description).toMatch(/rate_limit_needs_rate/);
    expect(props?.rate_pps?.description).toMatch(/rate_only_for_rate_limit/);
    expect(props?.tcp_flags_mask?.description).toMatch(/tcp_flags_need_tcp/);
  });

  it.each(['10.0.0.0/33', 'not-a-cidr', '2001:db8::/129', '198.51.100.1/24'])(
    'refuses source_cidr %j naming the field',
    async (source_cidr) => {
      const facts = errorFacts(await create({ source_cidr }));
      expect(String(facts.message)).toMatch(/source_cidr: .*IPv4 or IPv6 prefix/);
    },
  );

  it.each([
    ['rate_limit_needs_rate', { action: 'rate_limit' }],
    ['rate_only_for_rate_limit', { rate_pps: 1000 }],
    ['tcp_flags_need_tcp', { tcp_flags_mask: 2 }],
    ['broad_rule_needs_ack', { protocol: 'any', destination_port: undefined }],
  ])('refuses %s as a tool error with a next step', async (code, patch) => {
    const facts = errorFacts(await create(patch));
    expect(facts).toMatchObject({ error: code });
    expect(String(facts.message)).toMatch(/provider would refuse this Shield rule/);
    expect(String(facts.next_step ?? '')).not.toBe('');
  });

  it('queues the broad rule with explicit_broad_ack, and lists rules by their one label', async () => {
    structured(
      await create({ protocol: 'any', destination_port: undefined, explicit_broad_ack: true }),
    );
    structured(await create({ name: 'dns-amp', source_cidr: '198.51.100.0/24' }));
    const list = await mcp.call('shield_rules_list', { service_ref: SVC });
    const text = list.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    expect(text).toContain('provider emergency rule (enforce rate_limit any');
    expect(text).toContain('dns (enforce drop any');
    expect(text).toContain('dns-amp (enforce drop udp dst 53 from 198.51.100.0/24');
  });
});
