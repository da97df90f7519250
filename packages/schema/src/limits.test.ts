import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { examples } from '../test/examples';
import { LIMITS } from './limits';
import { CreateOrderRequest } from './orders';
import {
  IdempotencyKey,
  ListInvoicesQuery,
  ListServicesQuery,
  ShieldEvidenceQuery,
  ShieldExportQuery,
  ShieldTrafficQuery,
} from './params';
import { ShieldEvidence, ShieldRuleIntent, ShieldTelemetry } from './shield';

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;
const order = (patch: Record<string, unknown>) => ({ ...examples.CreateOrderRequest, ...patch });
const intent = (patch: Record<string, unknown>) => ({ ...examples.ShieldRuleIntent, ...patch });
const addons = (n: number) =>
  Array.from({ length: n }, () => ({ addon_ref: 'REF-ADDON-1', units: 1 }));

// Each limit of the spec's Limits table holds at its edge and fails one step past it.
describe('limits of the spec, at the edge and one step past', () => {
  it.each([
    ['plan_code length', { plan_code: 'p'.repeat(128) }, { plan_code: 'p'.repeat(129) }],
    ['plan_code not empty', { plan_code: 'p' }, { plan_code: '' }],
    ['os_name length', { os_name: 'o'.repeat(160) }, { os_name: 'o'.repeat(161) }],
    [
      'quote_version length',
      { quote_version: 'q'.repeat(200) },
      { quote_version: 'q'.repeat(201) },
    ],
    ['addons count', { addons: addons(64) }, { addons: addons(65) }],
    [
      'addon units',
      { addons: [{ addon_ref: 'REF-ADDON-1', units: 1 }] },
      { addons: [{ addon_ref: 'REF-ADDON-1', units: 0 }] },
    ],
    ['order type', { type: 'ip_subnet' }, { type: 'vps' }],
  ])('CreateOrderRequest: %s', (_, ok, bad) => {
    expect(accepts(CreateOrderRequest, order(ok))).toBe(true);
    expect(accepts(CreateOrderRequest, order(bad))).toBe(false);
  });

  it('CreateOrderRequest rejects unknown properties and fills defaults', () => {
    expect(accepts(CreateOrderRequest, order({ price: 0 }))).toBe(false);
    expect(CreateOrderRequest.parse(order({}))).toMatchObject({ windows: false, ipv6_only: false });
  });

  it.each([
    ['name length', { name: 'n'.repeat(200) }, { name: 'n'.repeat(201) }],
    ['name not empty', { name: 'n' }, { name: '' }],
    ['destination_port low', { destination_port: 1 }, { destination_port: 0 }],
    ['destination_port high', { destination_port: 65535 }, { destination_port: 65536 }],
    ['rate_pps low', { rate_pps: 100 }, { rate_pps: 99 }],
    ['rate_pps high', { rate_pps: 1_000_000_000 }, { rate_pps: 1_000_000_001 }],
    ['rate_bps low', { rate_bps: 1_000_000 }, { rate_bps: 999_999 }],
    ['rate_bps high', { rate_bps: 800_000_000_000 }, { rate_bps: 800_000_000_001 }],
    ['burst_packets low', { burst_packets: 64 }, { burst_packets: 63 }],
    ['burst_packets high', { burst_packets: 10_000_000 }, { burst_packets: 10_000_001 }],
    ['duration_hours high', { duration_hours: 8784 }, { duration_hours: 8785 }],
    ['tcp_flags_mask high', { tcp_flags_mask: 255 }, { tcp_flags_mask: 256 }],
    ['tcp_flags_value low', { tcp_flags_value: 0 }, { tcp_flags_value: -1 }],
    ['protocol', { protocol: 'icmpv6' }, { protocol: 'sctp' }],
    ['integers only', { destination_port: 443 }, { destination_port: 443.5 }],
  ])('ShieldRuleIntent: %s', (_, ok, bad) => {
    expect(accepts(ShieldRuleIntent, intent(ok))).toBe(true);
    expect(accepts(ShieldRuleIntent, intent(bad))).toBe(false);
  });

  it('ShieldRuleIntent refuses a caller-supplied protected address', () => {
    expect(accepts(ShieldRuleIntent, intent({ protected_ip: '203.0.113.10' }))).toBe(false);
  });

  it.each([
    ['limit', ListInvoicesQuery, { limit: '100' }, { limit: '101' }],
    ['limit low', ListInvoicesQuery, { limit: '1' }, { limit: '0' }],
    ['limit integer', ListInvoicesQuery, { limit: '10' }, { limit: '1.5' }],
    ['cursor pattern', ListInvoicesQuery, { cursor: 'REF-INV-9' }, { cursor: 'REF-ORD-9' }],
    ['service filter', ListServicesQuery, { type: 'storage_box' }, { type: 'Storage Box' }],
    [
      'service filter length',
      ListServicesQuery,
      { status: 'a'.repeat(32) },
      { status: 'a'.repeat(33) },
    ],
    ['window_hours low', ShieldTrafficQuery, { window_hours: '1' }, { window_hours: '0' }],
    ['window_hours high', ShieldTrafficQuery, { window_hours: '720' }, { window_hours: '721' }],
    ['group_by', ShieldTrafficQuery, { group_by: 'tcp_flags' }, { group_by: 'country' }],
    ['evidence limit', ShieldEvidenceQuery, { limit: '50' }, { limit: '51' }],
    [
      'evidence cursor',
      ShieldEvidenceQuery,
      { cursor: 'c'.repeat(2048) },
      { cursor: 'c'.repeat(2049) },
    ],
    ['evidence action', ShieldEvidenceQuery, { action: 'rate_limit' }, { action: 'pass' }],
  ] as const)('query %s', (_, schema, ok, bad) => {
    expect(accepts(schema, ok)).toBe(true);
    expect(accepts(schema, bad)).toBe(false);
  });

  it('fills query defaults from the spec', () => {
    expect(ListInvoicesQuery.parse({})).toEqual({ limit: 50 });
    expect(ShieldTrafficQuery.parse({})).toEqual({ window_hours: 1, group_by: 'source_ip' });
    expect(ShieldEvidenceQuery.parse({})).toEqual({ limit: 50 });
  });

  it('requires dataset and format on export', () => {
    expect(accepts(ShieldExportQuery, { dataset: 'traffic' })).toBe(false);
    expect(accepts(ShieldExportQuery, { dataset: 'protection_activity', format: 'csv' })).toBe(
      true,
    );
  });

  it('Idempotency-Key: 1..128 characters of [A-Za-z0-9_.:-]', () => {
    expect(accepts(IdempotencyKey, 'k'.repeat(LIMITS.idempotencyKeyLengthMax))).toBe(true);
    expect(accepts(IdempotencyKey, 'k'.repeat(129))).toBe(false);
    expect(accepts(IdempotencyKey, '')).toBe(false);
    expect(accepts(IdempotencyKey, 'order 1')).toBe(false);
    expect(accepts(IdempotencyKey, 'order:1_a.b-C')).toBe(true);
  });

  it('bounds telemetry items and evidence pages', () => {
    const item = { key: '198.51.100.7', packets: 1, bytes: 64 };
    const telemetry = (n: number) => ({
      start: '2026-01-01T00:00:00Z',
      end: '2026-01-01T01:00:00Z',
      items: Array.from({ length: n }, () => item),
      totals: { packets: n, bytes: 64 * n },
      sampled: false,
      cache_seconds: 30,
      telemetry: 'traffic',
    });
    expect(accepts(ShieldTelemetry, telemetry(100))).toBe(true);
    expect(accepts(ShieldTelemetry, telemetry(101))).toBe(false);
    const sample = examples.ShieldEvidence.items[0];
    const evidence = (n: number) => ({
      ...examples.ShieldEvidence,
      items: Array.from({ length: n }, () => sample),
    });
    expect(accepts(ShieldEvidence, evidence(50))).toBe(true);
    expect(accepts(ShieldEvidence, evidence(51))).toBe(false);
    expect(
      accepts(ShieldEvidence, { ...examples.ShieldEvidence, next_cursor: 'c'.repeat(2049) }),
    ).toBe(false);
  });
});

describe('integer query values', () => {
  it('take plain decimal digits and numbers', () => {
    expect(ListInvoicesQuery.parse({ limit: '10' }).limit).toBe(10);
    expect(ListInvoicesQuery.parse({ limit: '010' }).limit).toBe(10);
    expect(ListInvoicesQuery.parse({ limit: 7 }).limit).toBe(7);
    expect(ListInvoicesQuery.parse({}).limit).toBe(LIMITS.pageSizeDefault);
  });

  it.each(['0x10', '1e1', '+5', ' 5', '5 ', '1.0', '', '-0', 'Infinity', '9'.repeat(30)])(
    'refuse %j, naming the parameter',
    (limit) => {
      const result = ListInvoicesQuery.safeParse({ limit });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['limit']);
    },
  );

  it('refuse them in every integer parameter', () => {
    expect(accepts(ShieldTrafficQuery, { window_hours: '0x2' })).toBe(false);
    expect(accepts(ShieldEvidenceQuery, { limit: '1e1' })).toBe(false);
  });
});
