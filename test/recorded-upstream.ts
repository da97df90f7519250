import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createReferenceServer } from '@refapi/server';
import { afterAll, beforeAll } from 'vitest';
import { startRecorder } from '../packages/server/test/record-process';

/** A reference server and the `ref-server record` in front of it (see {@link recordedUpstream}). */
export interface RecordedUpstream {
  /** The upstream, for its admin controls (the provider's doing, never recorded). */
  readonly upstream: ReturnType<typeof createReferenceServer>;
  /** The upstream's API base URL, without the recorder between. */
  direct: string;
  /** The recorder's API base URL. */
  proxy: string;
  /** The recorder's process: SIGTERM has it flush the file and exit 0. */
  recorder: ChildProcess;
  /** The recording the recorder writes, in a directory removed after the file's tests. */
  readonly file: string;
}

/**
 * Starts, before the calling test file's tests, a reference server on 127.0.0.1 (its clock
 * `frozen` or running) and `ref-server record` in front of it as a user runs it (the built
 * bin, its own process), and stops both after them.
 */
export function recordedUpstream({
  adminToken,
  frozen,
}: {
  adminToken: string;
  frozen: boolean;
}): RecordedUpstream {
  const upstream = createReferenceServer({ adminToken });
  const dir = mkdtempSync(join(tmpdir(), 'ref-record-e2e-'));
  let listening: Awaited<ReturnType<typeof upstream.listen>> | undefined;
  const recorded = {
    upstream,
    direct: '',
    proxy: '',
    recorder: undefined as unknown as ChildProcess,
    file: join(dir, 'recording.jsonl'),
  };
  beforeAll(async () => {
    await upstream.ready;
    if (frozen) upstream.admin.clock.freeze(true);
    listening = await upstream.listen({ port: 0 });
    recorded.direct = listening.baseUrl;
    const { child, baseUrl } = await startRecorder(listening.baseUrl, recorded.file);
    recorded.recorder = child;
    recorded.proxy = baseUrl;
  }, 30_000);
  afterAll(async () => {
    if (recorded.recorder?.exitCode === null) recorded.recorder.kill();
    await listening?.close();
    await upstream.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return recorded;
}
