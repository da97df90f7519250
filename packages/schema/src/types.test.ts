import { describe, expectTypeOf, it } from 'vitest';
import type {
  CreateOrderRequest,
  CreateOrderResponse,
  Invoice,
  ListInvoicesQuery,
  Service,
  ShieldRule,
} from './index';

describe('inferred types', () => {
  it('Invoice has required and optional fields as the spec says', () => {
    expectTypeOf<Invoice['invoice_ref']>().toEqualTypeOf<string>();
    expectTypeOf<Invoice['service_ref']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Invoice['customer_payable']>().toEqualTypeOf<boolean>();
  });

  it('request types are the input side: defaults are optional', () => {
    expectTypeOf<{ type: 'kvm'; plan_code: string }>().toExtend<CreateOrderRequest>();
    expectTypeOf<CreateOrderRequest['type']>().toEqualTypeOf<
      'kvm' | 'dedicated' | 'dedicated_server' | 'game' | 'storage_box' | 's3' | 'ip_subnet'
    >();
    expectTypeOf<Record<string, never>>().toExtend<ListInvoicesQuery>();
  });

  it('Service keeps additional properties, ShieldRule does not', () => {
    expectTypeOf<Service>().toHaveProperty('service_ref');
    expectTypeOf<Service[string]>().toBeUnknown();
    expectTypeOf<ShieldRule['kind']>().toEqualTypeOf<'preset' | 'custom' | 'profile'>();
  });

  it('CreateOrderResponse carries the remaining balance as Money', () => {
    expectTypeOf<CreateOrderResponse['balance']>().toEqualTypeOf<{
      amount: number;
      currency: 'EUR' | 'USD' | 'GBP';
    }>();
  });
});
