import { createReferenceServer } from '@refapi/server';
import { describe, expect, it } from 'vitest';
import { SandboxSessions, type SandboxSessionsOptions } from './sandbox-sessions';
import { SandboxUnavailableError, SpaceAdmin } from './space-admin';

async function setup(options: SandboxSessionsOptions = {}, maxSpaces?: number) {
  const server = createReferenceServer({
    onError: () => {},
    ...(maxSpaces === undefined ? {} : { spaces: { max: maxSpaces } }),
  });
  await server.ready;
  const admin = new SpaceAdmin(server);
  const lines: string[] = [];
  const sessions = new SandboxSessions(admin, { log: (line) => lines.push(line), ...options });
  const spaces = async () => (await admin.list()).map((space) => space.space_id).sort();
  return { server, sessions, spaces, lines };
}

const KVM_S = { type: 'kvm', plan_code: 'kvm-s' } as const;

describe('SandboxSessions', () => {
  it('gives each session a space of its own, forked from the untouched root', async () => {
    const { server, sessions, spaces } = await setup();
    const alice = await sessions.open('alice');
    const bob = await sessions.open('bob');
    expect(await spaces()).toEqual([alice.spaceId, bob.spaceId].sort());
    // The same idempotency key in both: each space has its own records, so both buy.
    const a = await alice.client.orders.create(KVM_S, { idempotencyKey: 'same' });
    const b = await bob.client.orders.create(KVM_S, { idempotencyKey: 'same' });
    expect(a.idempotent_replayed).toBe(false);
    expect(b.idempotent_replayed).toBe(false);
    await bob.client.orders.create(KVM_S, { idempotencyKey: 'bob-2' });
    expect((await alice.client.balance.get()).amount).toBe(244.05);
    expect((await bob.client.balance.get()).amount).toBe(238.1);
    expect(server.admin.state().accounts[0]?.balance).toBe(250);
    expect(server.admin.requests()).toHaveLength(0);
    // Each has its own budget and idempotency keys, too.
    expect(alice.shared).not.toBe(bob.shared);
    expect(alice.shared.keys.derive('t', {})).not.toBe(bob.shared.keys.derive('t', {}));
  });

  it('opens a session once, and ends it with its space', async () => {
    const { sessions, spaces } = await setup({ budgetCents: 1_000 });
    const first = await sessions.open('x');
    const [again, concurrent] = await Promise.all([sessions.open('x'), sessions.open('x')]);
    expect(again).toBe(first);
    expect(concurrent).toBe(first);
    expect(first.shared.budget?.limitCents).toBe(1_000);
    expect(await spaces()).toEqual([first.spaceId]);
    expect(await sessions.end('x')).toBe(true);
    expect(await sessions.end('x')).toBe(false);
    expect(await spaces()).toEqual([]);
    // The id opens a new session, on a new space.
    const next = await sessions.open('x');
    expect(next).not.toBe(first);
    expect(await spaces()).toEqual([next.spaceId]);
  });

  it('holds at most max sessions, ending the least recently used', async () => {
    const { sessions, spaces, lines } = await setup({ max: 2 }, 2);
    const a = await sessions.open('a');
    const b = await sessions.open('b');
    await sessions.open('a');
    const c = await sessions.open('c');
    expect(sessions.size).toBe(2);
    expect(await spaces()).toEqual([a.spaceId, c.spaceId].sort());
    expect(lines).toEqual([
      `sandbox: 2 sessions held, so the least recently used one ended (its space ${b.spaceId} deleted)`,
    ]);
    // `b` is still known (its agent is to be told), `a` and `c` held; nothing else is.
    expect(['a', 'b', 'c', 'd'].map((id) => sessions.has(id))).toEqual([true, true, true, false]);
    expect(a.takeNotice()).toBeUndefined();
    // `b` comes back on a new space, told why; `a` is the least recently used now.
    const b2 = await sessions.open('b');
    expect(b2.takeNotice()).toMatch(/ended to make room/);
    expect(b2.spaceId).not.toBe(b.spaceId);
    expect(await spaces()).toEqual([b2.spaceId, c.spaceId].sort());
    await expect(a.client.balance.get()).rejects.toThrow();
  });

  it('says why when the server has no room for another space, and holds no session', async () => {
    const { sessions } = await setup({ max: 5 }, 1);
    await sessions.open('a');
    const refused = sessions.open('b');
    await expect(refused).rejects.toBeInstanceOf(SandboxUnavailableError);
    await expect(refused).rejects.toThrow(
      'the sandbox could not open a space (space_limit_reached)',
    );
    expect(sessions.size).toBe(1);
  });

  it('logs the move to a new space of a session whose space the server deleted', async () => {
    const { server, sessions, lines } = await setup();
    const session = await sessions.open('a');
    const gone = session.spaceId;
    await new SpaceAdmin(server).delete(gone);
    expect((await session.client.balance.get()).amount).toBe(250);
    expect(lines).toEqual([
      `sandbox: space ${gone} of a session was deleted unused; the session starts over from the demo data on ${session.spaceId}`,
    ]);
    // Its agent is told, once, in its next tool result (createRefMcpServer's `notice`).
    expect(session.takeNotice()).toMatch(/space was deleted .* fresh copy of the demo data/);
    expect(session.takeNotice()).toBeUndefined();
    await sessions.close();
    expect(sessions.size).toBe(0);
  });
});
