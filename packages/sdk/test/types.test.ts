import {
  type Account,
  type ApiPromise,
  type ApiResponse,
  type ApiResult,
  type AutoRenewResponse,
  type Balance,
  type ConflictError,
  type CreateOrderRequest,
  type CreateOrderResult,
  type IdempotencyKeyReusedError,
  type InternalServerError,
  type Invoice,
  type InvoiceStatus,
  isNotFoundError,
  isRateLimitError,
  isUserAbortError,
  type NotFoundError,
  type OpenEnum,
  type OrderStatus,
  type Page,
  type PagePromise,
  type PowerResponse,
  type PowerState,
  type QueryOf,
  type RateLimitError,
  RefApiError,
  RefClient,
  type RequestOptions,
  type Service,
  type ServiceEnvelope,
  type ServiceStats,
  type ServiceStatus,
  type ShieldCapabilities,
  type ShieldEvidenceItem,
  type ShieldOverview,
  type ShieldProfileMutation,
  type ShieldProfileState,
  type ShieldRule,
  type ShieldRuleIntent,
  type ShieldRuleMutation,
  type ShieldRulePage,
  type ShieldRuleState,
  type ShieldTelemetry,
  type Transaction,
  type Unlisted,
  type UserAbortError,
} from '@refapi/sdk';
import { describe, expectTypeOf, it } from 'vitest';

// The SDK's types as an application sees them. tsc checks this file (`pnpm typecheck`), and
// `pnpm test:pack` checks it again from the packed tarballs under TypeScript 5.9, 6 and 7, so
// it imports only '@refapi/sdk' and vitest. The calls sit in functions that never run: no
// request is ever made. A `@ts-expect-error` line fails the check if it ever compiles.

const client = new RefClient({ apiKey: 'refak_types', baseUrl: 'http://127.0.0.1:9/v1' });
const shield = client.shield('REF-SVC-1');
const compileOnly = (check: (...args: never[]) => unknown) => expectTypeOf(check).toBeFunction();

describe('results have names', () => {
  it('every method resolves to a named contract type with its metadata', () =>
    compileOnly(() => {
      expectTypeOf(client.account.get()).toEqualTypeOf<ApiPromise<ApiResult<Account>>>();
      expectTypeOf(client.balance.get()).toEqualTypeOf<ApiPromise<ApiResult<Balance>>>();
      expectTypeOf(client.services.get('x')).toEqualTypeOf<
        ApiPromise<ApiResult<ServiceEnvelope>>
      >();
      expectTypeOf(client.services.stats()).toEqualTypeOf<ApiPromise<ApiResult<ServiceStats>>>();
      expectTypeOf(client.services.setAutoRenew('x', true)).toEqualTypeOf<
        ApiPromise<ApiResult<AutoRenewResponse>>
      >();
      expectTypeOf(client.services.power('x', 'start')).toEqualTypeOf<
        ApiPromise<ApiResult<PowerResponse>>
      >();
      expectTypeOf(shield.overview()).toEqualTypeOf<ApiPromise<ApiResult<ShieldOverview>>>();
      expectTypeOf(shield.capabilities()).toEqualTypeOf<
        ApiPromise<ApiResult<ShieldCapabilities>>
      >();
      expectTypeOf(shield.traffic()).toEqualTypeOf<ApiPromise<ApiResult<ShieldTelemetry>>>();
      expectTypeOf(shield.rules.list()).toEqualTypeOf<ApiPromise<ApiResult<ShieldRulePage>>>();
      expectTypeOf(shield.presets.apply('allow-web-only')).toEqualTypeOf<
        ApiPromise<ApiResult<ShieldRuleMutation>>
      >();
      expectTypeOf(shield.profiles.apply('strict')).toEqualTypeOf<
        ApiPromise<ApiResult<ShieldProfileMutation>>
      >();
      expectTypeOf(client.orders.create).parameter(0).toEqualTypeOf<CreateOrderRequest>();
      expectTypeOf(client.orders.create({ type: 'kvm', plan_code: 'p' })).toEqualTypeOf<
        ApiPromise<CreateOrderResult>
      >();
    }));

  it('services.get() answers an envelope: the service is its `service`', () =>
    compileOnly(async () => {
      const one = await client.services.get('REF-SVC-1');
      expectTypeOf(one.service).toEqualTypeOf<Service>();
      // @ts-expect-error the envelope is not the service
      one.service_ref;
    }));

  it('lists are pages of contract items', () =>
    compileOnly(() => {
      expectTypeOf(client.invoices.list()).toEqualTypeOf<PagePromise<Invoice>>();
      expectTypeOf(client.invoices.list()).resolves.toEqualTypeOf<Page<Invoice>>();
      expectTypeOf(client.transactions.list()).toEqualTypeOf<PagePromise<Transaction>>();
      expectTypeOf(client.services.list()).toEqualTypeOf<PagePromise<Service>>();
      expectTypeOf(shield.evidence('id')).toEqualTypeOf<PagePromise<ShieldEvidenceItem>>();
    }));
});

