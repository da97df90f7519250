import type { ScenarioInput } from './schema';

type PlanInput = NonNullable<ScenarioInput['plans']>[number];

const everywhere = ['DE', 'FR', 'GB', 'NL', 'US', 'AT', 'CH'];

const kvmOptions = (n: number) => ({
  periods: [
    { period_ref: `REF-PERIOD-${n}1`, name: 'monthly', months: 1 },
    { period_ref: `REF-PERIOD-${n}2`, name: 'yearly', months: 12 },
  ],
  os_images: [
    { os_image_ref: `REF-OS-${n}1`, name: 'debian-13' },
    { os_image_ref: `REF-OS-${n}2`, name: 'ubuntu-24.04' },
    { os_image_ref: `REF-OS-${n}3`, name: 'windows-server-2022' },
  ],
  regions: [
    { region_ref: `REF-REGION-${n}1`, name: 'fsn1', countries: everywhere },
    { region_ref: `REF-REGION-${n}2`, name: 'ash', countries: ['US', 'GB', 'DE'] },
  ],
  addons: [
    { addon_ref: `REF-ADDON-${n}1`, name: 'extra-ipv4', price_eur: 1 },
    { addon_ref: `REF-ADDON-${n}2`, name: 'backup', price_eur: 2.5 },
  ],
});

/**
 * The demo catalog: 8 plans of 4 types. Saleable to the demo accounts: kvm-s, kvm-m (out
 * of stock), ded-d1, sb-1tb. Excluded: kvm-partner (private), ded-legacy (inactive),
 * sb-us (priced in USD), s3-hel (only sold in Finland).
 */
export const demoPlans: PlanInput[] = [
  {
    plan_ref: 'REF-PLAN-1',
    name: 'KVM S',
    code: 'kvm-s',
    service_type: 'kvm',
    price_eur: 5,
    period_prices: { monthly: 5, yearly: 50 },
    ...kvmOptions(1),
    stock: 100,
    purchase_url: 'https://example.test/buy/kvm-s',
    specs: { cores: 2, ram_gb: 4, disk_gb: 40, bandwidth_mbps: 1000 },
  },
  {
    plan_ref: 'REF-PLAN-2',
    name: 'KVM M',
    code: 'kvm-m',
    service_type: 'kvm',
    price_eur: 10,
    period_prices: { monthly: 10, yearly: 100 },
    ...kvmOptions(2),
    stock: 0,
    purchase_url: 'https://example.test/buy/kvm-m',
    specs: { cores: 4, ram_gb: 8, disk_gb: 80, bandwidth_mbps: 1000 },
  },
  {
    plan_ref: 'REF-PLAN-3',
    name: 'KVM Partner',
    code: 'kvm-partner',
    service_type: 'kvm',
    price_eur: 3,
    ...kvmOptions(3),
    private: true,
    purchase_url: 'https://example.test/buy/kvm-partner',
  },
  {
    plan_ref: 'REF-PLAN-4',
    name: 'Dedicated D1',
    code: 'ded-d1',
    service_type: 'dedicated',
    price_eur: 49,
    period_prices: { monthly: 49 },
    periods: [{ period_ref: 'REF-PERIOD-41', name: 'monthly', months: 1 }],
    os_images: [{ os_image_ref: 'REF-OS-41', name: 'debian-13' }],
    regions: [{ region_ref: 'REF-REGION-41', name: 'fsn1', countries: everywhere }],
    stock: 5,
    purchase_url: 'https://example.test/buy/ded-d1',
    specs: { cores: 8, ram_gb: 64, disk_gb: 1024, bandwidth_mbps: 1000 },
  },
  {
    plan_ref: 'REF-PLAN-5',
    name: 'Dedicated Legacy',
    code: 'ded-legacy',
    service_type: 'dedicated',
    price_eur: 29,
    active: false,
    purchase_url: 'https://example.test/buy/ded-legacy',
  },
  {
    plan_ref: 'REF-PLAN-6',
    name: 'Storage Box 1TB',
    code: 'sb-1tb',
    service_type: 'storage_box',
    price_eur: 3.81,
    periods: [{ period_ref: 'REF-PERIOD-61', name: 'monthly', months: 1 }],
    regions: [{ region_ref: 'REF-REGION-61', name: 'fsn1', countries: everywhere }],
    purchase_url: 'https://example.test/buy/sb-1tb',
  },
  {
    plan_ref: 'REF-PLAN-7',
    name: 'Storage Box US',
    code: 'sb-us',
    service_type: 'storage_box',
    price_eur: 4,
    currency: 'USD',
    purchase_url: 'https://example.test/buy/sb-us',
  },
  {
    plan_ref: 'REF-PLAN-8',
    name: 'Object Storage Helsinki',
    code: 's3-hel',
    service_type: 's3',
    price_eur: 4.99,
    regions: [{ region_ref: 'REF-REGION-81', name: 'hel1', countries: ['FI'] }],
    purchase_url: 'https://example.test/buy/s3-hel',
  },
];
