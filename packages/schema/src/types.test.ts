import { describe, expectTypeOf, it } from 'vitest';
import type {
  CreateOrderRequest,
  CreateOrderResponse,
  Invoice,
  ListInvoicesQuery,
  OpenEnum,
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

  it('types Service without an index signature, its additions as optional fields', () => {
    expectTypeOf<Service>().toHaveProperty('service_ref');
    expectTypeOf<string>().not.toExtend<keyof Service>();
    expectTypeOf<Service['power_state']>().toEqualTypeOf<
      OpenEnum<'running' | 'stopped'> | undefined
    >();
    expectTypeOf<ShieldRule['kind']>().toEqualTypeOf<'preset' | 'custom' | 'profile'>();
  });

  it('types the open value sets as known values plus any string', () => {
    expectTypeOf<Service['status']>().toEqualTypeOf<
      OpenEnum<'active' | 'suspended' | 'cancelled' | 'expired'>
    >();
    expectTypeOf<'active'>().toExtend<Service['status']>();
    expectTypeOf<'a-status-of-a-newer-server'>().toExtend<Service['status']>();
    expectTypeOf<ShieldRule['state']>().toEqualTypeOf<
      OpenEnum<'queued' | 'applying' | 'active' | 'failed' | 'rolling_back'>
    >();
    expectTypeOf<Invoice['status']>().toEqualTypeOf<OpenEnum<'paid' | 'unpaid' | 'cancelled'>>();
  });

  it('CreateOrderResponse carries the remaining balance as Money', () => {
    expectTypeOf<CreateOrderResponse['balance']>().toEqualTypeOf<{
      amount: number;
      currency: 'EUR' | 'USD' | 'GBP';
    }>();
  });
});
