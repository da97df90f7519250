import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAL_OPEN_FLAGS, type WalFile } from './durable-fs';
import { readWal } from './wal-reader';
import { WalWriteError, WalWriter, type WalWriterOptions } from './wal-writer';

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

  it('starts the next batch and its fsync while one is in flight, acknowledging in file order', async () => {
    const { path, fsyncs, journal } = await heldFsyncs('pipelined');
    const first = journal.append('"n":1');
    await until(() => fsyncs.length === 1);
    const second = journal.append('"n":2');
    // Written and being made durable without waiting for the first fsync.
    await until(() => fsyncs.length === 2);
    expect((await readWal(path)).entries).toHaveLength(2);
    const settled: number[] = [];
    void first.durable.then(() => settled.push(1));
    void second.durable.then(() => settled.push(2));
    // The later fsync returning first acknowledges nothing: an error of the earlier one
    // may concern the later lines too (the kernel reports it to one caller only).
    fsyncs[1]?.succeed();
    await later();
    expect(settled).toEqual([]);
    fsyncs[0]?.succeed();
    await Promise.all([first.durable, second.durable]);
    expect(settled).toEqual([1, 2]);
    expect(journal.bytes).toBe((await readFile(path)).length);
    await journal.close();
  });

  it('fails the lines after a failed fsync even when their own fsync succeeded', async () => {
    const { path, fsyncs, journal, errors } = await heldFsyncs('pipelined-failure');
    const first = journal.append('"n":1');
    await until(() => fsyncs.length === 1);
    const second = journal.append('"n":2');
    await until(() => fsyncs.length === 2);
    fsyncs[1]?.succeed();
    fsyncs[0]?.fail();
    await expect(first.durable).rejects.toBeInstanceOf(WalWriteError);
    await expect(second.durable).rejects.toBeInstanceOf(WalWriteError);
    expect(errors).toHaveLength(1);
    // Neither line stays in the file once the writer cuts it back to its durable part.
    await journal.discardUndurable();
    expect((await readFile(path)).length).toBe(0);
    await journal.close();
  });

  it('fails as a refused write does when a line cannot be encoded, starting no fsync after', async () => {
    let unencodable = false;
    const stamp = () => {
      if (unencodable) throw new RangeError('Invalid string length');
      return '"at":1';
    };
    const { path, fsyncs, journal, errors } = await heldFsyncs('unencodable', undefined, { stamp });
    const first = journal.append('"n":1');
    await until(() => fsyncs.length === 1);
    const second = journal.append('"n":2');
    await until(() => fsyncs.length === 2);
    // Written while two fsyncs are in flight: its own fsync waits for one of them.
    const third = journal.append('"n":3');
    for (let i = 0; i < 200 && (await readWal(path)).entries.length < 3; i++) await later();
    expect(fsyncs).toHaveLength(2);
    unencodable = true;
    const fourth = journal.append('"n":4');
    await expect(fourth.durable).rejects.toMatchObject({ unencodable: true });
    for (const slot of [first, second, third]) {
      await expect(slot.durable).rejects.toBeInstanceOf(WalWriteError);
    }
    expect(errors).toEqual([expect.objectContaining({ unencodable: true })]);
    expect((errors[0] as WalWriteError).message).toBe(
      'cannot encode a line of the journal: Invalid string length',
    );
    // No fsync may count the third line durable: it was never acknowledged.
    await later();
    expect(fsyncs).toHaveLength(2);
    fsyncs[0]?.succeed();
    fsyncs[1]?.succeed();
    await journal.discardUndurable();
    expect((await readFile(path)).length).toBe(0);
    unencodable = false;
    const resumed = journal.resume();
    await until(() => fsyncs.length === 3);
    fsyncs[2]?.succeed();
    await resumed;
    const fifth = journal.append('"n":5');
    await until(() => fsyncs.length === 4);
    fsyncs[3]?.succeed();
    await fifth.durable;
    await journal.close();
    const lines = (await readWal(path)).entries as Array<{ n?: number }>;
    expect(lines.map((line) => line.n)).toEqual([undefined, 5]);
  });

  it('holds new units back while more than maxQueuedBytes of lines wait, until they are durable', async () => {
    const { fsyncs, journal } = await heldFsyncs('backpressure', 100);
    expect(journal.room()).toBeUndefined();
    const slot = journal.append(`"pad":"${'x'.repeat(120)}"`);
    const room = journal.room();
    expect(room).toBeInstanceOf(Promise);
    let roomy = false;
    void room?.then(() => {
      roomy = true;
    });
    await until(() => fsyncs.length === 1);
    await later();
    expect(roomy).toBe(false);
    fsyncs[0]?.succeed();
    await slot.durable;
    await room;
    expect(journal.room()).toBeUndefined();
    await journal.close();
  });
});

