import { operationList, operations } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { inputJsonSchema, inputPlan, parseArguments, splitArgs } from './input-schema';
import { OPERATION_TOOLS } from './operation-tools';
import { ALL_TOOL_NAMES, operationNamer } from './select';
import type { ToolRefusal } from './tool-refusal';

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

describe('inputJsonSchema: what tools/list shows', () => {
  const byToolName = operationNamer(ALL_TOOL_NAMES);
  const schemaOf = (id: keyof typeof OPERATION_TOOLS) =>
    inputJsonSchema(operations[id], inputPlan(operations[id], OPERATION_TOOLS[id]), byToolName) as {
      properties: Record<string, Record<string, unknown>>;
      required?: string[];
    };

  it.each(operationList.map((op) => [op.operationId] as const))(
    '%s: every argument is described, and no pattern is left',
    (id) => {
      const schema = schemaOf(id as keyof typeof OPERATION_TOOLS);
      for (const [name, property] of Object.entries(schema.properties))
        expect(property.description, name).toMatch(/\w{3}/);
      expect(JSON.stringify(schema)).not.toMatch(/"pattern"|\$ref|9007199254740991/);
    },
  );

  it('shows what the API enforces: window_hours 1..720, plan_code from plans_list', () => {
    expect(schemaOf('getShieldTraffic').properties.window_hours).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 720,
      default: 1,
    });
    const order = schemaOf('createOrder');
    expect(order.properties.plan_code).toEqual({
      type: 'string',
      minLength: 1,
      maxLength: 128,
      description: 'A plan code from plans_list, like kvm-s.',
    });
    expect(order.properties.type?.enum).toContain('kvm');
    expect(order.properties.period_ref?.description).toMatch(/plans_list/);
    expect(order.required).toEqual(['type', 'plan_code']);
  });

  it('names an operation whose tool is not exposed by its method and path', () => {
    const plan = inputPlan(operations.createOrder, OPERATION_TOOLS.createOrder);
    const schema = inputJsonSchema(
      operations.createOrder,
      plan,
      operationNamer(['orders_create']),
    ) as {
      properties: Record<string, { description: string }>;
    };
    expect(schema.properties.plan_code?.description).toBe(
      'A plan code from GET /plans, like kvm-s.',
    );
  });
});

describe('parseArguments', () => {
  const plan = inputPlan(operations.getShieldTraffic, OPERATION_TOOLS.getShieldTraffic);
  const expected = (name: string) => (name === 'service_ref' ? 'a service reference' : undefined);
  const refusal = (args: unknown) => {
    try {
      parseArguments(plan.schema, args, expected);
    } catch (error) {
      return error as ToolRefusal;
    }
    throw new Error('expected a refusal');
  };

  it('applies the contract and its defaults', () => {
    expect(
      parseArguments(plan.schema, { service_ref: 'REF-SVC-1', window_hours: '24' }, expected),
    ).toEqual({
      service_ref: 'REF-SVC-1',
      window_hours: 24,
      group_by: 'source_ip',
    });
  });

  it('names one bound of an argument past two, the tighter', () => {
    const list = inputPlan(operations.listInvoices, OPERATION_TOOLS.listInvoices);
    const refused = (args: unknown) => {
      try {
        parseArguments(list.schema, args, () => undefined);
      } catch (error) {
        return (error as ToolRefusal).message;
      }
      throw new Error('expected a refusal');
    };
    expect(refused({ max_items: 2 ** 60 })).toBe(
      'Invalid arguments: max_items: Too big: expected number to be <=500.',
    );
    expect(refused({ max_items: -(2 ** 60) })).toMatch(
      /^Invalid arguments: max_items: Too small: [^;]*\.$/,
    );
  });

  it('refuses -5 hours as the schema says, and a bad reference by what is expected', () => {
    const below = refusal({ service_ref: 'REF-SVC-1', window_hours: -5 });
    expect(below.code).toBe('invalid_arguments');
    expect(below.message).toMatch(/^Invalid arguments: window_hours: .*>=1/);
    const ref = refusal({ service_ref: 'svc-1' });
    expect(ref.message).toBe(
      'Invalid arguments: service_ref: not valid; expected: a service reference.',
    );
    expect(refusal({ service_ref: 'REF-SVC-1', hours: 2 }).message).toMatch(
      /unknown argument hours \(this tool takes service_ref, window_hours, group_by\)/,
    );
  });
});
