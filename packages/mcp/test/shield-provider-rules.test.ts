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

  it('says a refusal the API replayed to the same call needs a new idempotency_key', async () => {
    const broad = { protocol: 'any', destination_port: undefined };
    const first = errorFacts(await create(broad));
    expect(first).toMatchObject({ error: 'broad_rule_needs_ack' });
    expect(first.replayed).toBeUndefined();
    // The same arguments derive the same key: the API answers what it stored for it.
    const again = errorFacts(await create(broad));
    expect(again).toMatchObject({
      error: 'broad_rule_needs_ack',
      replayed: true,
      next_step: expect.stringContaining('call again with a new idempotency_key'),
    });
    // With a new key the call is sent again (and refused again, on its merits).
    expect(
      errorFacts(await create({ ...broad, idempotency_key: 'fresh-key-1' })).replayed,
    ).toBeUndefined();
  });

  it('queues the broad rule with explicit_broad_ack; lists what the agent sent apart from the API', async () => {
    const broad = structured(
      await create({ protocol: 'any', destination_port: undefined, explicit_broad_ack: true }),
    ) as { rule: Record<string, unknown>; sent: Record<string, unknown> };
    // The API's answer has no intent; what the agent sent is beside it, under `sent`.
    expect(broad.rule).not.toHaveProperty('name');
    expect(broad.sent).toEqual({ name: 'dns', mode: 'enforce', action: 'drop', match: 'any' });
  });

  it('names the rules it created in a listing, from what it sent; others by the API alone', async () => {
    const { rule } = structured(
      await create({ name: 'dns-amp', source_cidr: '198.51.100.0/24' }),
    ) as { rule: { id: string } };
    // A rule created by another client: its intent never reaches the tools.
    const other = await fetch(`${ref.baseUrl}/services/${SVC}/shield/rules`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer refak_demo_eur_full',
        'content-type': 'application/json',
        'idempotency-key': 'other-client-1',
      },
      body: JSON.stringify({
        ...RULE,
        service_ref: undefined,
        name: 'theirs',
        destination_port: 123,
      }),
    });
    expect(other.status).toBe(202);
    const theirs = ((await other.json()) as { rule: { id: string } }).rule.id;
    const list = await mcp.call('shield_rules_list', { service_ref: SVC });
    const data = structured(list) as { rules: Record<string, unknown>[]; sent: unknown };
    for (const listed of data.rules) expect(listed).not.toHaveProperty('name');
    expect(data.sent).toEqual({
      [rule.id]: {
        name: 'dns-amp',
        mode: 'enforce',
        action: 'drop',
        match: 'udp dst 53 from 198.51.100.0/24',
      },
    });
    const text = list.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    expect(text).toContain('provider emergency rule (profile, active)');
    expect(text).toContain(
      `${rule.id} (custom, queued; you sent "dns-amp": enforce drop udp dst 53 from 198.51.100.0/24)`,
    );
    expect(text).toContain(`${theirs} (custom, queued)`);
    expect(text).not.toContain('theirs');
  });
});
