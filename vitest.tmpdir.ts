import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Gives the test run a temp directory of its own and removes it when the run ends. Tests
 * and the processes they spawn make config homes, state files and lock files with
 * `mkdtemp(tmpdir())`, about a thousand a run: each one left behind stayed in the machine's
 * temp directory for good. Every project's setup shares the directory the first one made
 * (`TMPDIR` is what `os.tmpdir()` reads, in the workers and in the processes they spawn).
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.REFAPI_TEST_TMPDIR !== undefined) return undefined;
  const dir = await mkdtemp(join(tmpdir(), 'refapi-test-'));
  process.env.REFAPI_TEST_TMPDIR = dir;
  process.env.TMPDIR = dir;
  return () => rm(dir, { recursive: true, force: true, maxRetries: 3 });
}
