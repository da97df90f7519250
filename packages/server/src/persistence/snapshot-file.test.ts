import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeferredPiece } from '../internal/json-pieces';
import { recordFormat } from './record-format';
import { readSnapshot, type Snapshot, writeSnapshot } from './snapshot-file';
import { StateFileError } from './state-file-error';
import { stateLayout } from './state-layout';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'refapi-snapshot-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const snapshot: Snapshot = {
  generation: 3,
  wallMs: 1_767_225_600_000,
  controls: {
    faults: { power: 'fail', shield: 'ok', latencyMs: 5 },
    shield: { paused: true, retryAfterSeconds: 30 },
  },
  state: JSON.stringify({ now: '2026-01-01T00:00:00.000Z', accounts: [{ email: 'é@x.test' }] }),
  base: JSON.stringify({ accounts: [] }),
  baseStartMs: 42,
};

describe('snapshot file', () => {
  it('round-trips, leaves no temp file and is private to its owner', async () => {
    const layout = stateLayout(join(dir, 'round-trip.json'));
    await writeSnapshot(layout, snapshot);
    // Stamped with this build's record format, which a new capture leaves out.
    expect(await readSnapshot(layout)).toEqual({ ...snapshot, recordFormat: recordFormat() });
    await expect(stat(layout.temp)).rejects.toThrow(/ENOENT/);
    expect((await stat(layout.snapshot)).mode & 0o077).toBe(0);
    // The second line alone is the state document.
    const text = await readFile(layout.snapshot, 'utf8');
    expect(JSON.parse(text.split('\n')[1] ?? '')).toEqual(JSON.parse(snapshot.state));
  });

  it('writes a state given in pieces as the text they join to, with its size and checksum', async () => {
    const layout = stateLayout(join(dir, 'pieces.json'));
    const text = snapshot.state;
    // A piece starts at the two-byte é: each piece is encoded on its own, sizes in bytes.
    const cut = text.indexOf('é');
    const pieces = [text.slice(0, 5), '', text.slice(5, cut), text.slice(cut, -3), text.slice(-3)];
    expect(await writeSnapshot(layout, { ...snapshot, state: pieces })).toBe(
      Buffer.byteLength(text),
    );
    expect(await readSnapshot(layout)).toEqual({ ...snapshot, recordFormat: recordFormat() });
  });

  describe('a state whose pieces take longer to make than a slice', () => {
    afterEach(() => vi.useRealTimers());

    it('lets other work run between slices, also while a suite fakes the timers', async () => {
      const layout = stateLayout(join(dir, 'slices.json'));
      const events: string[] = [];
      // A piece that keeps the event loop ~6 ms to make (a block of records serialized late).
      const slow = (text: string) =>
        new DeferredPiece(() => {
          const until = performance.now() + 6;
          while (performance.now() < until);
          events.push(text);
          return text;
        });
      // Logs each turn the event loop gets while the snapshot is written.
      let writing = true;
      const turn = () => {
        events.push('turn');
        if (writing) setImmediate(turn);
      };
      setImmediate(turn);
      vi.useFakeTimers();
      await writeSnapshot(layout, {
        ...snapshot,
        state: ['{"a":', slow('1'), ',"b":', slow('2'), '}'],
      });
      writing = false;
      vi.useRealTimers();
      expect(events.slice(events.indexOf('1'), events.indexOf('2') + 1)).toContain('turn');
      expect((await readSnapshot(layout))?.state).toBe('{"a":1,"b":2}');
    });

    it('is given up between slices once its signal is aborted, before any file is opened', async () => {
      const layout = stateLayout(join(dir, 'given-up.json'));
      const stopping = new AbortController();
      let made = 0;
      const slow = new DeferredPiece(() => {
        made++;
        const until = performance.now() + 6;
        while (performance.now() < until);
        return '1';
      });
      const write = writeSnapshot(
        layout,
        { ...snapshot, state: ['{"a":', slow, ',"b":', new DeferredPiece(() => `${++made}`), '}'] },
        stopping.signal,
      );
      stopping.abort();
      await expect(write).rejects.toBe(stopping.signal.reason);
      expect(made).toBe(1);
      await expect(stat(layout.temp)).rejects.toThrow(/ENOENT/);
      await expect(stat(layout.snapshot)).rejects.toThrow(/ENOENT/);
    });
  });

  it.runIf(process.platform !== 'win32')(
    'refuses a FIFO at its path at once (it held the start until a writer came)',
    async () => {
      const layout = stateLayout(join(dir, 'fifo.json'));
      execFileSync('mkfifo', [layout.snapshot]);
      await expect(readSnapshot(layout)).rejects.toThrow(
        new StateFileError(
          `state file ${layout.snapshot} is not a regular file: refusing to start`,
        ),
      );
    },
  );

  it('is undefined when there is no file', async () => {
    expect(await readSnapshot(stateLayout(join(dir, 'missing.json')))).toBeUndefined();
  });

  it.each([
    [
      'a flipped byte in the state',
      (t: string) => t.replace('@x.test', '@y.test'),
      /checksum mismatch/,
    ],
    ['a cut file', (t: string) => t.slice(0, t.length - 20), /cut short/],
    ['a damaged header', (t: string) => `#${t}`, /unreadable header/],
    ['an empty file', () => '', /no header line/],
  ])('refuses %s', async (_name, damage, reason) => {
    const layout = stateLayout(join(dir, `damaged-${Math.random()}.json`));
    await writeSnapshot(layout, snapshot);
    await writeFile(layout.snapshot, damage(await readFile(layout.snapshot, 'utf8')));
    const read = readSnapshot(layout);
    await expect(read).rejects.toThrow(StateFileError);
    await expect(readSnapshot(layout)).rejects.toThrow(reason);
  });
});