describe('open value sets complete, narrow, and accept a newer value', () => {
  it('names the values the reference server uses, with a string fallback', () => {
    expectTypeOf<ServiceStatus>().toEqualTypeOf<
      OpenEnum<'active' | 'suspended' | 'cancelled' | 'expired'>
    >();
    expectTypeOf<Service['status']>().toEqualTypeOf<ServiceStatus>();
    expectTypeOf<OrderStatus>().toEqualTypeOf<OpenEnum<'completed'>>();
    expectTypeOf<InvoiceStatus>().toEqualTypeOf<OpenEnum<'paid' | 'unpaid' | 'cancelled'>>();
    expectTypeOf<ShieldRuleState>().toEqualTypeOf<
      OpenEnum<'queued' | 'applying' | 'active' | 'failed' | 'rolling_back'>
    >();
    expectTypeOf<Service['type']>().toEqualTypeOf<
      OpenEnum<
        'kvm' | 'dedicated' | 'dedicated_server' | 'game' | 'storage_box' | 's3' | 'ip_subnet'
      >
    >();
    expectTypeOf<PowerState>().toEqualTypeOf<OpenEnum<'running' | 'stopped'>>();
    // A value of a newer server still type-checks where results are read or stored.
    const newer: ServiceStatus = 'hibernating';
    expectTypeOf(newer).toExtend<string>();
  });

  it('keeps the literals apart from the fallback, so the editor offers them', () => {
    expectTypeOf<'suspended'>().toExtend<ServiceStatus>();
    expectTypeOf<Extract<ServiceStatus, 'suspended' | 'bogus'>>().toEqualTypeOf<'suspended'>();
  });

  it('refuses a misspelled filter, as the README says', () =>
    compileOnly(() => {
      client.services.list({ status: 'suspended', type: 'kvm' });
      // @ts-expect-error not a service status
      client.services.list({ status: 'bogus-status' });
      // @ts-expect-error not a service type
      client.services.list({ type: 'vps' });
    }));
});

describe('response types list their fields and nothing else', () => {
  it('has no index signature: a misspelled property does not compile', () =>
    compileOnly((s: Service, rule: ShieldRule) => {
      expectTypeOf(s).not.toHaveProperty('statsu');
      // @ts-expect-error misspelled
      s.statsu;
      // @ts-expect-error misspelled
      rule.sate;
    }));

  it('types the additions the reference server sends as optional fields', () => {
    expectTypeOf<Service['power_state']>().toEqualTypeOf<PowerState | undefined>();
    expectTypeOf<Service['location']>().toEqualTypeOf<string | undefined>();
  });

  it('reaches an unlisted property through the one escape hatch, Unlisted', () =>
    compileOnly((s: Service) => {
      expectTypeOf((s as Unlisted<Service>).added_by_a_newer_server).toBeUnknown();
      expectTypeOf((s as Unlisted<Service>).status).toEqualTypeOf<ServiceStatus>();
    }));
});

describe('metadata', () => {
  it('is typed on the result and dropped from a spread, as at run time', () =>
    compileOnly(async () => {
      const account = await client.account.get();
      expectTypeOf(account.requestId).toEqualTypeOf<string | undefined>();
      const copy = { ...account };
      expectTypeOf(copy.email).toEqualTypeOf<string>();
      // @ts-expect-error non-enumerable: a spread drops it
      copy.requestId;
      // @ts-expect-error non-enumerable: a spread drops it
      copy.rateLimit;
      const { data, requestId } = await client.account.get().withResponse();
      expectTypeOf(requestId).toEqualTypeOf<string | undefined>();
      expectTypeOf(data).toEqualTypeOf<ApiResult<Account>>();
    }));

  it('has one replay flag: the response field, which a spread keeps', () =>
    compileOnly(async () => {
      const order = await client.orders.create({ type: 'kvm', plan_code: 'kvm-s' });
      expectTypeOf({ ...order }.idempotent_replayed).toEqualTypeOf<boolean>();
    }));

  it('withResponse() has the raw response', () =>
    compileOnly(() => {
      expectTypeOf(client.balance.get().withResponse()).resolves.toEqualTypeOf<
        ApiResponse<ApiResult<Balance>>
      >();
    }));
});

