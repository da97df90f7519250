import { buildPath, type OperationDef, operationList } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { TRANSPORTS, useApi } from './api-harness';
import { apiScenario, KEY, SVC } from './api-scenario';

// A request each operation accepts apart from what the matrix varies.
const BODIES: Record<string, unknown> = {
  createOrder: { type: 'kvm', plan_code: 'kvm-s' },
  setServiceAutoRenew: { enabled: true },
  powerService: { action: 'start' },
  createShieldRule: { name: 'r', mode: 'observe', action: 'drop', risk: 'low', protocol: 'udp' },
};
const QUERIES: Record<string, string> = { exportShieldTelemetry: '?dataset=traffic&format=json' };

function target(op: OperationDef, serviceRef: string): string {
  const path = buildPath(op, {
    service_ref: serviceRef,
    rule_id: '00000000-0000-4000-8000-000000000001',
    preset_code: 'block-udp-amplification',
    profile_code: 'low',
  });
  return `${path}${QUERIES[op.operationId] ?? ''}`;
}

describe.each(TRANSPORTS)('scope and ownership matrix over %s', (transport) => {
  const api = useApi(transport, { scenario: apiScenario() });
  const send = (op: OperationDef, key: string | undefined, serviceRef: string = SVC.kvm) =>
    api.call(op.method, target(op, serviceRef), {
      ...(key === undefined ? {} : { key }),
      ...(op.operationId in BODIES ? { body: BODIES[op.operationId] } : {}),
      ...(op.idempotencyKey ? { idempotencyKey: crypto.randomUUID() } : {}),
    });

  it.each(operationList.map((op) => [op.operationId, op] as const))(
    '%s: no key → 401',
    async (_, op) => {
      const res = await send(op, undefined);
      expect([res.status, res.body]).toEqual([401, { error: 'missing_api_key' }]);
    },
  );

  it.each(operationList.map((op) => [op.operationId, op] as const))(
    '%s: wrong scope → 403',
    async (_, op) => {
      const key = op.scope === 'catalog:read' ? KEY.accountOnly : KEY.catalogOnly;
      const res = await send(op, key);
      expect([res.status, res.body]).toEqual([403, { error: 'insufficient_scope' }]);
    },
  );

  const scoped = operationList.filter((op) => op.pathParams !== undefined);
  it.each(scoped.map((op) => [op.operationId, op] as const))(
    '%s: foreign service → 404',
    async (_, op) => {
      const res = await send(op, KEY.full, SVC.foreign);
      expect([res.status, res.body]).toEqual([404, { error: 'not_found' }]);
    },
  );
});
