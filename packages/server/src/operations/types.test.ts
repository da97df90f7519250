import { describe, expectTypeOf, it } from 'vitest';
import type { OperationCall, OperationImpls } from './types';

describe('operation types', () => {
  it('types each call from its contract entry', () => {
    expectTypeOf<OperationCall<'getService'>['params']>().toEqualTypeOf<{ service_ref: string }>();
    expectTypeOf<OperationCall<'getAccount'>['params']>().toEqualTypeOf<undefined>();
    expectTypeOf<OperationCall<'listInvoices'>['query']>().toEqualTypeOf<{
      limit: number;
      cursor?: string | undefined;
    }>();
    expectTypeOf<OperationCall<'powerService'>['body']>().toEqualTypeOf<{
      action: 'start' | 'stop' | 'reboot';
    }>();
    expectTypeOf<keyof OperationImpls>().toEqualTypeOf<OperationCall['operationId']>();
  });
});
