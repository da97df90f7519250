// A hypothetical admin control, declared as CONTRIBUTING.md "Adding an admin control" shows
// (one slice with its route) and registered in a test-only registry: the server serves its
// route, journals and snapshots it, replays it after a restart and resets it, with no other
// file knowing about it. The control itself is not shipped.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineControl } from '../src/controls/control-slice';
import { controlSlices } from '../src/controls/registry';
import { attachStateFile } from '../src/persistence/state-file';
import { createReferenceCore } from '../src/server/reference-core';
import { scenario } from '../src/testing/scenario-builder';
import { useTempDir } from './persistence-harness';

const Jitter = z.strictObject({ maxMs: z.int().min(0) });

const jitterControl = defineControl({
  name: 'jitter',
  schema: Jitter,
  initial: (): z.infer<typeof Jitter> => ({ maxMs: 0 }),
  route: {
    path: '/__admin/jitter',
    body: z.strictObject({ max_ms: z.int().min(0).max(60_000) }),
    toPatch: (body) => ({ maxMs: body.max_ms }),
    view: (jitter) => ({ max_ms: jitter.maxMs }),
  },
});

const TOKEN = 'control-slice-admin';
const dir = useTempDir();

function open(stateFile: string, compactBytes?: number) {
  const parts = createReferenceCore(
    {
      scenario: scenario().now('2026-01-01T00:00:00Z', { frozen: true }).build(),
      adminToken: TOKEN,
    },
    attachStateFile({
      path: stateFile,
      onWarning: () => {},
      ...(compactBytes === undefined ? {} : { compactBytes }),
    }),
    [...controlSlices, jitterControl],
  );
  const admin = async (method: string, path: string, body?: unknown) => {
    const response = await parts.core.fetch(`http://ref.test${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  };
  return {
    admin,
    ready: parts.core.ready,
    close: () => parts.durable?.close() ?? Promise.resolve(),
  };
}

describe('a control registered as one slice', () => {
  it('is served, validated, journaled, replayed after a restart and reset', async () => {
    const file = join(dir(), 'jitter.json');
    const first = open(file);
    await first.ready;
    expect(await first.admin('GET', '/__admin/jitter')).toEqual({
      status: 200,
      body: { max_ms: 0 },
    });
    expect((await first.admin('POST', '/__admin/jitter', { max_ms: -1 })).status).toBe(400);
    expect(await first.admin('POST', '/__admin/jitter', { max_ms: 25 })).toEqual({
      status: 200,
      body: { max_ms: 25 },
    });
    // The other controls are untouched by it.
    expect((await first.admin('GET', '/__admin/faults')).body.latency_ms).toBe(0);
    await first.close();

    // Replayed from the journal line the change wrote.
    const second = open(file);
    await second.ready;
    expect((await second.admin('GET', '/__admin/jitter')).body).toEqual({ max_ms: 25 });
    expect((await second.admin('POST', '/__admin/reset')).status).toBe(204);
    expect((await second.admin('GET', '/__admin/jitter')).body).toEqual({ max_ms: 0 });
    await second.close();

    const third = open(file);
    await third.ready;
    expect((await third.admin('GET', '/__admin/jitter')).body).toEqual({ max_ms: 0 });
    await third.close();
  });

  it('is kept in the snapshot a compaction writes', async () => {
    const file = join(dir(), 'jitter-snapshot.json');
    // Compacts after every journal line: the snapshot is then the only place it is kept.
    const first = open(file, 1);
    await first.ready;
    await first.admin('POST', '/__admin/jitter', { max_ms: 40 });
    await first.close();
    const header = JSON.parse((await readFile(file, 'utf8')).split('\n')[0] ?? '');
    expect(header.controls.jitter).toEqual({ maxMs: 40 });
    const second = open(file, 1);
    await second.ready;
    expect((await second.admin('GET', '/__admin/jitter')).body).toEqual({ max_ms: 40 });
    await second.close();
  });
});
