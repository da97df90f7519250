import { describe, expect, it } from 'vitest';
import { unofferedChoice } from './order-offer';
import type { Plan } from './plan';

const plan = {
  plan_ref: 'REF-PLAN-1',
  code: 'kvm-s',
  name: 'KVM S',
  service_type: 'kvm',
  account_price: { currency: 'EUR', base: 5, final: 5.95 },
  os_images: [
    { os_image_ref: 'REF-OS-11', name: 'debian-13' },
    { os_image_ref: 'REF-OS-13', name: 'windows-server-2022' },
  ],
  regions: [{ region_ref: 'REF-REGION-11', name: 'fsn1' }],
} as unknown as Plan;

describe('unofferedChoice', () => {
  it('names the OS image or region the plan does not list, by the server code', () => {
    expect(unofferedChoice(plan, { os_image_ref: 'REF-OS-99' })).toEqual({
      error: 'os_image_not_offered',
      what: 'OS image REF-OS-99',
    });
    expect(unofferedChoice(plan, { os_name: 'plan9' })?.error).toBe('os_not_offered');
    expect(unofferedChoice(plan, { region_ref: 'REF-REGION-9' })).toEqual({
      error: 'region_not_offered',
      what: 'region REF-REGION-9',
    });
    expect(unofferedChoice(plan, { os_image_ref: 'REF-OS-11', windows: true })).toEqual({
      error: 'windows_not_offered',
      what: 'Windows image REF-OS-11 (it is debian-13)',
    });
  });

  it('takes what the plan lists, and leaves a catalog without the lists to the server', () => {
    expect(
      unofferedChoice(plan, {
        os_image_ref: 'REF-OS-13',
        windows: true,
        region_ref: 'REF-REGION-11',
      }),
    ).toBeUndefined();
    expect(unofferedChoice(plan, { windows: true })).toBeUndefined();
    const bare = { ...plan, os_images: undefined, regions: undefined } as unknown as Plan;
    expect(
      unofferedChoice(bare, {
        os_image_ref: 'REF-OS-99',
        windows: true,
        region_ref: 'REF-REGION-9',
      }),
    ).toBeUndefined();
  });
});
