import { describe, expect, it } from 'vitest';
import { controlSlices } from '../controls/registry';
import { createReferenceServer } from '../index';
import { isRequestEntry, type JournalItem } from '../request-journal';
import { parseScenario } from '../scenario/validate';
import { createSpaceRuntime } from '../spaces/space-runtime';
import { scenario } from '../testing/scenario-builder';

// Reference spec, section 9: a scenario that loads with events already due has them applied
// at once as clock events, each a journal entry. A reset returns to the scenario as loaded:
// its state and the journal its load gave, never a request from before the reset.
const START = '2026-01-01T00:00:00.000Z';
const KEY = 'refak_reset_journal';

const kvm = (ref: string, expiresAt: string, autoRenew = true) => ({
  service_ref: ref,
  service_plan_name: 'KVM S',
  type: 'kvm',
  status: 'active',
  auto_renew: autoRenew,
  expires_at: expiresAt,
});

// Due at the load: renewals of REF-SVC-10 on 1 Nov, 1 Dec and 1 Jan, the expiry of REF-SVC-11.
const dueAtLoad = (balance = 100) =>
  scenario()
    .now(START, { frozen: true })
    .plan({ name: 'KVM S', code: 'kvm-s', price_eur: 5, period_prices: { monthly: 5 } })
    .account({ balance, vatRate: 0.19 })
    .key(['*'], { token: KEY })
    .withService(kvm('REF-SVC-10', '2025-11-01T00:00:00.000Z'))
    .withService(kvm('REF-SVC-11', '2025-12-15T00:00:00.000Z', false))
    .build();

const events = (entries: readonly JournalItem[]) =>
  entries.map((entry) =>
    isRequestEntry(entry) ? entry.id : `${entry.space_id}:${entry.event}:${entry.due_at}`,
  );

const LOAD_EVENTS = [
  'null:service_renewal:2025-11-01T00:00:00.000Z',
  'null:service_renewal:2025-12-01T00:00:00.000Z',
  'null:service_expiry:2025-12-15T00:00:00.000Z',
  'null:service_renewal:2026-01-01T00:00:00.000Z',
];

const runtime = (id: string | null) =>
  createSpaceRuntime({
    id,
    basePath: id === null ? '/v1' : `/spaces/${id}/v1`,
    journalSize: 100,
    controls: controlSlices,
    startMs: Date.parse(START),
    onError: (error) => {
      throw error;
    },
  });

describe('a reset gives the journal its load gave', () => {
  it('keeps the clock events the load applied, in process (the control plane, root and space)', async () => {
    const root = runtime(null);
    await root.control.initialize(parseScenario(dueAtLoad()), undefined);
    const loaded = root.journal.list();
    expect(events(loaded)).toEqual(LOAD_EVENTS);

    await root.control.admin.clock.move({ months: 1 });
    expect(root.journal.list()).toHaveLength(5);
    await root.control.admin.reset();
    expect(root.journal.list()).toEqual(loaded);
    // Again: what a reset gives does not wear out.
    await root.control.admin.reset();
    expect(root.journal.list()).toEqual(loaded);

    // A space forked from the scenario: its reset loads that scenario in the space, whose
    // journal shows the same events as its own (a space of a recovered server, which loads
    // the scenario in full, shows them so).
    const space = runtime('sp_reset');
    await space.control.adopt(root.control.branch('scenario'));
    await space.control.admin.clock.move({ months: 1 });
    await space.control.admin.reset();
    expect(events(space.journal.list())).toEqual(
      LOAD_EVENTS.map((event) => event.replace('null:', 'sp_reset:')),
    );
    expect(space.journal.list().map((entry) => ({ ...entry, space_id: null }))).toEqual(loaded);
    // The root's journal is its own.
    expect(root.journal.list()).toEqual(loaded);
  });

  it('starts a space of the scenario with the journal a reset gives it; a space of the current state with none', async () => {
    const root = runtime(null);
    await root.control.initialize(parseScenario(dueAtLoad()), undefined);
    const space = runtime('sp_new');
    await space.control.adopt(root.control.branch('scenario'));
    expect(events(space.journal.list())).toEqual(
      LOAD_EVENTS.map((event) => event.replace('null:', 'sp_new:')),
    );
    // Not a load: the current state (a clone of what happened), not what a load applied.
    const current = runtime('sp_current');
    await current.control.adopt(root.control.branch('current'));
    expect(current.journal.list()).toEqual([]);
  });

  it('keeps them through admin.reset() and over the admin API in process, without the requests before it', async () => {
    const server = createReferenceServer({ scenario: dueAtLoad() });
    await server.ready;
    const origin = new URL(server.baseUrl).origin;
    const admin = async (method: string, path: string, body?: unknown) => {
      const response = await server.fetch(`${origin}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${server.adminToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
    };
    // Oldest first, as the listing is newest first.
    const journal = async (prefix = '') =>
      ((await admin('GET', `${prefix}/__admin/requests`)).body.requests as JournalItem[])
        .slice()
        .reverse();
    const balance = (prefix = '') =>
      server.fetch(`${origin}${prefix}/v1/balance`, {
        headers: { authorization: `Bearer ${KEY}` },
      });

    const loaded = await journal();
    expect(events(loaded)).toEqual(LOAD_EVENTS);
    expect((await balance()).status).toBe(200);
    expect(server.admin.requests()).toHaveLength(1);
    await server.admin.reset();
    expect(await journal()).toEqual(loaded);
    expect(server.admin.requests()).toEqual([]);

    expect((await balance()).status).toBe(200);
    expect((await admin('POST', '/__admin/reset')).status).toBe(204);
    expect(await journal()).toEqual(loaded);
    expect((await admin('GET', '/__admin/requests?account_ref=REF-ACCT-1')).body.requests).toEqual(
      loaded.slice().reverse(),
    );

    // A space that loads the scenario itself, and resets to it.
    const { space_id: id } = (await admin('POST', '/__admin/spaces', {})).body;
    expect((await admin('POST', `/spaces/${id}/__admin/scenario`, dueAtLoad())).status).toBe(200);
    const spaceLoaded = await journal(`/spaces/${id}`);
    expect(events(spaceLoaded)).toEqual(LOAD_EVENTS.map((e) => e.replace('null:', `${id}:`)));
    expect((await balance(`/spaces/${id}`)).status).toBe(200);
    expect((await admin('POST', `/spaces/${id}/__admin/reset`)).status).toBe(204);
    expect(await journal(`/spaces/${id}`)).toEqual(spaceLoaded);
    await server.close();
  });

  it('resets to the scenario loaded last, and leaves a snapshot restore as it was', async () => {
    const root = runtime(null);
    await root.control.initialize(parseScenario(dueAtLoad()), undefined);
    const { admin } = root.control;
    admin.snapshots.save('moved');
    await admin.clock.move({ months: 1 });
    const moved = root.journal.list();
    // Restoring a snapshot changes the state, not the journal.
    await admin.snapshots.restore('moved');
    expect(root.journal.list()).toEqual(moved);

    // A new scenario: its load's events replace the first one's, and a reset gives them.
    const other = dueAtLoad(0);
    await admin.loadScenario(other);
    const otherLoaded = root.journal.list();
    expect(events(otherLoaded)).toEqual([
      'null:service_suspension:2025-11-01T00:00:00.000Z',
      'null:service_expiry:2025-11-08T00:00:00.000Z',
      'null:service_expiry:2025-12-15T00:00:00.000Z',
    ]);
    await admin.clock.move({ months: 1 });
    await admin.reset();
    expect(root.journal.list()).toEqual(otherLoaded);
  });
});