describe('Shield', () => {
  it('waitFor resolves to what it waited for', () =>
    compileOnly(() => {
      expectTypeOf(
        shield.rules.waitFor('id', { state: 'active' }),
      ).resolves.toEqualTypeOf<ShieldRule>();
      expectTypeOf(
        shield.rules.waitFor('id', { state: 'deleted' }),
      ).resolves.toEqualTypeOf<undefined>();
      expectTypeOf(
        shield.profiles.waitFor('strict', { state: 'active' }),
      ).resolves.toEqualTypeOf<ShieldProfileState>();
      // @ts-expect-error not a state one can wait for
      shield.rules.waitFor('id', { state: 'failed' });
    }));

  it('rules.list() is the whole list, not a page', () =>
    compileOnly(async () => {
      const { rules } = await shield.rules.list();
      expectTypeOf(rules).toEqualTypeOf<ShieldRule[]>();
    }));

  it('types CSV exports and empty 202s', () =>
    compileOnly(() => {
      expectTypeOf(
        shield.export({ dataset: 'traffic', format: 'csv' }),
      ).resolves.toEqualTypeOf<string>();
      expectTypeOf(shield.export({ dataset: 'traffic', format: 'json' })).resolves.toEqualTypeOf<
        ApiResult<ShieldTelemetry>
      >();
      expectTypeOf(shield.rules.delete('id')).resolves.toEqualTypeOf<undefined>();
    }));
});

describe('inputs', () => {
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

  it('types integer query parameters as numbers, not the strings a URL carries', () =>
    compileOnly(() => {
      client.invoices.list({ limit: 100 });
      // @ts-expect-error a page size is a number
      client.invoices.list({ limit: '100' });
      // @ts-expect-error a page size is a number
      client.services.list({ limit: 'abc' });
      // @ts-expect-error a window is a number of hours
      shield.traffic({ window_hours: '2' });
      // @ts-expect-error a page size is a number
      shield.evidence('id', { limit: '10' });
      expectTypeOf<QueryOf<'listInvoices'>['limit']>().toEqualTypeOf<number | undefined>();
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

  it('names the unit of every duration', () => {
    new RefClient({ apiKey: 'refak_types', maxRetryAfterMs: 5_000 });
  });
});

describe('errors a catch can use', () => {
  it('narrows the status to each class', () => {
    expectTypeOf<NotFoundError['status']>().toEqualTypeOf<404>();
    expectTypeOf<RateLimitError['status']>().toEqualTypeOf<429>();
    expectTypeOf<ConflictError['status']>().toEqualTypeOf<409>();
    expectTypeOf<IdempotencyKeyReusedError['status']>().toEqualTypeOf<409>();
    expectTypeOf<InternalServerError['status']>().toEqualTypeOf<number>();
  });

  it('has the code and its field apart, and durations with their unit', () =>
    compileOnly((error: unknown) => {
      if (error instanceof RefApiError) {
        expectTypeOf(error.param).toEqualTypeOf<string | undefined>();
        expectTypeOf<'invalid_body'>().toExtend<NonNullable<typeof error.code>>();
        expectTypeOf<Extract<typeof error.code, 'invalid_body'>>().toEqualTypeOf<'invalid_body'>();
      }
      if (isRateLimitError(error)) {
        expectTypeOf(error.retryAfterSeconds).toEqualTypeOf<number | undefined>();
      }
    }));

  it('narrows with guards, user aborts included', () =>
    compileOnly((error: unknown) => {
      if (isNotFoundError(error)) expectTypeOf(error).toEqualTypeOf<NotFoundError>();
      if (isUserAbortError(error)) expectTypeOf(error).toEqualTypeOf<UserAbortError>();
    }));
});
