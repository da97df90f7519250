import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors/cli-error';
import { orderRequest, parseAddon } from './order-request';

describe('orderRequest', () => {
  it('maps flags to the body and leaves out what was not given', () => {
    expect(
      orderRequest({
        type: 'kvm',
        plan: 'kvm-s',
        period: 'REF-PERIOD-1',
        os: 'REF-OS-1',
        addon: ['REF-ADDON-1=2', 'REF-ADDON-2'],
        ipv6Only: true,
      }),
    ).toEqual({
      type: 'kvm',
      plan_code: 'kvm-s',
      period_ref: 'REF-PERIOD-1',
      os_image_ref: 'REF-OS-1',
      addons: [
        { addon_ref: 'REF-ADDON-1', units: 2 },
        { addon_ref: 'REF-ADDON-2', units: 1 },
      ],
      ipv6_only: true,
    });
  });

  it('names the offending flag when the contract rejects a value', () => {
    expect(() => orderRequest({ type: 'kvm', plan: 'kvm-s', period: 'monthly' })).toThrow(
      /^invalid --period: /,
    );
    expect(() => orderRequest({ type: 'kvm', plan: 'kvm-s', addon: ['REF-ADDON-1=0'] })).toThrow(
      /^invalid --addon #1: /,
    );
    expect(() => orderRequest({ type: 'kvm', plan: '' })).toThrow(UsageError);
  });
});

describe('bad --addon values', () => {
  it('are told in one shape, invalid --addon #N: expected …, whatever is wrong', () => {
    const bad = (addon: string[]) => () => orderRequest({ type: 'kvm', plan: 'kvm-s', addon });
    // `x` and `x=-1` were told apart: `invalid --addon "x=-1": expected REF-ADDON-…=UNITS`.
    const ref = 'invalid --addon #1: expected an addon reference like REF-ADDON-11';
    expect(bad(['x'])).toThrow(ref);
    expect(bad(['x=-1'])).toThrow(ref);
    const units = /^invalid --addon #2: Too small: expected number to be >=1$/;
    expect(bad(['REF-ADDON-1', 'REF-ADDON-11=0'])).toThrow(units);
    expect(bad(['REF-ADDON-1', 'REF-ADDON-11=-1'])).toThrow(units);
    for (const form of ['REF-ADDON-11=two', 'REF-ADDON-11=1.5', '=3', 'REF-ADDON-11=']) {
      expect(bad(['REF-ADDON-1', form]), form).toThrow(
        'invalid --addon #2: expected REF-ADDON-…=UNITS with whole units, like REF-ADDON-11=2',
      );
    }
  });
});

describe('parseAddon', () => {
  it('rejects text that is not REF=UNITS', () => {
    expect(parseAddon(' REF-ADDON-A=12 ')).toEqual({ addon_ref: 'REF-ADDON-A', units: 12 });
    expect(() => parseAddon('REF-ADDON-1=two')).toThrow(/expected REF-ADDON-…=UNITS/);
    expect(() => parseAddon('=3')).toThrow(UsageError);
  });
});
