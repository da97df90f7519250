import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type OperationId, operationList } from './contract';
import { PARAMETER_DESCRIPTIONS, parameterDescription } from './parameter-descriptions';
import { routes } from './routes';

const inputNames = (op: (typeof operationList)[number]) =>
  [op.pathParams, op.query, op.body].flatMap((schema) =>
    schema && 'shape' in schema ? Object.keys((schema as z.ZodObject).shape) : [],
  );

describe('parameter descriptions', () => {
  it.each(operationList.map((op) => [op.operationId, op] as const))(
    '%s: every path, query and body field is described, and nothing else',
    (id, op) => {
      const names = inputNames(op).sort();
      expect(Object.keys(PARAMETER_DESCRIPTIONS[id as OperationId]).sort()).toEqual(names);
      for (const name of names)
        expect(parameterDescription(id as OperationId, name)).toMatch(/\w{3}/);
    },
  );

  it('names other operations only by operationId, rendered by the reader', () => {
    for (const table of Object.values(PARAMETER_DESCRIPTIONS)) {
      for (const text of Object.values(table) as string[]) {
        for (const [, id] of text.matchAll(/\{(\w+)\}/g)) expect(Object.keys(routes)).toContain(id);
      }
    }
    expect(parameterDescription('createOrder', 'plan_code')).toBe(
      'A plan code from GET /plans, like kvm-s.',
    );
    expect(parameterDescription('createOrder', 'plan_code', () => 'plans_list')).toBe(
      'A plan code from plans_list, like kvm-s.',
    );
  });

  it('is undefined for an input the operation does not take', () => {
    expect(parameterDescription('getAccount', 'service_ref')).toBeUndefined();
    expect(parameterDescription('listPlans', 'toString')).toBeUndefined();
  });
});
