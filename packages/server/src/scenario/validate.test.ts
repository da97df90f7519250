import { describe, expect, it } from 'vitest';
import { kvmMonthInvoice } from '../../test/fixtures/renewing-account';
import { scenario } from '../testing/scenario-builder';
import { demoScenario } from './demo';
import { checkScenarioExtensions, parseScenario, ScenarioError } from './validate';

interface Doc {
  accounts: Array<
    Record<string, unknown> & {
      api_keys: Array<Record<string, unknown>>;
      services: Array<Record<string, unknown>>;
      invoices?: Array<Record<string, unknown>>;
    }
  >;
}

const valid = () => scenario().plan().account().withKvm().key().build() as unknown as Doc;

function errorOf(document: unknown): string {
  try {
    parseScenario(document);
  } catch (error) {
    if (error instanceof ScenarioError) return error.code;
    throw error;
  }
  return 'valid';
}

describe('parseScenario', () => {
  it('accepts the demo and applies defaults', () => {
    const demo = parseScenario(demoScenario);
    expect(demo.accounts).toHaveLength(3);
    expect(demo.plans).toHaveLength(8);
    expect(parseScenario({}).rates).toEqual({ EUR: 1, USD: 1.08, GBP: 0.86 });
  });

  it('names the JSON path and the reason of the first problem', () => {
    const doc = valid();
    doc.accounts[0]!.api_keys.push({ token: 'sk_live_x', scopes: ['*'] });
    expect(errorOf(doc)).toBe(
      'invalid_scenario: accounts[0].api_keys[1].token: must start with refak_',
    );

    const missing = valid();
    delete missing.accounts[0]!.email;
    expect(errorOf(missing)).toBe('invalid_scenario: accounts[0].email: is required');

    const badRef = valid();
    badRef.accounts[0]!.services[0]!.service_ref = 'REF-SVC-xyz';
    expect(errorOf(badRef)).toMatch(
      /^invalid_scenario: accounts\[0\]\.services\[0\]\.service_ref: must match/,
    );

    const unknown = valid();
    unknown.accounts[0]!.nickname = 'x';
    expect(errorOf(unknown)).toBe('invalid_scenario: accounts[0].nickname: is not a known field');

    const cidr = valid();
    cidr.accounts[0]!.api_keys[0]!.allowed_ips = ['10.0.0.0/40'];
    expect(errorOf(cidr)).toBe(
      'invalid_scenario: accounts[0].api_keys[0].allowed_ips[0]: must be an IP or CIDR',
    );

    expect(errorOf({ accounts: 'x' })).toBe('invalid_scenario: accounts: must be array');

    const late = { ...valid(), now: '9990-01-01T00:00:00Z' };
    expect(errorOf(late)).toBe(
      "invalid_scenario: now: must be at most 9989-12-31T23:59:59.999Z, the clock's last instant",
    );
  });

  it("checks a service's term day as a record holds it: 1 to 31", () => {
    const withDay = (day: unknown) => {
      const doc = valid();
      doc.accounts[0]!.services[0]!.term_day = day;
      return errorOf(doc);
    };
    expect(withDay(31)).toBe('valid');
    // 0 renewed at one instant again and again; "x" failed the load with a RangeError.
    for (const day of [0, 32, 1.5, 'x']) {
      expect(withDay(day), String(day)).toMatch(
        /^invalid_scenario: accounts\[0\]\.services\[0\]\.term_day: /,
      );
    }
  });

  it("checks a service's renewal terms as a record holds them: its addons and its last period", () => {
    const withField = (field: string, value: unknown) => {
      const doc = valid();
      doc.accounts[0]!.services[0]![field] = value;
      return errorOf(doc);
    };
    const at = 'invalid_scenario: accounts[0].services[0]';
    expect(withField('ordered_addons', [{ addon_ref: 'REF-ADDON-1', units: 2 }])).toBe('valid');
    expect(withField('last_period_unit', 'year')).toBe('valid');
    // A unit the renewal does not know is a provider's: it expires the service at renewal.
    expect(withField('last_period_unit', 'week')).toBe('valid');
    expect(withField('last_period_amount', 12)).toBe('valid');
    // `ordered_addons: "x"` had loaded, then expired the service at its renewal as
    // `addon_not_offered`; a period of 0 months had renewed monthly.
    for (const [field, value, error] of [
      ['ordered_addons', 'x', `${at}.ordered_addons: must be array`],
      ['ordered_addons', [{ units: 1 }], `${at}.ordered_addons[0].addon_ref: is required`],
      [
        'ordered_addons',
        [{ addon_ref: 'REF-ADDON-1', units: 0 }],
        `${at}.ordered_addons[0].units: must be at least 1`,
      ],
      [
        'ordered_addons',
        Array.from({ length: 65 }, () => ({ addon_ref: 'REF-ADDON-1', units: 1 })),
        `${at}.ordered_addons: must be at most 64 items`,
      ],
      ['last_period_amount', 0, `${at}.last_period_amount: must be at least 1`],
      ['last_period_amount', -1, `${at}.last_period_amount: must be at least 1`],
      ['last_period_amount', 1.5, `${at}.last_period_amount: must be int`],
      ['last_period_unit', 1, `${at}.last_period_unit: must be string`],
    ] as const) {
      expect(withField(field, value), `${field}: ${JSON.stringify(value)}`).toBe(error);
    }
  });

  it('takes a renewal_invoice_ref only to the unpaid renewal invoice of its suspended service', () => {
    const renewal = kvmMonthInvoice({
      invoice_ref: 'REF-INV-5',
      kind: 'service_renewal',
      status: 'unpaid',
      issue_date: '2026-01-01T00:00:00.000Z',
      due_date: '2026-01-08T00:00:00.000Z',
      description: 'Renewal of vm-1: KVM 1 (monthly)',
      customer_payable: true,
      service_ref: 'REF-SVC-1',
    });
    const linked = (service: Record<string, unknown>, invoice: Record<string, unknown> = {}) => {
      const doc = valid();
      Object.assign(doc.accounts[0]!.services[0]!, {
        status: 'suspended',
        auto_renew: true,
        expires_at: '2026-01-01T00:00:00.000Z',
        renewal_invoice_ref: 'REF-INV-5',
        ...service,
      });
      doc.accounts[0]!.invoices = [{ ...renewal, ...invoice }];
      return errorOf(doc);
    };
    const path = 'invalid_scenario: accounts[0].services[0].renewal_invoice_ref';
    const notRenewal = `${path}: must name an unpaid service_renewal invoice of REF-SVC-1`;
    const ended = `${path}: names an invoice issued at 2026-01-01T00:00:00.000Z, not at the service's expires_at, when its term ended`;
    // What time writes when a renewal finds the balance short (the same instant, as written).
    expect(linked({})).toBe('valid');
    expect(linked({ expires_at: '2026-01-01T00:00:00Z' })).toBe('valid');
    // Each of these had kept the service 7 days past its term with no invoice behind it.
    for (const [service, invoice, error] of [
      [{ renewal_invoice_ref: 'bogus' }, {}, `${path}: must match /^REF-INV-[0-9A-F]+$/`],
      [{ renewal_invoice_ref: 'REF-INV-6' }, {}, `${path}: names no invoice of the account`],
      [{}, { status: 'paid' }, notRenewal],
      [{}, { status: 'cancelled' }, notRenewal],
      [{}, { kind: 'service_order' }, notRenewal],
      [{}, { service_ref: 'REF-SVC-2' }, notRenewal],
      [{}, { service_ref: undefined }, notRenewal],
      // Renewed from no term's end, the top-up that paid it had been a 500.
      [{ expires_at: undefined }, {}, ended],
      [{ expires_at: 'soon' }, {}, ended],
      [{ expires_at: '2025-12-01T00:00:00.000Z' }, {}, ended],
      [{ status: 'active' }, {}, `${path}: only a suspended service (not a reseller one) has one`],
      [{ reseller: true }, {}, `${path}: only a suspended service (not a reseller one) has one`],
    ] as const) {
      expect(linked(service, invoice), JSON.stringify([service, invoice])).toBe(error);
    }
  });

  it('takes exchange rates from 0.001 to 1000 units per EUR, no further', () => {
    // 1e307 made every conversion a 500 (BigInt of Infinity), 1e-7 a display rate of 0.
    for (const [USD, error] of [
      [1e307, 'invalid_scenario: rates.USD: must be between 0.001 and 1000'],
      [1e-7, 'invalid_scenario: rates.USD: must be between 0.001 and 1000'],
      [0, 'invalid_scenario: rates.USD: must be greater than 0'],
      [0.001, 'valid'],
      [1000, 'valid'],
    ] as const) {
      expect(errorOf({ ...valid(), rates: { EUR: 1, USD, GBP: 0.86 } })).toBe(error);
    }
  });

  it('refuses arrays and objects nested past 64 levels, anywhere, naming where', () => {
    const nested = (depth: number) => {
      let value: unknown = 1;
      for (let i = 0; i < depth; i++) value = [value];
      return value;
    };
    // `extensions` holds the document's second level: 62 arrays more reach level 64.
    expect(errorOf({ ...valid(), extensions: { other: nested(62) } })).toBe('valid');
    expect(errorOf({ ...valid(), extensions: { other: nested(63) } })).toBe(
      `invalid_scenario: extensions.other${'[0]'.repeat(62)}: nests arrays and objects deeper than 64 levels`,
    );
    // 100,000 deep overflowed the call stack of every later JSON.stringify of the state.
    expect(errorOf({ ...valid(), extensions: { other: nested(100_000) } })).toMatch(
      /^invalid_scenario: extensions\.other(\[0\])+: nests arrays and objects deeper than 64 levels$/,
    );
    expect(() => checkScenarioExtensions({ other: nested(100_000) })).toThrow(
      /^invalid_scenario: extensions\.other(\[0\])+: nests/,
    );
  });

  it('caps the records all accounts generate together, naming the account that passes the cap', () => {
    const doc = valid();
    const second: Doc['accounts'][number] = {
      ...doc.accounts[0]!,
      account_ref: 'REF-ACCT-2',
      api_keys: [],
      services: [],
    };
    doc.accounts.push(second);
    doc.accounts[0]!.generate = { invoices: 600_000 };
    second.generate = { transactions: 300_000, services: 100_000 };
    expect(errorOf(doc)).toBe('valid');
    second.generate = { transactions: 300_000, services: 100_001 };
    expect(errorOf(doc)).toBe(
      "invalid_scenario: accounts[1].generate: the scenario's generate counts add up to more than 1000000 records",
    );
  });

  it('enforces document-wide uniqueness and whole cents', () => {
    const dupService = scenario()
      .account()
      .withKvm({ serviceRef: 'REF-SVC-1' })
      .account()
      .withKvm({ serviceRef: 'REF-SVC-1' });
    expect(() => dupService.build()).toThrow(
      'invalid_scenario: accounts[1].services[0].service_ref: duplicates the reference at accounts[0].services[0].service_ref',
    );

    const dupToken = valid();
    dupToken.accounts[0]!.api_keys.push({ ...dupToken.accounts[0]!.api_keys[0] });
    expect(errorOf(dupToken)).toBe(
      'invalid_scenario: accounts[0].api_keys[1].token: duplicates another token',
    );

    const cents = valid();
    cents.accounts[0]!.balance = 1.001;
    expect(errorOf(cents)).toBe(
      'invalid_scenario: accounts[0].balance: must have at most 2 decimals',
    );

    const huge = valid();
    huge.accounts[0]!.balance = -1e15;
    expect(errorOf(huge)).toBe(
      'invalid_scenario: accounts[0].balance: must be within ±90071992547409.91',
    );
  });
});

