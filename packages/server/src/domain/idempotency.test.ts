import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../internal/crypto';
import { fingerprint, IDEMPOTENCY_RETENTION_MS, IdempotencyStore } from './idempotency';

describe('IdempotencyStore', () => {
  const t0 = 1_000_000;
  const fp = fingerprint({ a: 1, b: [1, 2] });

  it('fingerprints canonically (key order does not matter, values do)', () => {
    expect(fingerprint({ b: [1, 2], a: 1 })).toBe(fp);
    expect(fingerprint({ a: 1, b: [2, 1] })).not.toBe(fp);
  });

  it('fingerprints as state files stored them (keys by code unit, undefined members out)', () => {
    // The digest the first release computed: a changed canonical form would turn every
    // persisted key's retry into 409 idempotency_key_reused after an upgrade.
    const body = {
      z: [1, undefined, { b: null, a: 'é' }],
      ä: true,
      a: undefined,
      Z: -0.5,
      n: [[], {}],
    };
    expect(fingerprint({ params: { service_ref: 'REF-SVC-1' }, body })).toBe(
      '01b26dd16d2af3013386017d4f48fc79a48893943edab7b1d3e8125d0eaf2404',
    );
  });

  it('fingerprints every string as JSON writes it (quotes, escapes, controls, lone surrogates)', () => {
    const texts = [
      'kvm-s',
      '',
      'say "hi"',
      'back\\slash',
      'tab\tnew\nline\u0000',
      '\u007f',
      'é€',
      '\ud800 lone',
      '~ ok',
    ];
    for (const text of texts) {
      expect(fingerprint({ body: { text } })).toBe(
        sha256Hex(`{"body":{"text":${JSON.stringify(text)}}}`),
      );
    }
  });

  it('claims, reports in-use, replays the completed response, and rejects another body', () => {
    const store = new IdempotencyStore();
    const first = store.claim('A', 'createOrder', 'k1', fp, t0);
    expect(first.kind).toBe('new');
    expect(store.claim('A', 'createOrder', 'k1', fp, t0).kind).toBe('in_use');
    if (first.kind === 'new') first.complete({ status: 200, body: { ok: true } });
    expect(store.claim('A', 'createOrder', 'k1', fp, t0 + 5)).toEqual({
      kind: 'replay',
      response: { status: 200, body: { ok: true } },
    });
    expect(store.claim('A', 'createOrder', 'k1', 'other', t0).kind).toBe('reused');
    // Scoped per account and operation.
    expect(store.claim('B', 'createOrder', 'k1', fp, t0).kind).toBe('new');
    expect(store.claim('A', 'powerService', 'k1', fp, t0).kind).toBe('new');
  });

  it('forgets released claims and completed ones after 24 h', () => {
    const store = new IdempotencyStore();
    const claim = store.claim('A', 'op', 'k', fp, t0);
    if (claim.kind === 'new') claim.release();
    const again = store.claim('A', 'op', 'k', fp, t0);
    if (again.kind === 'new') again.complete({ status: 200 });
    expect(store.claim('A', 'op', 'k', 'x', t0 + IDEMPOTENCY_RETENTION_MS - 1).kind).toBe('reused');
    expect(store.claim('A', 'op', 'k', 'x', t0 + IDEMPOTENCY_RETENTION_MS).kind).toBe('new');
  });

  it('sweeps expired records as claims go by', () => {
    const store = new IdempotencyStore();
    for (let i = 0; i < 1023; i++) {
      const claim = store.claim('A', 'op', `k${i}`, fp, t0);
      if (claim.kind === 'new') claim.complete({ status: 200 });
    }
    expect(store.export(t0)).toHaveLength(1023);
    store.claim('A', 'op', 'late', fp, t0 + IDEMPOTENCY_RETENTION_MS);
    expect(store.export(t0)).toHaveLength(0);
  });

  it('sweeps expired records behind a key claimed again since', () => {
    const store = new IdempotencyStore();
    const done = (key: string, at: number) => {
      const claim = store.claim('A', 'op', key, fp, at);
      if (claim.kind === 'new') claim.complete({ status: 200 });
    };
    for (let i = 0; i < 10; i++) done(`old${i}`, t0);
    const later = t0 + IDEMPOTENCY_RETENTION_MS;
    done('old0', later); // expired, so claimed anew
    // The 1,024th claim sweeps: every expired record goes, the renewed one stays.
    for (let i = 11; i < 1024; i++) done(`new${i}`, later);
    const kept = store.export(t0).map((entry) => entry.key);
    expect(kept.filter((key) => key.startsWith('old'))).toEqual(['old0']);
    expect(kept).toHaveLength(1 + 1013);
  });

  it('round-trips completed records through export and import', () => {
    const store = new IdempotencyStore();
    const claim = store.claim('A', 'op', 'k', fp, t0);
    if (claim.kind === 'new')
      claim.complete({ status: 422, body: { error: 'insufficient_balance' } });
    const copy = new IdempotencyStore();
    copy.import(store.export(t0));
    expect(copy.claim('A', 'op', 'k', fp, t0 + 1)).toMatchObject({
      kind: 'replay',
      response: { status: 422 },
    });
    expect(store.export(t0 + IDEMPOTENCY_RETENTION_MS)).toEqual([]);
  });

  it('forks completed records copy-on-write: neither side sees the keys the other stores later; claims in flight stay behind', () => {
    const root = new IdempotencyStore();
    const done = root.claim('A', 'createOrder', 'k1', fp, t0);
    if (done.kind === 'new') done.complete({ status: 200, body: { n: 1 } });
    const running = root.claim('A', 'createOrder', 'k2', fp, t0);
    const fork = root.fork();
    if (running.kind === 'new') running.complete({ status: 200, body: { n: 2 } });

    const space = new IdempotencyStore();
    space.restore(fork);
    expect(space.claim('A', 'createOrder', 'k1', fp, t0 + 1).kind).toBe('replay');
    // k2 was running at the fork: the space may claim it afresh.
    expect(space.claim('A', 'createOrder', 'k2', fp, t0 + 1).kind).toBe('new');
    expect(space.claim('A', 'createOrder', 'k3', fp, t0 + 1).kind).toBe('new');
    expect(root.claim('A', 'createOrder', 'k3', fp, t0 + 1).kind).toBe('new');
    expect(root.claim('A', 'createOrder', 'k2', fp, t0 + 1).kind).toBe('replay');
    // Restoring the same fork again gives the state of the fork, not the space's since.
    space.restore(fork);
    expect(space.export(t0 + 2).map((entry) => entry.key)).toEqual(['k1']);
  });
  it('settles a claim once: a release after its completion keeps the stored response', () => {
    // `execute` releases when completing threw (a listener failing): the record stays.
    const store = new IdempotencyStore();
    const claim = store.claim('A', 'createOrder', 'k1', fp, t0);
    if (claim.kind !== 'new') throw new Error('expected a new claim');
    claim.complete({ status: 200, body: { n: 1 } });
    claim.release();
    claim.complete({ status: 500, body: { n: 2 } });
    expect(store.claim('A', 'createOrder', 'k1', fp, t0 + 1)).toEqual({
      kind: 'replay',
      response: { status: 200, body: { n: 1 } },
    });
    // Nothing counted as still running: the next fork shares the records as they are.
    expect(store.fork().slots.size).toBe(1);
  });

  it('drops a claim in flight when the records are replaced (restore, import)', () => {
    const store = new IdempotencyStore();
    const before = store.fork();
    const restored = store.claim('A', 'createOrder', 'k1', fp, t0);
    const imported = store.claim('A', 'createOrder', 'k2', fp, t0);
    store.restore(before);
    if (restored.kind === 'new') restored.complete({ status: 200, body: { n: 1 } });
    expect(store.export(t0 + 1)).toEqual([]);
    store.import([]);
    if (imported.kind === 'new') imported.complete({ status: 200, body: { n: 2 } });
    expect(store.export(t0 + 1)).toEqual([]);
    expect(store.claim('A', 'createOrder', 'k1', fp, t0 + 1).kind).toBe('new');
  });
});
