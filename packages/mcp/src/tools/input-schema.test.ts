import { operationList, operations } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { inputPlan, splitArgs } from './input-schema';
import { OPERATION_TOOLS } from './operation-tools';

describe('inputPlan', () => {
  it('builds an unambiguous input for every operation of the contract', () => {
    for (const op of operationList) {
      const tool = OPERATION_TOOLS[op.operationId as keyof typeof OPERATION_TOOLS];
      expect(() => inputPlan(op, tool)).not.toThrow();
    }
  });

  it('validates with the contract: a bad reference or an unknown field is refused', () => {
    const plan = inputPlan(operations.getService, OPERATION_TOOLS.getService);
    expect(plan.schema.safeParse({ service_ref: 'REF-SVC-1A' }).success).toBe(true);
    expect(plan.schema.safeParse({ service_ref: '12' }).success).toBe(false);
    expect(plan.schema.safeParse({ service_ref: 'REF-SVC-1', extra: 1 }).success).toBe(false);
  });

  it('splits arguments back into path, query and body', () => {
    const plan = inputPlan(operations.createShieldRule, OPERATION_TOOLS.createShieldRule);
    const args = plan.schema.parse({
      service_ref: 'REF-SVC-1',
      name: 'dns',
      mode: 'enforce',
      action: 'drop',
      risk: 'high',
      protocol: 'udp',
      destination_port: 53,
      idempotency_key: 'k-1',
    });
    expect(splitArgs(plan, args)).toEqual({
      path: { service_ref: 'REF-SVC-1' },
      query: {},
      body: {
        name: 'dns',
        mode: 'enforce',
        action: 'drop',
        risk: 'high',
        protocol: 'udp',
        destination_port: 53,
      },
    });
  });

  it('gives lists max_items (1..500, default 50) instead of limit', () => {
    const plan = inputPlan(operations.listPlans, OPERATION_TOOLS.listPlans);
    expect(plan.schema.parse({}).max_items).toBe(50);
    expect(plan.schema.safeParse({ max_items: 501 }).success).toBe(false);
    expect(plan.schema.safeParse({ limit: 10 }).success).toBe(false);
  });
});
