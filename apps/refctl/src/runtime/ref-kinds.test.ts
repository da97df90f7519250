import { ListInvoicesQuery } from '@refapi/schema/billing';
import { OrderRef, PlanRef, RuleId, ServiceRef } from '@refapi/schema/common';
import { CreateOrderRequest } from '@refapi/schema/orders';
import { describe, expect, it } from 'vitest';
import { asFlag, validateArg, validateInput } from './validate';

const message = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('no error');
};

describe('malformed references say what is expected, with an example', () => {
  it.each([
    [ServiceRef, 'svc-101', 'service reference', 'expected a service reference like REF-SVC-101'],
    [OrderRef, 'ORD-1', 'order reference', 'expected an order reference like REF-ORD-101'],
    [PlanRef, 'kvm-s', 'plan reference', 'expected a plan reference like REF-PLAN-1'],
    [
      RuleId,
      'rule-1',
      'rule id',
      'expected a rule id (a UUID) like 68bf1653-9ab6-579f-af52-732921c010d9',
    ],
  ])('%#: %s', (schema, value, name, expected) => {
    expect(message(() => validateArg(schema, value, name))).toBe(
      `invalid ${name} "${value}": ${expected}`,
    );
  });

  it('names the flag of every reference kind in an order', () => {
    const order = { type: 'kvm', plan_code: 'kvm-s' };
    const cases: [Record<string, unknown>, string][] = [
      [
        { period_ref: 'monthly' },
        'invalid --period-ref: expected a billing period reference like REF-PERIOD-11',
      ],
      [
        { os_image_ref: 'debian' },
        'invalid --os-image-ref: expected an OS image reference like REF-OS-11',
      ],
      [
        { region_ref: 'fsn1' },
        'invalid --region-ref: expected a region reference like REF-REGION-11',
      ],
      [
        { addons: [{ addon_ref: 'backup', units: 1 }] },
        'invalid --addons (0.addon_ref): expected an addon reference like REF-ADDON-11',
      ],
    ];
    for (const [extra, expected] of cases) {
      expect(message(() => validateInput(CreateOrderRequest, { ...order, ...extra }, asFlag))).toBe(
        expected,
      );
    }
  });

  it('says a cursor is the reference of a previous page', () => {
    expect(message(() => validateInput(ListInvoicesQuery, { cursor: 'page-2' }, asFlag))).toBe(
      'invalid --cursor: expected an invoice reference like REF-INV-28',
    );
  });

  it('keeps zod’s message for everything else', () => {
    expect(message(() => validateInput(CreateOrderRequest, { type: 'kvm' }, asFlag))).toMatch(
      /^invalid --plan-code: /,
    );
  });
});
