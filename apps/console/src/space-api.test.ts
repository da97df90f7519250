import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminError } from './api';
import { adminIn } from './space-api';

afterEach(() => vi.unstubAllGlobals());

/** Records each call's method and path; answers `answer(path)`. */
function serve(answer: (path: string) => Response = () => Response.json({ requests: [] })) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${path}`);
      return answer(path);
    }),
  );
  return calls;
}

const everyCall = async (api: ReturnType<typeof adminIn>) => {
  await api.state();
  await api.clock();
  await api.setClock({ frozen: true });
  await api.controls();
  await api.setControl('/__admin/faults', { power: 'reject' });
  await api.requests(5);
  await api.reset();
  await api.shieldTelemetry('REF-ACCT-1', 'REF-SVC-101', 'traffic', { window_hours: 24 });
  await api.restoreSnapshot('before');
  await api.deleteSnapshot('before');
};

describe('adminIn', () => {
  it('calls the root’s admin paths without a space', async () => {
    const calls = serve();
    await everyCall(adminIn(undefined));
    expect(calls).toEqual([
      'GET /__admin/state',
      'GET /__admin/clock',
      'POST /__admin/clock',
      'GET /__admin/controls',
      'POST /__admin/faults',
      'GET /__admin/requests?limit=5',
      'POST /__admin/reset',
      'GET /__admin/accounts/REF-ACCT-1/services/REF-SVC-101/shield/traffic?window_hours=24',
      'POST /__admin/snapshots/before/restore',
      'DELETE /__admin/snapshots/before',
    ]);
    expect(adminIn(undefined).requestsStreamUrl).toBe('/__admin/requests/stream');
  });

  it('calls the same paths under /spaces/{id} in a space, the stream too', async () => {
    const calls = serve();
    await everyCall(adminIn('sp_x'));
    expect(calls).toHaveLength(10);
    for (const call of calls) expect(call).toMatch(/^(GET|POST|DELETE) \/spaces\/sp_x\/__admin\//);
    expect(calls[4]).toBe('POST /spaces/sp_x/__admin/faults');
    expect(adminIn('sp_x').requestsStreamUrl).toBe('/spaces/sp_x/__admin/requests/stream');
  });

  it('tells of a space gone (404 space_not_found), not of other errors', async () => {
    let error = 'space_not_found';
    serve(() => Response.json({ error }, { status: 404 }));
    const onGone = vi.fn();
    const api = adminIn('sp_x', onGone);
    await expect(api.state()).rejects.toMatchObject({ status: 404, error: 'space_not_found' });
    expect(onGone).toHaveBeenCalledTimes(1);
    error = 'not_found';
    await expect(api.state()).rejects.toBeInstanceOf(AdminError);
    expect(onGone).toHaveBeenCalledTimes(1);
  });
});
