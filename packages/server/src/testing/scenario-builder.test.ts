import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/validate';
import { scenario } from './scenario-builder';

describe('scenario builder', () => {
  it('builds a valid document with generated, unique refs and sensible defaults', () => {
    const doc = scenario()
      .plan()
      .plan({ code: 'kvm-big', price_eur: 20 })
      .account({ currency: 'EUR', balance: 50 })
      .withKvm({ ip: '203.0.113.9' })
      .withShield('active')
      .key(['orders:write'])
      .account({ currency: 'USD' })
      .withService({ type: 'storage_box' })
      .key()
      .build();

    const parsed = parseScenario(doc);
    expect(parsed.plans.map((p) => [p.plan_ref, p.code])).toEqual([
      ['REF-PLAN-1', 'kvm-s'],
      ['REF-PLAN-2', 'kvm-big'],
    ]);
    const [eur, usd] = parsed.accounts;
    expect(eur).toMatchObject({ account_ref: 'REF-ACCT-1', balance: 50, country_code: 'DE' });
    expect(eur?.services[0]).toMatchObject({
      type: 'kvm',
      primary_ip: '203.0.113.9',
      service_ref: 'REF-SVC-1',
    });
    expect(eur?.shield).toMatchObject({ status: 'active', mutations_blocked: false });
    expect(eur?.api_keys).toEqual([
      { token: 'refak_test_1_1', scopes: ['orders:write'], allowed_ips: [] },
    ]);
    expect(usd).toMatchObject({
      account_ref: 'REF-ACCT-2',
      account_currency: 'USD',
      country_code: 'US',
      shield: null,
    });
    expect(usd?.services[0]?.service_ref).toBe('REF-SVC-2');

    const refs: string[] = JSON.stringify(doc).match(/REF-[A-Z]+-[0-9A-F]+/g) ?? [];
    const definitions = refs.filter((ref, i) => refs.indexOf(ref) === i);
    expect(definitions.length).toBeGreaterThan(8);
  });

  it('is deterministic: the same calls give the same document', () => {
    const build = () =>
      scenario().now('2026-01-01T00:00:00Z').plan().account().withKvm().key().build();
    expect(build()).toEqual(build());
  });

  it('gives a grace subscription an end date on the scenario clock', () => {
    const doc = scenario().now('2026-01-01T00:00:00Z').account().withShield('grace').build();
    expect(doc.accounts?.[0]?.shield).toMatchObject({
      status: 'grace',
      grace_ends_at: '2026-01-08T00:00:00.000Z',
    });
  });

  it('adds invoices with generated refs, the account VAT and currency, overridable', () => {
    const doc = scenario()
      .now('2026-01-01T00:00:00Z')
      .account({ currency: 'USD', vatRate: 0.19 })
      .withInvoice()
      .withInvoice({ invoice_ref: 'REF-INV-A1', kind: 'top_up', amount: 20, vat_amount: 0 })
      .build();
    expect(doc.accounts?.[0]?.invoices).toEqual([
      expect.objectContaining({
        invoice_ref: 'REF-INV-1',
        amount: 5.95,
        vat_amount: 0.95,
        vat_rate: 0.19,
        currency: 'USD',
        issue_date: '2026-01-01T00:00:00Z',
      }),
      expect.objectContaining({ invoice_ref: 'REF-INV-A1', kind: 'top_up', amount: 20 }),
    ]);
    expect(() => scenario().withInvoice()).toThrow(/call \.account\(\) first/);
  });

  it('refuses account-level calls before an account exists', () => {
    expect(() => scenario().withKvm()).toThrow(/call \.account\(\) first/);
  });

  it('reports an invalid override with its JSON path', () => {
    expect(() => scenario().account().key(['*'], { token: 'nope' }).build()).toThrow(
      /api_keys\[0\]\.token/,
    );
  });
});
