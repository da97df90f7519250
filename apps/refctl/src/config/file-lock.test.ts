import { mkdir, mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lock } from 'proper-lockfile';
import { describe, expect, it } from 'vitest';
import { FileLockedError, whileLocked } from './file-lock';

const fileIn = async () => join(await mkdtemp(join(tmpdir(), 'refctl-lock-')), 'refctl', 'x.json');

describe('whileLocked', () => {
  it('runs one change at a time, and leaves no lock behind', async () => {
    const path = await fileIn();
    const order: string[] = [];
    const change = (name: string) => async () => {
      order.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, 30));
      order.push(`${name} out`);
    };
    await Promise.all([whileLocked(path, change('a')), whileLocked(path, change('b'))]);
    // Either may take the lock first (both race for it); the other runs only after.
    expect([
      ['a in', 'a out', 'b in', 'b out'],
      ['b in', 'b out', 'a in', 'a out'],
    ]).toContainEqual(order);
    expect(await readdir(join(path, '..'))).toEqual([]);
  });

  it('gives up with FileLockedError while another run holds the lock', async () => {
    const path = await fileIn();
    await mkdir(join(path, '..'), { recursive: true });
    const release = await lock(path, { realpath: false });
    let ran = false;
    try {
      await expect(
        whileLocked(path, async () => {
          ran = true;
        }),
      ).rejects.toThrow(new FileLockedError(path));
    } finally {
      await release();
    }
    expect(ran).toBe(false);
  });

  it('names a file in the way of the lock', async () => {
    const path = await fileIn();
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(`${path}.lock`, '');
    const minuteAgo = new Date(Date.now() - 60_000);
    await utimes(`${path}.lock`, minuteAgo, minuteAgo);
    await expect(whileLocked(path, async () => 'changed')).rejects.toThrow(
      `cannot lock ${path}: ${path}.lock is in the way (ENOTDIR); remove it if no refctl is running`,
    );
  });

  it('takes over the lock of a run that died holding it', async () => {
    const path = await fileIn();
    await mkdir(`${path}.lock`, { recursive: true });
    const minuteAgo = new Date(Date.now() - 60_000);
    await utimes(`${path}.lock`, minuteAgo, minuteAgo);
    expect(await whileLocked(path, async () => 'changed')).toBe('changed');
  });
});
