import { spawnSync } from 'node:child_process';
import { copyFile, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReferenceServer, StateFileError } from '../src/index';
import { recordFormat } from '../src/persistence/record-format';
import { readSnapshot, writeSnapshot } from '../src/persistence/snapshot-file';
import { stateLayout } from '../src/persistence/state-layout';
import { OPENING_CENTS, ORDER, openState, stateScenario, useTempDir } from './persistence-harness';
import { refServerArgs } from './ref-server-process';

const dir = useTempDir();
const PRICE_CENTS = 595;

/** A state file holding `orders` orders, each its own journal line, closed cleanly. */
async function stateWithOrders(name: string, orders: number): Promise<string> {
  const file = join(dir(), name);
  const state = await openState(file);
  for (let i = 0; i < orders; i++) {
    expect((await state.call('POST', '/orders', { body: ORDER, idem: `o-${i}` })).status).toBe(200);
  }
  await state.server.close();
  return file;
}

async function balanceCents(file: string, warnings: string[] = []): Promise<number> {
  const state = await openState(file, { onWarning: (message) => warnings.push(message) });
  const balance = await state.call('GET', '/balance');
  await state.server.close();
  return Math.round(balance.body.amount * 100);
}

async function openFails(file: string): Promise<StateFileError> {
  const server = createReferenceServer({ scenario: stateScenario(), stateFile: file });
  const error = await server.ready.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StateFileError);
  return error as StateFileError;
}

