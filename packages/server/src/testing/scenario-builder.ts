import type { Scope } from '@refapi/schema';
import type { ScenarioInput } from '../scenario/schema';
import { parseScenario } from '../scenario/validate';

type AccountInput = NonNullable<ScenarioInput['accounts']>[number];
type PlanInput = NonNullable<ScenarioInput['plans']>[number];
type ServiceInput = NonNullable<AccountInput['services']>[number];
type ShieldInput = NonNullable<AccountInput['shield']>;
type InvoiceInput = NonNullable<AccountInput['invoices']>[number];
type Currency = AccountInput['account_currency'];

/** Options of {@link ScenarioBuilder.account}; every field has a sensible default. */
export interface AccountOptions {
  currency?: Currency;
  /** Balance in the account currency. Default 100. */
  balance?: number;
  country?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  status?: string;
  vatRate?: number;
  billingProfileComplete?: boolean;
  accountRef?: string;
}

/** Options of {@link ScenarioBuilder.withKvm}. */
export interface KvmOptions {
  /** Primary IP. Default 203.0.113.<n>. */
  ip?: string;
  name?: string;
  status?: string;
  autoRenew?: boolean;
  /**
   * When its term ends (ISO 8601): the clock renews it then (with `autoRenew`, from the
   * balance), suspends it (balance short) or expires it. Default: no end.
   */
  expiresAt?: string;
  /** A reseller storefront service: invisible to the API. */
  reseller?: boolean;
  serviceRef?: string;
}

/** Options of {@link ScenarioBuilder.key}. */
export interface KeyOptions {
  /** Default `refak_test_<account>_<key>`. */
  token?: string;
  allowedIps?: string[];
}

/** Shorthand for a Shield subscription: `'active'`, `'grace'` or the full object. */
export type ShieldOption = 'active' | 'grace' | ShieldInput;

const CURRENCY_COUNTRY: Record<Currency, string> = { EUR: 'DE', USD: 'US', GBP: 'GB' };

/**
 * Builds valid scenario documents without hand-written references: every ref is generated
 * (unique, deterministic: `REF-<KIND>-1`, `-2`, …) and every field has a default.
 * `.withKvm()`, `.withService()`, `.withShield()`, `.withInvoice()`, `.key()` and `.generate()` apply to the
 * account added last.
 * @example scenario().plan().account({ currency: 'EUR', balance: 50 }).withKvm({ ip: '203.0.113.9' }).withShield('active').key(['orders:write']).build()
 */
export class ScenarioBuilder {
  private readonly document: ScenarioInput & { plans: PlanInput[]; accounts: AccountInput[] } = {
    plans: [],
    accounts: [],
  };
  private readonly counters = new Map<string, number>();

  /** Starts the server clock at this instant (default: real time). */
  now(iso: string, options: { frozen?: boolean } = {}): this {
    this.document.now = iso;
    if (options.frozen !== undefined) this.document.frozen = options.frozen;
    return this;
  }

  /** Sets display-currency rates (units per one EUR). */
  rates(rates: { EUR?: number; USD?: number; GBP?: number }): this {
    this.document.rates = { EUR: 1, USD: 1.08, GBP: 0.86, ...rates };
    return this;
  }

  /** Adds a plan; defaults to a saleable KVM plan with one period, OS image, region and addon. */
  plan(overrides: Partial<PlanInput> = {}): this {
    const n = this.document.plans.length + 1;
    const code = overrides.code ?? (n === 1 ? 'kvm-s' : `kvm-${n}`);
    this.document.plans.push({
      plan_ref: this.ref('PLAN'),
      name: `KVM ${n}`,
      code,
      service_type: 'kvm',
      price_eur: 5,
      period_prices: { monthly: 5, yearly: 50 },
      periods: [{ period_ref: this.ref('PERIOD'), name: 'monthly', months: 1 }],
      os_images: [{ os_image_ref: this.ref('OS'), name: 'debian-13' }],
      regions: [{ region_ref: this.ref('REGION'), countries: ['DE', 'FR', 'GB', 'US'] }],
      addons: [{ addon_ref: this.ref('ADDON'), name: 'extra-ipv4', price_eur: 1 }],
      stock: 100,
      purchase_url: `https://example.test/buy/${code}`,
      specs: { cores: 2, ram_gb: 4, disk_gb: 40, bandwidth_mbps: 1000 },
      ...overrides,
    });
    return this;
  }

  /** Adds an account (EUR, balance 100, complete billing profile, no keys yet). */
  account(options: AccountOptions = {}): this {
    const currency = options.currency ?? 'EUR';
    const n = this.document.accounts.length + 1;
    this.document.accounts.push({
      account_ref: options.accountRef ?? this.ref('ACCT'),
      email: options.email ?? `user${n}@example.test`,
      first_name: options.firstName ?? 'Test',
      last_name: options.lastName ?? `User ${n}`,
      country_code: options.country ?? CURRENCY_COUNTRY[currency],
      account_currency: currency,
      preferred_locale: 'en-GB',
      status: options.status ?? 'active',
      balance: options.balance ?? 100,
      vat_rate: options.vatRate ?? 0,
      billing_profile_complete: options.billingProfileComplete ?? true,
      shield: null,
      api_keys: [],
      services: [],
    });
    return this;
  }