describe('scenario text', () => {
  const REASON = 'must not contain control characters, bidi controls or lone surrogates';
  type WithPlans = Doc & { plans: Array<Record<string, unknown>> };

  it.each([
    ['ESC (OSC title)', '\u001b]0;pwned\u0007vm'],
    ['C1 CSI', 'vm\u009b31m'],
    ['bidi override', 'vm\u202Eexe.txt'],
    ['bidi isolate', '\u2067vm'],
    ['lone surrogate', 'vm\uD83D'],
  ])('refuses %s in a service name by its JSON path', (_name, text) => {
    const doc = valid();
    doc.accounts[0]!.services[0]!.name = text;
    expect(errorOf(doc)).toBe(`invalid_scenario: accounts[0].services[0].name: ${REASON}`);
  });

  it('applies the rule to plan names, descriptions and Shield rule names too', () => {
    const plan = valid() as unknown as WithPlans;
    plan.plans[0]!.name = 'KVM \u009b2J';
    expect(errorOf(plan)).toBe(`invalid_scenario: plans[0].name: ${REASON}`);

    const described = scenario().account().withInvoice({ description: 'renewal \u202Egnp.exe' });
    expect(() => described.build()).toThrow(
      `invalid_scenario: accounts[0].invoices[0].description: ${REASON}`,
    );

    const rule = { ...SHIELD, rules: [{ ...SHIELD.rules[0], name: 'drop \u001b[2K' }] };
    expect(errorOf({ extensions: { shield: rule } })).toBe(
      `invalid_scenario: extensions.shield.rules[0].name: ${REASON}`,
    );
  });

  it('names the object, not the key, when a key breaks the rule', () => {
    const doc = valid() as unknown as WithPlans;
    doc.plans[0]!.period_prices = { 'monthly\u202E': 5 };
    expect(errorOf(doc)).toBe(
      'invalid_scenario: plans[0].period_prices: has a key with control characters, bidi controls or lone surrogates',
    );
  });

  it('keeps right-to-left text, its direction marks and emoji', () => {
    const doc = valid();
    doc.accounts[0]!.services[0]!.name = 'שרת\u200F 🚀 — Zoë';
    expect(errorOf(doc)).toBe('valid');
  });
});