describe('stateFile after a crash', () => {
  it('drops a torn last journal line with a warning, and goes on appending after it', async () => {
    const file = await stateWithOrders('torn.json', 3);
    const journal = `${file}.journal.1`;
    const text = await readFile(journal, 'utf8');
    const cut = text.lastIndexOf('\n', text.length - 2) + 40;
    await writeFile(journal, text.slice(0, cut));

    const warnings: string[] = [];
    expect(await balanceCents(file, warnings)).toBe(OPENING_CENTS - 2 * PRICE_CENTS);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /unreadable last line of journal .*journal\.1 \(line 3.*, \d+ bytes\)/,
    );
    // It knows the line is unreadable, not that nobody was told it was written.
    expect(warnings[0]).not.toMatch(/never acknowledged/);
    // The torn bytes are gone, so the next line starts on a clean line.
    expect((await stat(journal)).size).toBe(text.lastIndexOf('\n', text.length - 2) + 1);
    const state = await openState(file);
    const again = await state.call('POST', '/orders', { body: ORDER, idem: 'o-2' });
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    await state.server.close();
    const after: string[] = [];
    expect(await balanceCents(file, after)).toBe(OPENING_CENTS - 3 * PRICE_CENTS);
    expect(after).toEqual([]);
  });

  it('refuses to start on a corrupt snapshot rather than serve empty state', async () => {
    const file = await stateWithOrders('corrupt-snapshot.json', 1);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('"balance":', '"balanze":'));
    const error = await openFails(file);
    expect(error.message).toMatch(
      /state file .*corrupt-snapshot\.json is corrupt \(state checksum mismatch\)/,
    );
    expect(error.message).not.toContain('\n');
  });

  it('refuses to start on a state whose Shield snapshot is malformed, naming its path', async () => {
    // Older servers accepted any `extensions.shield` and exported it again as loaded.
    const file = await stateWithOrders('legacy-shield.json', 0);
    const layout = stateLayout(file);
    const snapshot = await readSnapshot(layout);
    if (snapshot === undefined) throw new Error('no snapshot');
    const state = JSON.parse(snapshot.state);
    state.extensions = { shield: { version: 1, rules: 'not a list' } };
    await writeSnapshot(layout, { ...snapshot, state: JSON.stringify(state) });
    const error = await openFails(file);
    expect(error.message).toMatch(
      /^state file .*legacy-shield\.json holds an unusable state \(invalid_scenario: extensions\.shield\.infrastructure_since: is required\)$/,
    );
  });

  it('validates each record of a state file another build wrote, and loads it when valid', async () => {
    const file = await stateWithOrders('other-build.json', 1);
    const layout = stateLayout(file);
    const snapshot = await readSnapshot(layout);
    if (snapshot === undefined) throw new Error('no snapshot');
    expect(snapshot.recordFormat).toBe(recordFormat());
    // Records this build never checked: a valid one loads, an invalid one stops the start.
    await writeSnapshot(layout, { ...snapshot, recordFormat: '0.0.1+other' });
    expect(await balanceCents(file)).toBe(OPENING_CENTS - PRICE_CENTS);
    const state = JSON.parse(snapshot.state);
    state.accounts[0].services[0].auto_renew = 'yes';
    await writeSnapshot(layout, {
      ...snapshot,
      state: JSON.stringify(state),
      recordFormat: '0.0.1+other',
    });
    expect((await openFails(file)).message).toMatch(
      /^state file .*other-build\.json holds an unusable state \(invalid_scenario: accounts\[0\]\.services\[0\]\.auto_renew: must be boolean\)$/,
    );
  });

  it('refuses to start on a corrupt line before the end of the journal', async () => {
    const file = await stateWithOrders('corrupt-middle.json', 3);
    const journal = `${file}.journal.1`;
    const lines = (await readFile(journal, 'utf8')).split('\n');
    lines[1] = (lines[1] ?? '').replace('"balance_cents":', '"balance_cents": ');
    await writeFile(journal, lines.join('\n'));
    expect((await openFails(file)).message).toMatch(/corrupt at line 2 \(checksum mismatch\)/);
  });

  it('refuses a journal without its snapshot', async () => {
    const file = await stateWithOrders('orphan.json', 1);
    await rm(file);
    expect((await openFails(file)).message).toMatch(/exists without its state file/);
  });

  it('loads what a crash during compaction leaves: both journals before the rename', async () => {
    // A rotation right after line 1 whose new snapshot never made it: snapshot 1 + 2 journals.
    const file = await stateWithOrders('mid-compaction.json', 3);
    const lines = (await readFile(`${file}.journal.1`, 'utf8')).split(/(?<=\n)/);
    await writeFile(`${file}.journal.1`, lines[0] ?? '');
    await writeFile(`${file}.journal.2`, lines.slice(1).join(''));
    await writeFile(`${file}.tmp`, 'half a snapshot');
    expect(await balanceCents(file)).toBe(OPENING_CENTS - 3 * PRICE_CENTS);
    await expect(stat(`${file}.tmp`)).rejects.toThrow(/ENOENT/);
  });

  it('loads what a crash during compaction leaves: a stale journal after the rename', async () => {
    const file = join(dir(), 'after-rename.json');
    const state = await openState(file, { stateCompactBytes: 2048 });
    for (let i = 0; i < 6; i++)
      await state.call('POST', '/orders', { body: ORDER, idem: `a-${i}` });
    await state.server.close();
    const generation = JSON.parse((await readFile(file, 'utf8')).split('\n')[0] ?? '').generation;
    expect(generation).toBeGreaterThan(1);
    const stale = `${file}.journal.${generation - 1}`;
    await writeFile(stale, 'whatever the old journal held\n');
    expect(await balanceCents(file)).toBe(OPENING_CENTS - 6 * PRICE_CENTS);
    expect((await readdir(dir())).filter((name) => name.startsWith('after-rename'))).not.toContain(
      `after-rename.json.journal.${generation - 1}`,
    );
  });

  it('ref-server prints one line and exits 1 on a corrupt state file', async () => {
    const file = await stateWithOrders('bin-corrupt.json', 1);
    const copy = join(dir(), 'bin-corrupt-copy.json');
    await copyFile(file, copy);
    const text = await readFile(copy, 'utf8');
    await writeFile(copy, text.slice(0, text.indexOf('\n') + 100));
    const run = spawnSync(
      process.execPath,
      [...refServerArgs(), '--port', '0', '--state-file', copy],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^ref-server: state file .*bin-corrupt-copy\.json is corrupt \(state cut short\): refusing to start$/,
      ),
    ]);
    expect(run.stdout).not.toContain('listening');
  });
});
