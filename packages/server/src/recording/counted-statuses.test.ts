import { describe, expect, it } from 'vitest';
import { statusGap, withCountedStatuses } from './counted-statuses';
import type { RecordedScenario } from './scenario-from-recording';

const service = (ref: string, status: string) => ({
  service_ref: ref,
  name: ref.toLowerCase(),
  service_plan_name: 'unknown plan',
  type: 'kvm',
  status,
  auto_renew: false,
});

/** A scenario whose services the first stats (#4) alone gave statuses: all but REF-SVC-1. */
function recorded(): RecordedScenario {
  return {
    scenario: {
      accounts: [
        {
          account_ref: 'REF-ACCT-1',
          services: [
            service('REF-SVC-1', 'active'),
            service('REF-SVC-2', 'suspended'),
            service('REF-SVC-3', 'suspended'),
            service('REF-SVC-4', 'expired'),
          ],
        },
      ],
    } as RecordedScenario['scenario'],
    notes: [],
    clockJumps: [],
    dateFollowsClock: true,
    topUps: [],
    mintedRefs: [],
    ledgerRuns: [],
    invoicesListedAt: [],
    servicesListed: false,
    scopesOfSeveralKeys: [],
    countedStatuses: {
      seq: 4,
      at: 0,
      services: [
        { ref: 'REF-SVC-2', notActive: true, named: true },
        { ref: 'REF-SVC-3', notActive: false, named: true },
        { ref: 'REF-SVC-4', notActive: false, named: false },
      ],
    },
    unsettled: { unnamed: 1, termless: ['REF-SVC-2', 'REF-SVC-3'], open: [], seq: 4, at: 0 },
  };
}

const statuses = (result: RecordedScenario | undefined) =>
  result?.scenario.accounts?.[0]?.services?.map((s) => [s.service_ref, s.status]);

describe('statusGap', () => {
  it('counts, per status, what the recorded stats counted more than the replay', () => {
    const gap = statusGap([
      ['$.active', 1, 0],
      ['$.by_status.active', 1, undefined],
      ['$.by_status.suspended', 1, 2],
    ]);
    expect(gap).toEqual(
      new Map([
        ['active', 1],
        ['suspended', -1],
      ]),
    );
  });

  it('is undefined when anything but status counts differs, or the active counts disagree', () => {
    expect(statusGap([])).toBeUndefined();
    expect(statusGap([['$.by_type.kvm', 2, 1]])).toBeUndefined();
    expect(statusGap([['$.by_status.active', 'one', 0]])).toBeUndefined();
    expect(
      statusGap([
        ['$.active', 2, 0],
        ['$.by_status.active', 1, 0],
        ['$.by_status.expired', 0, 1],
      ]),
    ).toBeUndefined();
  });
});

describe('withCountedStatuses', () => {
  it('moves only counted services, never one a page of active services left out to active', () => {
    const result = withCountedStatuses(
      recorded(),
      new Map([
        ['active', 1],
        ['suspended', -1],
      ]),
    );
    // REF-SVC-2 was left out of a page of active services: REF-SVC-3 takes active instead.
    expect(statuses(result)).toEqual([
      ['REF-SVC-1', 'active'],
      ['REF-SVC-2', 'suspended'],
      ['REF-SVC-3', 'active'],
      ['REF-SVC-4', 'expired'],
    ]);
  });

  it('names as unsettled the named services alive after the move, and only those', () => {
    const result = withCountedStatuses(
      recorded(),
      new Map([
        ['cancelled', 2],
        ['suspended', -2],
      ]),
    );
    expect(statuses(result)?.slice(1, 3)).toEqual([
      ['REF-SVC-2', 'cancelled'],
      ['REF-SVC-3', 'cancelled'],
    ]);
    // The only-counted REF-SVC-4 keeps `unsettled` (its count) though no named one is alive.
    expect(result?.unsettled?.termless).toEqual([]);
    expect(result?.unsettled?.unnamed).toBe(1);
  });

  it('leaves the scenario as it was when the counted services cannot close the gap', () => {
    for (const gap of [
      // More than there are.
      [
        ['expired', 1e9],
        ['suspended', -1e9],
      ],
      // A status the server does not know, from a recording's answer.
      [
        ['paused', 1],
        ['suspended', -1],
      ],
      // Counts that do not add up.
      [['expired', 1]],
      // Only REF-SVC-1 (shown, not counted) is active.
      [
        ['active', -1],
        ['expired', 1],
      ],
    ] as const) {
      expect(withCountedStatuses(recorded(), new Map(gap)), JSON.stringify(gap)).toBeUndefined();
    }
  });
});