const SHIELD = {
  version: 1,
  infrastructure_since: '2026-01-01T00:00:00.000Z',
  rules: [
    {
      id: 'r1',
      seq: 1,
      account_ref: 'REF-ACCT-1',
      service_ref: 'REF-SVC-1',
      protected_ip: '203.0.113.10',
      kind: 'custom',
      name: 'r',
      action: 'drop',
      protocol: 'udp',
      queued_at: 0,
    },
  ],
  profiles: [],
  next_seq: 2,
};

describe('scenario extensions', () => {
  const withShield = (shield: unknown) => ({ extensions: { shield } });

  it('validates the Shield snapshot with the document, naming the path under extensions.shield', () => {
    expect(
      errorOf(withShield({ ...SHIELD, rules: [{ ...SHIELD.rules[0], state: 'active' }] })),
    ).toBe('invalid_scenario: extensions.shield.rules[0].state: is not a known field');
    expect(errorOf(withShield({ ...SHIELD, rules: [{ ...SHIELD.rules[0], kind: 'x' }] }))).toBe(
      'invalid_scenario: extensions.shield.rules[0].kind: must be one of "custom", "preset", "profile"',
    );
    expect(errorOf(withShield({ ...SHIELD, next_seq: 0 }))).toBe(
      'invalid_scenario: extensions.shield.next_seq: must be at least 1',
    );
    expect(errorOf(withShield('on'))).toBe('invalid_scenario: extensions.shield: must be object');
    expect(errorOf({ extensions: [] })).toBe('invalid_scenario: extensions: must be object');
  });

  it('keeps a valid snapshot as given, accepts none, and passes unknown modules through', () => {
    expect(parseScenario(withShield(SHIELD)).extensions).toEqual({ shield: SHIELD });
    expect(errorOf({})).toBe('valid');
    expect(errorOf(withShield(null))).toBe('valid');
    const later = { shield: SHIELD, later_module: { anything: [1, 'two'] }, flag: null };
    expect(parseScenario({ extensions: later }).extensions).toEqual(later);
  });

  it('checks extensions on their own with the same paths', () => {
    expect(() => checkScenarioExtensions(undefined)).not.toThrow();
    expect(() => checkScenarioExtensions({ shield: SHIELD, other: 1 })).not.toThrow();
    expect(() => checkScenarioExtensions({ shield: { ...SHIELD, extra: 1 } })).toThrow(
      new ScenarioError('extensions.shield.extra', 'is not a known field'),
    );
    expect(() => checkScenarioExtensions('x')).toThrow(
      'invalid_scenario: extensions: must be object',
    );
  });
});
