import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StateFileError } from './state-file-error';
import { encodeLine } from './wal-line';
import { readWal } from './wal-reader';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'refapi-journal-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const lines = [1, 2, 3].map((n) => encodeLine(JSON.stringify({ n })));

async function journal(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

describe('readWal', () => {
  // A FIFO held the start until a writer came; /dev/zero never ended (memory grew until killed).
  it.runIf(process.platform !== 'win32')(
    'refuses a FIFO or a device at the journal path at once',
    async () => {
      const fifo = join(dir, 'fifo');
      execFileSync('mkfifo', [fifo]);
      await expect(readWal(fifo)).rejects.toThrow(
        new StateFileError(`journal ${fifo} is not a regular file: refusing to start`),
      );
      const zero = join(dir, 'zero');
      await symlink('/dev/zero', zero);
      await expect(readWal(zero)).rejects.toBeInstanceOf(StateFileError);
    },
  );

  it('reads every whole line', async () => {
    const scan = await readWal(await journal('whole', lines.join('')));
    expect(scan).toEqual({
      entries: [{ n: 1 }, { n: 2 }, { n: 3 }],
      validBytes: lines.join('').length,
    });
  });

  it('drops a last line cut mid-way (no newline) and reports it', async () => {
    const text = lines[0]! + lines[1]! + lines[2]!.slice(0, 9);
    const scan = await readWal(await journal('cut', text));
    expect(scan.entries).toEqual([{ n: 1 }, { n: 2 }]);
    expect(scan.validBytes).toBe(lines[0]!.length + lines[1]!.length);
    expect(scan.torn).toMatch(/line 3/);
  });

  it('drops a last line whose checksum fails', async () => {
    const text = lines[0]! + lines[1]!.replace('2', '7');
    const scan = await readWal(await journal('flipped-last', text));
    expect(scan.entries).toEqual([{ n: 1 }]);
    expect(scan.torn).toMatch(/checksum/);
  });

  it('refuses a corrupt line before the end', async () => {
    const text = lines[0]! + lines[1]!.replace('2', '7') + lines[2]!;
    const path = await journal('flipped-middle', text);
    await expect(readWal(path)).rejects.toThrow(StateFileError);
    await expect(readWal(path)).rejects.toThrow(/corrupt at line 2 \(checksum mismatch\)/);
  });
});
