import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = new URL('./check-rooms.mjs', import.meta.url).pathname;
let dir: string | undefined;

/** A made-up src/ with `a.ts` importing only a type from `b/`. */
async function rooms(bImportsA: boolean): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'rooms-'));
  const src = join(dir, 'src');
  await mkdir(join(src, 'b'), { recursive: true });
  await writeFile(
    join(src, 'a.ts'),
    "import type { X } from './b/x';\nexport const a = (x: X) => x;\n",
  );
  await writeFile(
    join(src, 'b', 'x.ts'),
    `${bImportsA ? "import { a } from '../a';\nexport const y = a;\n" : ''}export type X = number;\n`,
  );
  return src;
}

afterEach(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe('lint:rooms', () => {
  it('reports a circle between rooms that a type-only import closes', async () => {
    const failed = await run(process.execPath, [script, await rooms(true)]).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect('code' in failed && failed.code).toBe(1);
    expect('stderr' in failed && failed.stderr).toContain('rooms: a circle of 2: a.ts, b');
  });

  it('passes rooms that import one way', async () => {
    const { stdout } = await run(process.execPath, [script, await rooms(false)]);
    expect(stdout).toMatch(/rooms: 2 rooms of .*, no circle/);
  });
});
