import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operationList } from '@refapi/schema';
import { afterAll, describe, expect, it } from 'vitest';
import { createReferenceServer } from '../transport/node/reference-server';
import { driftReport, fidelityLine, formatDriftReport } from './drift';
import { runFullSession } from './full-session';
import { startRecorder } from './record-proxy';

// Fidelity against itself (reference-server spec, section 9): a recording of the reference
// server, replayed by drift against the scenario built from it, scores N/N whatever an
// ordinary session did. The session calls every one of the 23 operations through the recorder
// against a second reference server on node:http, with its clock frozen and running.

const KEY = 'refak_demo_eur_full';
const dir = mkdtempSync(join(tmpdir(), 'ref-fidelity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

/** Records the full session against a fresh demo server; `prepare` may set it up first. */
async function recordSession(
  prepare: (upstream: ReturnType<typeof createReferenceServer>) => void = () => {},
) {
  const upstream = createReferenceServer({ adminToken: 'fidelity-admin' });
  await upstream.ready;
  prepare(upstream);
  const listening = await upstream.listen({ port: 0 });
  const file = join(dir, `session-${++n}.jsonl`);
  const recorder = await startRecorder({ upstream: listening.baseUrl, port: 0, out: file });
  try {
    const statuses = await runFullSession(recorder.baseUrl, KEY);
    return { file, statuses };
  } finally {
    await recorder.close();
    await listening.close();
    await upstream.close();
  }
}

describe('drift on a recording of the reference server itself', () => {
  it.each([
    ['frozen', true],
    ['running', false],
  ])('finds no difference in a session of all 23 operations (clock %s)', async (_, frozen) => {
    const { file, statuses } = await recordSession((upstream) => {
      if (frozen) upstream.admin.clock.freeze(true);
    });
    const report = await driftReport(file);
    expect(report.differences).toEqual([]);
    expect(report.unverifiable).toEqual([]);
    expect(report.first_difference).toBeNull();
    expect(report.compared).toBe(statuses.length);
    expect(Object.keys(report.operations).sort()).toEqual(
      operationList.map((op) => op.operationId).sort(),
    );
    expect(fidelityLine(report)).toBe(
      `fidelity ${statuses.length}/${statuses.length} (0 unverifiable)`,
    );
  });

  it('names the exchange the upstream answered otherwise first, its consequences after it', async () => {
    const { file, statuses } = await recordSession((upstream) => {
      upstream.admin.clock.freeze(true);
      // The upstream refuses the rule: everything after it lists one rule fewer.
      upstream.admin.failNext('createShieldRule', 503, { error: 'shield_unavailable' });
    });
    const at = statuses.findIndex(([call]) => call === 'POST /services/REF-SVC-101/shield/rules');
    const report = await driftReport(file);
    expect(report.first_difference).toBe(at + 1);
    expect(report.differences[0]).toMatchObject({
      seq: at + 1,
      operation: 'createShieldRule',
      json_path: '(status)',
      recorded: 503,
      replayed: 202,
    });
    // The listings after it differ because of it, and say so.
    const later = report.differences.filter((d) => d.seq > at + 1);
    expect(later.length).toBeGreaterThan(0);
    for (const difference of later) expect(difference.after).toBe(at + 1);
    const text = formatDriftReport(report);
    expect(text).toContain(
      `first difference: #${at + 1} createShieldRule POST /v1/services/REF-SVC-101/shield/rules: (status): 503 -> 202`,
    );
    expect(text).toContain(`(after the differing write #${at + 1})`);
  });
});
