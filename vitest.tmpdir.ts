import { rmSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'refapi-test-';

/** Whether process `pid` still runs (EPERM: it does, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Gives the test run a temp directory of its own and removes it when the run ends. Tests
 * and the processes they spawn make config homes, state files and lock files with
 * `mkdtemp(tmpdir())`, about a thousand a run: each one left behind stayed in the machine's
 * temp directory for good. Every project's setup shares the directory the first one made
 * (`TMPDIR` is what `os.tmpdir()` reads, in the workers and in the processes they spawn).
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.REFAPI_TEST_TMPDIR !== undefined) return undefined;
  const parent = tmpdir();
  // A run interrupted mid-test (Ctrl-C) ends without its teardown or exit handlers: its
  // directory, named after its process, goes once that process is gone.
  for (const name of await readdir(parent)) {
    const pid = Number(new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (pid > 0 && pid !== process.pid && !alive(pid)) {
      await rm(join(parent, name), { recursive: true, force: true });
    }
  }
  const dir = await mkdtemp(join(parent, `${PREFIX}${process.pid}-`));
  process.env.REFAPI_TEST_TMPDIR = dir;
  process.env.TMPDIR = dir;
  // One interrupted during the setups exits through here.
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  // A process a test left running may still write there: the run's outcome stands, and the
  // directory left behind is named.
  return () =>
    rm(dir, { recursive: true, force: true, maxRetries: 3 }).catch((error: unknown) => {
      console.warn(`could not remove the test run's temp directory ${dir}: ${String(error)}`);
    });
}
