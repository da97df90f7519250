import type { ClockEventEntry, RequestEntry } from '@refapi/server/browser';

/** A journal entry with sensible defaults, for unit tests. */
export function entry(patch: Partial<RequestEntry> = {}): RequestEntry {
  return {
    id: 'req_aaaaaaaaaaaaaaaaaaaaaaaa',
    space_id: null,
    time: '2026-01-01T00:00:00.000Z',
    operation: 'getAccount',
    method: 'GET',
    path: '/v1/me',
    query: '',
    status: 200,
    duration_ms: 1.5,
    account_ref: 'REF-ACCT-1',
    idempotency_key: null,
    replayed: false,
    fault: null,
    request: { headers: { authorization: '[redacted]' }, body: null, body_truncated: false },
    response: { headers: {}, body: '{}', body_truncated: false },
    ...patch,
  };
}

/** A clock event of the journal (a renewal) with sensible defaults, for unit tests. */
export function clockEntry(patch: Partial<ClockEventEntry> = {}): ClockEventEntry {
  return {
    kind: 'clock_event',
    id: null,
    space_id: null,
    time: '2026-02-01T00:00:00.000Z',
    due_at: '2026-02-01T00:00:00.000Z',
    account_ref: 'REF-ACCT-1',
    event: 'service_renewal',
    ...patch,
  };
}