  /**
   * Adds a KVM service with a primary IP to the current account, on the scenario's first KVM
   * plan (so that it renews from it when the clock passes its `expiresAt`).
   */
  withKvm(options: KvmOptions = {}): this {
    const account = this.current('withKvm');
    const n = this.counters.get('SVC') ?? 0;
    const ip = options.ip ?? `203.0.113.${(n % 250) + 1}`;
    const plan = this.document.plans.find((candidate) => candidate.service_type === 'kvm');
    return this.withService({
      service_ref: options.serviceRef ?? this.ref('SVC'),
      name: options.name ?? `vm-${(account.services?.length ?? 0) + 1}`,
      service_plan_name: plan?.name ?? 'KVM S',
      type: 'kvm',
      status: options.status ?? 'active',
      auto_renew: options.autoRenew ?? false,
      primary_ip: ip,
      ip_addresses: [ip],
      reseller: options.reseller ?? false,
      ...(options.expiresAt === undefined
        ? {}
        : { expires_at: new Date(options.expiresAt).toISOString() }),
    });
  }

  /** Adds any service to the current account; `service_ref` is generated when absent. */
  withService(service: Partial<ServiceInput> & { type: string }): this {
    const account = this.current('withService');
    const services = account.services ?? [];
    services.push({
      service_ref: service.service_ref ?? this.ref('SVC'),
      name: `${service.type}-${services.length + 1}`,
      service_plan_name: service.type,
      status: 'active',
      auto_renew: false,
      ...service,
    });
    account.services = services;
    return this;
  }

  /** Gives the current account an Advanced Shield subscription. */
  withShield(shield: ShieldOption = 'active'): this {
    const account = this.current('withShield');
    account.shield = typeof shield === 'string' ? { status: shield } : shield;
    if (account.shield.status === 'grace' && !account.shield.grace_ends_at) {
      const start = Date.parse(this.document.now ?? new Date().toISOString());
      account.shield.grace_ends_at = new Date(start + 7 * 86_400_000).toISOString();
    }
    return this;
  }

  /**
   * Adds an invoice to the current account: unless overridden, a paid service renewal of
   * 5.00 plus the account's VAT, issued at the scenario clock; `invoice_ref` is generated
   * when absent. Invoices list newest reference first, whatever the order they are added in.
   */
  withInvoice(invoice: Partial<InvoiceInput> = {}): this {
    const account = this.current('withInvoice');
    const invoices = account.invoices ?? [];
    const vatRate = account.vat_rate ?? 0;
    invoices.push({
      invoice_ref: invoice.invoice_ref ?? this.ref('INV'),
      kind: 'service_renewal',
      transaction_kind: 'debit',
      amount: Math.round(500 * (1 + vatRate)) / 100,
      fee: 0,
      penalty: 0,
      vat_amount: Math.round(500 * vatRate) / 100,
      vat_rate: vatRate,
      currency: account.account_currency,
      status: 'paid',
      issue_date: this.document.now ?? new Date().toISOString(),
      description: `invoice ${invoices.length + 1}`,
      customer_payable: true,
      ...invoice,
    });
    account.invoices = invoices;
    return this;
  }

  /** Adds an API key to the current account (default: all scopes). */
  key(scopes: readonly (Scope | '*')[] = ['*'], options: KeyOptions = {}): this {
    const account = this.current('key');
    const keys = account.api_keys ?? [];
    const accountIndex = this.document.accounts.length;
    keys.push({
      token: options.token ?? `refak_test_${accountIndex}_${keys.length + 1}`,
      scopes: [...scopes],
      allowed_ips: options.allowedIps ?? [],
    });
    account.api_keys = keys;
    return this;
  }

  /** Adds deterministic generated records to the current account (pagination, scale). */
  generate(counts: { invoices?: number; transactions?: number; services?: number }): this {
    this.current('generate').generate = { invoices: 0, transactions: 0, services: 0, ...counts };
    return this;
  }

  /** Validates and returns the scenario document (throws `ScenarioError` with the JSON path). */
  build(): ScenarioInput {
    const document = structuredClone(this.document);
    parseScenario(document);
    return document;
  }

  private current(method: string): AccountInput {
    const account = this.document.accounts.at(-1);
    if (!account) throw new Error(`scenario().${method}() needs an account: call .account() first`);
    return account;
  }

  private ref(kind: string): string {
    const n = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, n);
    return `REF-${kind}-${n.toString(16).toUpperCase()}`;
  }
}

/** Starts a {@link ScenarioBuilder}. */
export function scenario(): ScenarioBuilder {
  return new ScenarioBuilder();
}
