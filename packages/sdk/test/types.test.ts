import type {
  Account,
  CreateOrderRequest,
  Invoice,
  Service,
  ShieldEvidenceItem,
  ShieldRule,
  ShieldRuleIntent,
  ShieldTelemetry,
} from '@refapi/schema';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type ApiPromise,
  type CreateOrderResult,
  isNotFoundError,
  type NotFoundError,
  type Page,
  type PagePromise,
  RefClient,
  type RequestOptions,
  type ResultMeta,
} from '../src/index';

// Compile-time checks: tsc (the typecheck script) runs over test/. The calls sit in
// functions that never run, so no request is ever made.
const client = new RefClient({ apiKey: 'refak_types', baseUrl: 'http://127.0.0.1:9/v1' });
const shield = client.shield('REF-SVC-1');
const compileOnly = (check: () => void) => expectTypeOf(check).toBeFunction();

describe('method signatures', () => {
  it('returns contract types with metadata', () =>
    compileOnly(() => {
      expectTypeOf(client.account.get()).toEqualTypeOf<ApiPromise<Account & ResultMeta>>();
      expectTypeOf(client.services.get).parameter(0).toEqualTypeOf<string>();
      expectTypeOf(client.services.get('x'))
        .resolves.toHaveProperty('service')
        .toEqualTypeOf<Service>();
      expectTypeOf(client.orders.create).parameter(0).toEqualTypeOf<CreateOrderRequest>();
      expectTypeOf(
        client.orders.create({ type: 'kvm', plan_code: 'p' }),
      ).resolves.toEqualTypeOf<CreateOrderResult>();
      expectTypeOf<CreateOrderResult['idempotentReplayed']>().toEqualTypeOf<boolean>();
    }));

  it('types lists as pages of contract items', () =>
    compileOnly(() => {
      expectTypeOf(client.invoices.list()).toEqualTypeOf<PagePromise<Invoice>>();
      expectTypeOf(client.invoices.list()).resolves.toEqualTypeOf<Page<Invoice>>();
      expectTypeOf(shield.evidence('id')).toEqualTypeOf<PagePromise<ShieldEvidenceItem>>();
      expectTypeOf<NonNullable<Parameters<typeof client.services.list>[0]>>().toHaveProperty(
        'status',
      );
    }));

  it('accepts only contract values', () =>
    compileOnly(() => {
      client.services.power('REF-SVC-1', 'reboot');
      // @ts-expect-error not a power action
      client.services.power('REF-SVC-1', 'explode');
      client.balance.get({ displayCurrency: 'USD' });
      // @ts-expect-error not a currency of the API
      client.balance.get({ displayCurrency: 'JPY' });
      // @ts-expect-error not a profile code
      shield.profiles.apply('extreme');
      // @ts-expect-error a rule intent needs name, mode, action, risk and protocol
      shield.rules.create({ name: 'x' });
      expectTypeOf(shield.rules.create).parameter(0).toEqualTypeOf<ShieldRuleIntent>();
    }));

  it('types Shield results, CSV exports and empty 202s', () =>
    compileOnly(() => {
      expectTypeOf(
        shield.export({ dataset: 'traffic', format: 'csv' }),
      ).resolves.toEqualTypeOf<string>();
      expectTypeOf(shield.export({ dataset: 'traffic', format: 'json' })).resolves.toEqualTypeOf<
        ShieldTelemetry & ResultMeta
      >();
      expectTypeOf(shield.rules.delete('id')).resolves.toEqualTypeOf<undefined>();
      expectTypeOf(shield.rules.waitFor('id', { state: 'active' })).resolves.toEqualTypeOf<
        ShieldRule | undefined
      >();
      // @ts-expect-error not a state one can wait for
      shield.rules.waitFor('id', { state: 'failed' });
    }));

  it('takes per-request options on every method', () =>
    compileOnly(() => {
      const options: RequestOptions = {
        signal: AbortSignal.timeout(1000),
        timeout: 500,
        idempotencyKey: 'k-1',
        headers: { 'x-a': 'b' },
      };
      client.account.get(options);
      client.invoices.list({}, { ...options, maxItems: 10 });
      shield.rules.delete('id', options);
      expectTypeOf(client.account.get).parameter(0).toEqualTypeOf<RequestOptions | undefined>();
    }));

  it('narrows errors with guards', () =>
    compileOnly(() => {
      const error: unknown = undefined;
      if (isNotFoundError(error)) expectTypeOf(error).toEqualTypeOf<NotFoundError>();
    }));
});
