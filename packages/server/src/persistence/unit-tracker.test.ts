import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UnitGate } from './unit-gate';
import { UnitTracker } from './unit-tracker';
import { readWal } from './wal-reader';
import { WalWriteError, WalWriter } from './wal-writer';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'refapi-units-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
});

async function tracker(name: string) {
  const path = join(dir, name);
  const errors: unknown[] = [];
  const writer = new WalWriter({
    handle: await open(path, 'a'),
    bytes: 0,
    stamp: () => '"at":0,"wall":0',
    onError: (error) => errors.push(error),
  });
  const units = new UnitTracker(writer, new UnitGate());
  const lines = async () =>
    (await readWal(path)).entries.map((entry) => {
      const { v: _v, at: _at, wall: _wall, ...rest } = entry as Record<string, unknown>;
      return rest;
    });
  return { writer, units, lines, errors };
}

const later = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('UnitTracker', () => {
  it('gathers every part of a unit, across awaits, into one line', async () => {
    const { units, lines, writer } = await tracker('one-line');
    await units.run(async () => {
      units.record(() => ({ commit: '[{"k":"orders","r":{}}]' }));
      await later();
      units.record(() => ({ idempotency: '{"key":"k1"}' }));
      units.record(() => ({ extension: '["shield",{"next_seq":2}]' }));
    });
    expect(await lines()).toEqual([
      {
        commits: [[{ k: 'orders', r: {} }]],
        extensions: [['shield', { next_seq: 2 }]],
        idempotency: [{ key: 'k1' }],
      },
    ]);
    await writer.close();
  });

  it('orders lines by first change and settles a later unit only after an earlier one', async () => {
    const { units, lines, writer } = await tracker('order');
    const settled: string[] = [];
    let releaseA!: () => void;
    const a = units.run(async () => {
      units.record(() => ({ commit: '["a"]' }));
      await new Promise<void>((resolve) => {
        releaseA = resolve;
      });
      units.record(() => ({ idempotency: '"a"' }));
    });
    await later();
    const b = units.run(async () => {
      units.record(() => ({ commit: '["b"]' }));
    });
    void a.then(() => settled.push('a'));
    void b.then(() => settled.push('b'));
    await later();
    expect(settled).toEqual([]);
    releaseA();
    await Promise.all([a, b]);
    expect(await lines()).toEqual([{ commits: [['a']], idempotency: ['a'] }, { commits: [['b']] }]);
    await writer.close();
  });

  it('keeps each unit of many started together to its own line, whatever they await', async () => {
    const { units, lines, writer } = await tracker('many');
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        units.run(async () => {
          units.record(() => ({ commit: `["${i}"]` }));
          await (i % 2 === 0 ? Promise.resolve() : later());
          units.record(() => ({ idempotency: `"${i}"` }));
        }),
      ),
    );
    expect(await lines()).toEqual(
      Array.from({ length: 12 }, (_, i) => ({ commits: [[`${i}`]], idempotency: [`${i}`] })),
    );
    await writer.close();
  });

  it('gives an admin action run while a unit awaits a line of its own; the unit goes on as itself', async () => {
    const { units, lines, writer } = await tracker('interrupted');
    let release!: () => void;
    const unit = units.run(async () => {
      units.record(() => ({ commit: '["before"]' }));
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      units.record(() => ({ commit: '["after"]' }));
    });
    await later();
    units.runSync(() => units.record(() => ({ scenario: '"clock":1' })));
    release();
    await unit;
    expect(await lines()).toEqual([{ commits: [['before'], ['after']] }, { clock: 1 }]);
    await writer.close();
  });

  it('gives a change made after its unit ended (a timer it left) a line of its own', async () => {
    const { units, lines, writer } = await tracker('late');
    let late!: Promise<void>;
    await units.run(async () => {
      units.record(() => ({ commit: '["in time"]' }));
      late = new Promise((resolve) =>
        setTimeout(() => {
          units.record(() => ({ commit: '["late"]' }));
          resolve();
        }, 5),
      );
    });
    await late;
    await writer.flushed();
    expect(await lines()).toEqual([{ commits: [['in time']] }, { commits: [['late']] }]);
    await writer.close();
  });

  it('journals nothing for a unit without changes, and admin actions always', async () => {
    const { units, lines, writer } = await tracker('admin');
    expect(await units.run(async () => 'read')).toBe('read');
    expect(units.runSync(() => 42)).toBe(42);
    units.record(() => ({ commit: '["outside any unit"]' }));
    await writer.flushed();
    expect(await lines()).toEqual([{}, { commits: [['outside any unit']] }]);
    await writer.close();
  });

  it('fails the log when a part cannot be encoded: that unit and later ones fail, no line has it', async () => {
    const { units, lines, writer, errors } = await tracker('unencodable');
    await units.run(async () => {
      units.record(() => ({ commit: '["kept"]' }));
    });
    const injected = new Error('cannot encode');
    // The change is in memory already: neither its unit nor a later one may be acknowledged.
    const failed = units.run(async () => {
      units.record(() => {
        throw injected;
      });
      units.record(() => ({ commit: '["after it"]' }));
    });
    await expect(failed).rejects.toMatchObject({ unencodable: true, cause: injected });
    await expect(units.run(async () => 'read')).rejects.toBeInstanceOf(WalWriteError);
    expect(writer.failed).toBe(true);
    expect(errors).toHaveLength(1);
    expect(await lines()).toEqual([{ commits: [['kept']] }]);
    await writer.close();
  });

  it('fails the log when a line cannot be joined (past the longest string), holding no line back', async () => {
    const { units, lines, writer } = await tracker('unjoinable');
    const join = Array.prototype.join;
    vi.spyOn(Array.prototype, 'join').mockImplementation(function (this: unknown, separator) {
      if (Array.isArray(this) && this.includes('["too long"]')) {
        throw new RangeError('Invalid string length');
      }
      return join.call(this as unknown[], separator);
    });
    const failed = units.run(async () => {
      units.record(() => ({ commit: '["too long"]' }));
    });
    await expect(failed).rejects.toMatchObject({ unencodable: true });
    vi.restoreAllMocks();
    // Its place in the log was filled all the same: the lines after it go out once resumed.
    await writer.resume();
    await units.run(async () => {
      units.record(() => ({ commit: '["next"]' }));
    });
    expect(await lines()).toEqual([{}, { commits: [['next']] }]);
    await writer.close();
  });
});
