// The statuses of the services only the first GET /services/stats counted (placeholders, and
// services only named), given again after a replay. The scenario builder picks them from
// what the counts leave once the services shown took theirs; but whether a shown service's
// term ended renewed, suspended or expired before the stats depends on the balance, which
// only the replay follows. Where the replay's stats differ from the recorded ones in their
// statuses alone, those services take the statuses the replay left over instead.
import { SERVICE_STATUSES } from '@refapi/schema';
import type { ScenarioInput } from '../scenario/schema';
import { type CountedStatus, isAlive, type RecordedScenario } from './scenario-from-recording';

/** A difference as `drift` finds it: JSON path, recorded value, replayed value (and a note). */
type Difference = readonly [path: string, recorded: unknown, replayed: unknown, note?: string];

const BY_STATUS = /^\$\.by_status\.([a-z_]+)$/;

/**
 * Per status, how many more services the recorded stats counted than the replay's, when the
 * two answers differ in status counts alone (`by_status`, and `active`, which repeats its
 * count of active services); undefined otherwise.
 */
export function statusGap(found: readonly Difference[]): Map<string, number> | undefined {
  if (found.length === 0) return undefined;
  const gap = new Map<string, number>();
  let activeGap = 0;
  for (const [path, recorded, replayed] of found) {
    // A count a side left out is none.
    const [upstream, replay] = [recorded ?? 0, replayed ?? 0];
    if (typeof upstream !== 'number' || typeof replay !== 'number') return undefined;
    if (path === '$.active') {
      activeGap = upstream - replay;
      continue;
    }
    const status = BY_STATUS.exec(path)?.[1];
    if (status === undefined) return undefined;
    gap.set(status, upstream - replay);
  }
  return activeGap === (gap.get('active') ?? 0) ? gap : undefined;
}

type ServiceStatus = (typeof SERVICE_STATUSES)[number];
const isServiceStatus = (status: string): status is ServiceStatus =>
  (SERVICE_STATUSES as readonly string[]).includes(status);

/**
 * `recorded` with services of its `countedStatuses` moved from the statuses the replay counted
 * too many of to those it counted too few of (`gap`, from {@link statusGap}), a service a page
 * of active services left out never to active; undefined when they cannot close the gap.
 * What `drift` says of services it cannot follow (`unsettled.termless`) follows their new
 * statuses: they are placeholders, so a status never changes what an answer showed.
 */
export function withCountedStatuses(
  recorded: RecordedScenario,
  gap: ReadonlyMap<string, number>,
): RecordedScenario | undefined {
  const counted = recorded.countedStatuses;
  const [account, ...others] = recorded.scenario.accounts ?? [];
  if (counted === undefined || account === undefined) return undefined;
  // A status the server does not know (a recording may hold any) cannot be given.
  if (![...gap.keys()].every(isServiceStatus)) return undefined;
  if ([...gap.values()].reduce((a, b) => a + b, 0) !== 0) return undefined;
  const services = (account.services ?? []).map((service) => ({ ...service }));
  const byRef = new Map(services.map((service) => [service.service_ref, service]));
  const left = new Map(gap);
  const moved = new Set<CountedStatus>();
  // One pass over the placeholders per status to fill: bounded whatever the counts say.
  for (const [to, wanted] of gap) {
    let needed = wanted;
    for (const placeholder of counted.services) {
      if (needed <= 0) break;
      const service = byRef.get(placeholder.ref);
      if (service === undefined || moved.has(placeholder)) continue;
      const from = service.status;
      if ((left.get(from) ?? 0) >= 0 || (to === 'active' && placeholder.notActive)) continue;
      left.set(from, (left.get(from) ?? 0) + 1);
      left.set(to, (left.get(to) ?? 0) - 1);
      service.status = to;
      moved.add(placeholder);
      needed--;
    }
    if (needed > 0) return undefined;
  }
  const scenario: ScenarioInput = {
    ...recorded.scenario,
    accounts: [{ ...account, services }, ...others],
  };
  // Named services alive there with no term shown: the replay cannot follow them past it.
  const { seq, at } = counted;
  const unsettled = recorded.unsettled ?? { unnamed: 0, termless: [], open: [], seq, at };
  const named = [...moved].filter((placeholder) => placeholder.named).map(({ ref }) => ref);
  const termless = [...new Set([...unsettled.termless, ...named])].filter((ref) =>
    isAlive(byRef.get(ref)?.status),
  );
  const { unsettled: _, ...rest } = recorded;
  return unsettled.unnamed + termless.length + unsettled.open.length === 0
    ? { ...rest, scenario }
    : { ...rest, scenario, unsettled: { ...unsettled, termless } };
}
