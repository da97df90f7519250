/** One EUR account with Shield, one active KVM and `invoices` generated invoices. */
export function accountScenario(options: { invoices?: number; balance?: number } = {}) {
  return {
    now: '2026-01-01T00:00:00Z',
    rates: { EUR: 1, USD: 1.08, GBP: 0.86 },
    plans: [
      {
        plan_ref: 'REF-PLAN-1',
        name: 'KVM S',
        code: 'kvm-s',
        service_type: 'kvm',
        price_eur: 5.0,
        period_prices: { monthly: 5.0 },
        periods: [{ period_ref: 'REF-PERIOD-1', name: 'monthly', months: 1 }],
        os_images: [{ os_image_ref: 'REF-OS-1', name: 'debian-13' }],
        regions: [{ region_ref: 'REF-REGION-1', countries: ['DE'] }],
        addons: [],
        stock: 1000,
        active: true,
        private: false,
        currency: 'EUR',
        purchase_url: 'https://example.test/buy/kvm-s',
        specs: { cores: 2, ram_gb: 4, disk_gb: 40, bandwidth_mbps: 1000 },
      },
    ],
    accounts: [
      {
        account_ref: 'REF-ACCT-A1',
        email: 'ada@example.test',
        first_name: 'Ada',
        last_name: 'Lovelace',
        country_code: 'DE',
        account_currency: 'EUR',
        preferred_locale: 'en-GB',
        status: 'active',
        balance: options.balance ?? 1000,
        vat_rate: 0.19,
        billing_profile_complete: true,
        shield: { status: 'active', grace_ends_at: null, mutations_blocked: false },
        api_keys: [{ token: 'refak_a1full', scopes: ['*'], allowed_ips: [] }],
        services: [
          {
            service_ref: 'REF-SVC-A1',
            name: 'vm-1',
            service_plan_name: 'KVM S',
            type: 'kvm',
            status: 'active',
            auto_renew: false,
            primary_ip: '203.0.113.10',
            reseller: false,
          },
        ],
        invoices: [],
        orders: [],
        transactions: [],
        generate: { invoices: options.invoices ?? 0, transactions: 0, services: 0 },
      },
    ],
  };
}

/** The API key of {@link accountScenario}. */
export const A1_KEY = 'refak_a1full';
