import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PermissionDeniedError, ServiceUnavailableError, WaitForError } from '../src/index';
import { DEMO, type Harness, inProcess } from './helpers/reference';

const intent = {
  name: 'drop dns',
  mode: 'enforce',
  action: 'drop',
  risk: 'low',
  protocol: 'udp',
  destination_port: 53,
} as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let h: Harness;
beforeEach(async () => {
  h = await inProcess();
});
afterEach(() => h.close());

/** Moves the server clock 5 s (one Shield step) every 50 ms of real time, `steps` times. */
async function tick(steps: number) {
  for (let i = 0; i < steps; i++) {
    await sleep(50);
    h.server.admin.clock.advance(5);
  }
}

describe('Shield waitFor against the reference server', () => {
  it('waits for a custom rule to become active', async () => {
    const shield = h.client().shield(DEMO.kvm);
    const { rule } = await shield.rules.create(intent);
    expect(rule.state).toBe('queued');
    const [active] = await Promise.all([
      shield.rules.waitFor(rule.id, { state: 'active', interval: 20, timeout: 5000 }),
      tick(3),
    ]);
    expect(active?.state).toBe('active');
  });

  it('throws WaitForError with last_error_code when the provider fails the rule', async () => {
    h.server.admin.faults.set({ shield: 'fail' });
    const shield = h.client().shield(DEMO.kvm);
    const { rule } = await shield.rules.create(intent);
    const [outcome] = await Promise.all([
      shield.rules
        .waitFor(rule.id, { state: 'active', interval: 20, timeout: 5000 })
        .catch((e: unknown) => e),
      tick(3),
    ]);
    expect(outcome).toBeInstanceOf(WaitForError);
    expect((outcome as WaitForError).state).toBe('failed');
  });

  it('waits for a deleted rule to leave the list', async () => {
    const shield = h.client().shield(DEMO.kvm);
    const { rule } = await shield.rules.create(intent);
    await shield.rules.delete(rule.id);
    const [gone] = await Promise.all([
      shield.rules.waitFor(rule.id, { state: 'deleted', interval: 20, timeout: 5000 }),
      tick(4),
    ]);
    expect(gone).toBeUndefined();
  });

  it('waits for a profile bundle to become active', async () => {
    const shield = h.client().shield(DEMO.kvm);
    const { profile } = await shield.profiles.apply('strict');
    expect(profile.state).toBe('applying');
    const [active] = await Promise.all([
      shield.profiles.waitFor('strict', { state: 'active', interval: 20, timeout: 5000 }),
      tick(3),
    ]);
    expect(active).toMatchObject({ code: 'strict', state: 'active' });
  });
});

describe('Shield availability', () => {
  it('retries a 503 after its Retry-After and succeeds once Shield is back', async () => {
    h.server.admin.shield.pause(1);
    setTimeout(() => h.server.admin.shield.unpause(), 300);
    const started = Date.now();
    const overview = await h.client().shield(DEMO.kvm).overview();
    expect(overview.entitlement.tier).toBe('advanced');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const statuses = h.server.admin.requests().map((r) => r.status);
    expect(statuses).toEqual([503, 200]);
  });

  it('fails fast with ServiceUnavailableError when Retry-After is beyond maxRetryAfterMs', async () => {
    h.server.admin.shield.pause(120);
    const error = await h
      .client()
      .shield(DEMO.kvm)
      .rules.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect((error as ServiceUnavailableError).retryAfterSeconds).toBe(120);
    expect(h.server.admin.requests()).toHaveLength(1);
  });

  it('reports a missing Advanced subscription as PermissionDeniedError', async () => {
    const usd = h.client(DEMO.usdKey);
    const { items } = await usd.services.list({ type: 'kvm' });
    const ref = items[0]?.service_ref ?? 'REF-SVC-1';
    const error = await usd
      .shield(ref)
      .overview()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).code).toBe('shield_advanced_required');
  });
});
