import type { Plan } from '@refapi/schema';
import type { Option } from 'commander';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { captureCtx } from '../../test/helpers/capture-io';
import { CancelledError, CliError } from '../errors/cli-error';
import { EXIT } from '../errors/exit-codes';
import type { PromptEnd } from '../ui/prompt-end';
import type { Choice } from '../ui/SelectPrompt';

// The prompts are scripted (what ink would return) and the catalog is a fake client: this
// checks what the wizard offers and what it hands to the command; the ink side has its own
// tests (ui/prompts.test.tsx) and the whole flow runs on a pseudo-terminal in test/.
const asked: { message: string; choices: readonly Choice<unknown>[] }[] = [];
let script: PromptEnd<unknown>[] = [];
// loadUi is the seam: the prompts come from the terminal UI's module, never loaded here.
vi.mock('../ui/load-ui', () => ({
  loadUi: async () => ({
    select: async (_io: unknown, message: string, choices: readonly Choice<unknown>[]) => {
      asked.push({ message, choices });
      return script.shift() ?? { kind: 'cancel' };
    },
  }),
}));

const catalog: Plan[] = [];
vi.mock('../runtime/client', () => ({
  createClient: async () => ({
    plans: {
      list: (query: { type?: string }) =>
        (async function* () {
          yield* catalog.filter((p) => query.type === undefined || p.service_type === query.type);
        })(),
    },
    account: { get: async () => ({ country_code: 'DE' }) },
  }),
}));

const { askOrder } = await import('./order-wizard');

const kvm = (code: string, extra: Record<string, unknown>): Plan =>
  ({
    plan_ref: `REF-PLAN-${code.length}`,
    name: code.toUpperCase(),
    code,
    service_type: 'kvm',
    purchase_url: `https://example.test/buy/${code}`,
    account_price: { currency: 'EUR', base: 5, final: 5.95 },
    ...extra,
  }) as Plan;

const KVM_S = kvm('kvm-s', {
  in_stock: true,
  periods: [
    { period_ref: 'REF-PERIOD-11', name: 'monthly', months: 1 },
    { period_ref: 'REF-PERIOD-12', name: 'yearly', months: 12 },
  ],
  os_images: [{ os_image_ref: 'REF-OS-11', name: 'debian-13' }],
  regions: [
    { region_ref: 'REF-REGION-11', name: 'fsn1', countries: ['DE'] },
    { region_ref: 'REF-REGION-12', name: 'ash', countries: ['US'] },
  ],
});
const KVM_M = kvm('kvm-m', { in_stock: false });
const BOX = { ...kvm('sb-1tb', {}), service_type: 'storage_box' } as Plan;

const missing = (...names: string[]) => names.map((long) => ({ long }) as Option);
const answer = (value: unknown): PromptEnd<unknown> => ({ kind: 'answer', value });

beforeEach(() => {
  asked.length = 0;
  script = [];
  catalog.splice(0, catalog.length, KVM_M, KVM_S, BOX);
});

describe('orders create on a terminal', () => {
  it('asks the type, the plan, then period, OS image and region from the plan', async () => {
    script = [
      answer('kvm'),
      answer(KVM_S),
      answer('REF-PERIOD-12'),
      answer(undefined), // OS image: left to the server's default
      answer('REF-REGION-11'),
    ];
    const { ctx } = captureCtx();
    const opts = await askOrder(ctx, [], { yes: true }, missing('--type', '--plan'));
    expect(opts).toEqual({
      yes: true,
      type: 'kvm',
      plan: 'kvm-s',
      period: 'REF-PERIOD-12',
      region: 'REF-REGION-11',
    });
    expect(asked.map((a) => a.message)).toEqual([
      'Service type',
      'Plan (kvm)',
      'Billing period',
      'OS image',
      'Region',
    ]);
    // Only the types the catalog sells, with their plan counts.
    expect(asked[0]!.choices.map((c) => [c.label, c.hint])).toEqual([
      ['kvm', '2 plans'],
      ['storage_box', '1 plan'],
    ]);
    // Every plan of the type, priced with VAT; out of stock shown, not selectable.
    expect(asked[1]!.choices.map((c) => [c.label, c.hint, c.disabled])).toEqual([
      ['kvm-m', 'KVM-M · 5.95 EUR incl. 19% VAT', 'out of stock'],
      ['kvm-s', 'KVM-S · 5.95 EUR incl. 19% VAT · in stock', undefined],
    ]);
    expect(asked[2]!.choices.map((c) => c.label)).toEqual(['default', 'monthly', 'yearly']);
    // A region that does not sell to the account's country is shown, not selectable.
    expect(asked[4]!.choices.map((c) => [c.label, c.disabled])).toEqual([
      ['default', undefined],
      ['fsn1', undefined],
      ['ash', 'not sold to DE'],
    ]);
  });

  it('asks only what the flags left out', async () => {
    script = [answer(KVM_S)];
    const { ctx } = captureCtx();
    const opts = await askOrder(
      ctx,
      [],
      { type: 'kvm', period: 'REF-PERIOD-11', os: 'REF-OS-11', region: 'REF-REGION-11' },
      missing('--plan'),
    );
    expect(asked.map((a) => a.message)).toEqual(['Plan (kvm)']);
    expect(opts).toMatchObject({ type: 'kvm', plan: 'kvm-s', period: 'REF-PERIOD-11' });
  });

  it('with --plan given, offers only the types that sell that plan', async () => {
    script = [answer('storage_box')];
    const { ctx } = captureCtx();
    const opts = await askOrder(ctx, [], { plan: 'sb-1tb' }, missing('--type'));
    expect(asked[0]!.choices.map((c) => c.label)).toEqual(['storage_box']);
    expect(opts).toEqual({ type: 'storage_box', plan: 'sb-1tb' });
  });

  it.each([
    ['cancel', EXIT.cancelled],
    ['interrupt', EXIT.interrupted],
  ] as const)('%s at a prompt: "cancelled; nothing was ordered" (exit %i)', async (kind, code) => {
    script = [answer('kvm'), { kind }];
    const { ctx } = captureCtx();
    const error = await askOrder(ctx, [], {}, missing('--type', '--plan')).catch((e) => e);
    expect(error).toBeInstanceOf(CancelledError);
    expect(error).toMatchObject({ message: 'cancelled; nothing was ordered', exitCode: code });
  });

  it('says so when nothing of the type is for sale (exit 3), before asking anything', async () => {
    catalog.splice(0, catalog.length, BOX);
    const { ctx } = captureCtx();
    const error = await askOrder(ctx, [], { type: 'kvm' }, missing('--plan')).catch((e) => e);
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({
      message: 'no kvm plans are for sale to this account; see: refctl plans list',
      exitCode: EXIT.notFound,
    });
    expect(asked).toEqual([]);
  });
});
