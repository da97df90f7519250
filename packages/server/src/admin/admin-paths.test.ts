import { describe, expect, it } from 'vitest';
import { createReferenceCore } from '../server/reference-core';
import { ADMIN_PATH_TEMPLATES, ADMIN_PATHS, inSpace, matchAdminPath } from './admin-paths';

const ADMIN = 'refadm_admin_paths_test';
const ORIGIN = 'https://api.ref.test';

describe('ADMIN_PATHS', () => {
  it('builds the parametrised paths, each value one percent-encoded segment', () => {
    expect(ADMIN_PATHS.requestEntry('req_1')).toBe('/__admin/requests/req_1');
    expect(ADMIN_PATHS.space('sp_x')).toBe('/__admin/spaces/sp_x');
    expect(ADMIN_PATHS.snapshot('before-run.1')).toBe('/__admin/snapshots/before-run.1');
    expect(ADMIN_PATHS.snapshotRestore('a')).toBe('/__admin/snapshots/a/restore');
    expect(ADMIN_PATHS.shieldTelemetry('REF ACCT/1', 'REF-SVC-101', 'protection-activity')).toBe(
      '/__admin/accounts/REF%20ACCT%2F1/services/REF-SVC-101/shield/protection-activity',
    );
  });

  it('puts a path inside a space, or leaves it at the root', () => {
    expect(inSpace('sp_x', ADMIN_PATHS.state)).toBe('/spaces/sp_x/__admin/state');
    expect(inSpace('sp_x', '/v1')).toBe('/spaces/sp_x/v1');
    expect(inSpace(undefined, ADMIN_PATHS.state)).toBe('/__admin/state');
  });

  it('matches a template segment by segment, values as sent', () => {
    const { snapshotRestore, shieldTelemetry } = ADMIN_PATH_TEMPLATES;
    expect(matchAdminPath(snapshotRestore, '/__admin/snapshots/a/restore')).toEqual({ name: 'a' });
    expect(matchAdminPath(snapshotRestore, '/__admin/snapshots//restore')).toBeUndefined();
    expect(matchAdminPath(snapshotRestore, '/__admin/snapshots/a/b/restore')).toBeUndefined();
    expect(matchAdminPath(snapshotRestore, '/__admin/snapshots/a')).toBeUndefined();
    expect(
      matchAdminPath(shieldTelemetry, ADMIN_PATHS.shieldTelemetry('A B', 'S', 'traffic')),
    ).toEqual({ account_ref: 'A%20B', service_ref: 'S', dataset: 'traffic' });
  });

  it('names only paths the server serves, at the root and in a space', async () => {
    const { core } = createReferenceCore({ adminToken: ADMIN });
    await core.ready;
    const call = (method: string, path: string) =>
      core.fetch(`${ORIGIN}${path}`, { method, headers: { authorization: `Bearer ${ADMIN}` } });
    const created = await call('POST', ADMIN_PATHS.spaces);
    const { space_id, admin_url } = (await created.json()) as {
      space_id: string;
      admin_url: string;
    };
    expect(admin_url).toBe(`${ORIGIN}${inSpace(space_id, ADMIN_PATHS.base)}`);
    const { base, spaces, space, requestEntry, snapshot, snapshotRestore, shieldTelemetry } =
      ADMIN_PATHS;
    const named = [
      requestEntry(`req_${'a'.repeat(24)}`),
      snapshot('s'),
      snapshotRestore('s'),
      shieldTelemetry('REF-ACCT-1', 'REF-SVC-101', 'traffic'),
    ];
    const paths = [
      ...Object.values(ADMIN_PATHS).filter((path) => typeof path === 'string' && path !== base),
      ...named,
    ].filter((path) => path !== spaces) as string[];
    for (const path of [...paths, spaces, space(space_id)]) {
      // Any answer but a 404 `not_found`: a 405, or the named thing missing, says it is routed.
      const answer = await call('GET', path);
      expect([path, answer.status === 404 ? await answer.json() : {}]).not.toEqual([
        path,
        { error: 'not_found' },
      ]);
    }
    for (const path of paths) {
      const answer = await call('GET', inSpace(space_id, path));
      expect([path, answer.status === 404 ? await answer.json() : {}]).not.toEqual([
        path,
        { error: 'not_found' },
      ]);
    }
    // Spaces are the root's: a space has none.
    expect((await call('GET', inSpace(space_id, spaces))).status).toBe(404);
  });
});