describe('WalWriter on a file opened with O_DSYNC (durableWrites)', () => {
  /** A journal opened as the server opens one, its writes held until the test lets them go. */
  async function dsyncWriter(name: string) {
    const path = join(dir, name);
    const file = await open(path, WAL_OPEN_FLAGS);
    const writes: Array<() => void> = [];
    let failWrites = false;
    let datasyncs = 0;
    const held: WalFile = {
      write: ((...args: Parameters<WalFile['write']>) =>
        new Promise<void>((resolve) => writes.push(resolve)).then(() =>
          failWrites
            ? Promise.reject(new Error('EIO'))
            : (file.write as (...a: typeof args) => ReturnType<WalFile['write']>)(...args),
        )) as WalFile['write'],
      datasync: () => {
        datasyncs++;
        return file.datasync();
      },
      truncate: (length) => file.truncate(length),
      close: () => file.close(),
    };
    const { journal, errors } = writerOn(held, { durableWrites: true });
    const release = async () => {
      await until(() => writes.length > 0);
      writes.shift()?.();
    };
    return {
      path,
      journal,
      errors,
      release,
      datasyncs: () => datasyncs,
      failWrites: (fail: boolean) => {
        failWrites = fail;
      },
    };
  }

  it('acknowledges a batch once its write returns, and never fsyncs', async () => {
    const { path, journal, release, datasyncs } = await dsyncWriter('dsync');
    const first = journal.append('"n":1');
    let firstDurable = false;
    void first.durable.then(() => {
      firstDurable = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(firstDurable).toBe(false);
    // Lines filled while a write runs go out together in the next one, in slot order (a
    // write of their own would never be released here).
    const later = [journal.append('"n":2'), journal.append('"n":3')];
    await release();
    await first.durable;
    expect(firstDurable).toBe(true);
    await release();
    await Promise.all(later.map((slot) => slot.durable));
    expect(datasyncs()).toBe(0);
    expect(((await readWal(path)).entries as Array<{ n: number }>).map((line) => line.n)).toEqual([
      1, 2, 3,
    ]);
    await journal.close();
  });

  it('fails the lines of a failed write, then resumes without an fsync', async () => {
    const { path, journal, errors, release, datasyncs, failWrites } =
      await dsyncWriter('dsync-fail');
    failWrites(true);
    const lost = journal.append('"n":1');
    await release();
    await expect(lost.durable).rejects.toBeInstanceOf(WalWriteError);
    expect(errors).toHaveLength(1);
    failWrites(false);
    const resumed = journal.resume();
    await release();
    await resumed;
    const kept = journal.append('"n":2');
    await release();
    await kept.durable;
    expect(datasyncs()).toBe(0);
    const lines = (await readWal(path)).entries as Array<{ n?: number }>;
    expect(lines.map((line) => line.n)).toEqual([undefined, 2]);
    await journal.close();
  });
});

const later = () => new Promise((resolve) => setTimeout(resolve, 20));

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}

/** A writer whose fsyncs (the real ones, run first) settle only when the test says so. */
async function heldFsyncs(
  name: string,
  maxQueuedBytes?: number,
  options: Partial<WalWriterOptions> = {},
) {
  const path = join(dir, name);
  const file = await open(path, 'a');
  const fsyncs: Array<{ succeed(): void; fail(): void }> = [];
  const held: WalFile = {
    write: file.write.bind(file) as WalFile['write'],
    datasync: () =>
      file.datasync().then(
        () =>
          new Promise<void>((resolve, reject) => {
            fsyncs.push({ succeed: resolve, fail: () => reject(new Error('EIO')) });
          }),
      ),
    truncate: (length) => file.truncate(length),
    close: () => file.close(),
  };
  const { journal, errors } = writerOn(held, {
    ...(maxQueuedBytes === undefined ? {} : { maxQueuedBytes }),
    ...options,
  });
  return { path, fsyncs, journal, errors };
}

/** A writer on `file` from its start, stamping `"at":1`, with the errors it reports. */
function writerOn(file: WalFile, options: Partial<WalWriterOptions> = {}) {
  const errors: unknown[] = [];
  const journal = new WalWriter({
    handle: file,
    bytes: 0,
    stamp: () => '"at":1',
    onError: (error) => errors.push(error),
    ...options,
  });
  return { journal, errors };
}
