import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalFile } from './durable-fs';
import { readWal } from './wal-reader';
import { WalWriteError, WalWriter } from './wal-writer';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'refapi-writer-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function writer(name: string, stampLog: boolean[] = []) {
  const path = join(dir, name);
  const errors: unknown[] = [];
  const batches: number[] = [];
  const journal = new WalWriter({
    handle: await open(path, 'a'),
    bytes: 0,
    stamp: (first) => {
      stampLog.push(first);
      return '"at":1';
    },
    onFlushed: (bytes) => batches.push(bytes),
    onError: (error) => errors.push(error),
  });
  return { path, journal, errors, batches };
}

describe('WalWriter', () => {
  it('writes lines in slot order, holding later lines until an earlier slot is filled', async () => {
    const { path, journal } = await writer('order');
    const first = journal.reserve();
    const second = journal.append('"n":2');
    let secondDurable = false;
    void second.durable.then(() => {
      secondDurable = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(secondDurable).toBe(false);
    expect(await readFile(path, 'utf8')).toBe('');
    journal.fill(first, '"n":1');
    await second.durable;
    await first.durable;
    const { entries } = await readWal(path);
    expect(entries).toEqual([
      { v: 1, at: 1, n: 1 },
      { v: 1, at: 1, n: 2 },
    ]);
    await journal.close();
  });

  it('commits concurrent lines as one batch (one write and fsync)', async () => {
    const stamps: boolean[] = [];
    const { path, journal, batches } = await writer('group', stamps);
    const slots = Array.from({ length: 50 }, (_, i) => journal.append(`"n":${i}`));
    await Promise.all(slots.map((slot) => slot.durable));
    expect(batches).toHaveLength(1);
    expect(stamps.filter(Boolean)).toHaveLength(1);
    expect((await readWal(path)).entries).toHaveLength(50);
    expect(journal.bytes).toBe((await readFile(path)).length);
    await journal.close();
  });

  it('rotates to a new file after the lines reserved before the rotation', async () => {
    const { path, journal } = await writer('rotate-a');
    const next = join(dir, 'rotate-b');
    journal.append('"n":1');
    const rotated = journal.rotate(() => open(next, 'a'));
    const after = journal.append('"n":2');
    await rotated;
    await after.durable;
    expect((await readWal(path)).entries).toEqual([{ v: 1, at: 1, n: 1 }]);
    expect((await readWal(next)).entries).toEqual([{ v: 1, at: 1, n: 2 }]);
    await journal.close();
  });

  it('fails every pending and later slot once a write fails, and reports it once', async () => {
    const { journal, errors } = await writer('failing');
    const handle = await open(join(dir, 'read-only'), 'w');
    await handle.close();
    // Rotating to a read-only handle makes the next write fail.
    await journal.rotate(() => open(join(dir, 'read-only'), 'r'));
    const slot = journal.append('"n":1');
    await expect(slot.durable).rejects.toThrow();
    await expect(journal.append('"n":2').durable).rejects.toThrow();
    expect(errors).toHaveLength(1);
    // A failed writer still closes its file. Left to the garbage collector, Node 26 throws
    // (in whichever test file the worker runs next: files share a worker here).
    await journal.close();
  });

  it('resumes after a failed fsync: drops the lines it left, then appends again', async () => {
    const path = join(dir, 'resuming');
    const file = await open(path, 'a');
    let full = true;
    const failing: WalFile = {
      write: file.write.bind(file) as WalFile['write'],
      datasync: () => (full ? Promise.reject(new Error('ENOSPC')) : file.datasync()),
      truncate: (length) => file.truncate(length),
      close: () => file.close(),
    };
    const errors: unknown[] = [];
    full = false;
    const journal = new WalWriter({
      handle: failing,
      bytes: 0,
      stamp: () => '"at":1',
      onError: (error) => errors.push(error),
    });
    await journal.append('"n":1').durable;
    full = true;
    await expect(journal.append('"n":2').durable).rejects.toBeInstanceOf(WalWriteError);
    expect(journal.failed).toBe(true);
    // The failed line reached the file, but it is not durable: it must not stay.
    expect((await readWal(path)).entries).toHaveLength(2);
    await expect(journal.resume()).rejects.toBeInstanceOf(WalWriteError);
    full = false;
    await journal.resume();
    expect(journal.failed).toBe(false);
    await journal.append('"n":3').durable;
    await journal.close();
    const lines = (await readWal(path)).entries as Array<{ n?: number }>;
    expect(lines.map((line) => line.n)).toEqual([1, undefined, 3]);
    expect(errors).toHaveLength(1);
  });
});
