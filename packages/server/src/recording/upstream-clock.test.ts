import { describe, expect, it } from 'vitest';
import type { RecordedExchange } from './recording-format';
import { UpstreamClock } from './upstream-clock';

/** An exchange the proxy took at `time`, answered with `date` and `body` (JSON). */
function exchange(seq: number, time: string, date: string, body: object = {}): RecordedExchange {
  const text = JSON.stringify(body);
  const message = {
    body_encoding: 'utf8' as const,
    body_bytes: text.length,
    body_truncated: false,
  };
  return {
    v: 1,
    seq,
    time,
    method: 'GET',
    path: '/v1/me',
    query: '',
    operation: 'getMe',
    status: 200,
    duration_ms: 1,
    request: { ...message, headers: {}, body: null, body_bytes: 0 },
    response: { ...message, headers: { date: new Date(date).toUTCString() }, body: text },
  };
}

describe('UpstreamClock', () => {
  // The upstream's clock moved 41 days between the first two answers, which state no time;
  // the third states it, and its `Date` agrees.
  const before = exchange(1, '2026-11-30T10:00:00.000Z', '2026-01-30T00:00:00Z');
  const moved = exchange(2, '2026-11-30T10:00:00.010Z', '2026-03-12T00:00:00Z');

  it("places answers before the first stated time by their Date once it follows the upstream's clock", () => {
    const clock = new UpstreamClock(Date.parse('2026-01-30T00:00:00Z'), true);
    expect(clock.timeOf(before)).toMatchObject({ ms: Date.parse('2026-01-30T00:00:00Z') });
    expect(clock.timeOf(moved)).toMatchObject({
      ms: Date.parse('2026-03-12T00:00:00Z'),
      by: 'date',
    });
  });

  it('places them at the start when the Date is not known to follow that clock', () => {
    const clock = new UpstreamClock(Date.parse('2026-01-30T00:00:00Z'));
    expect(clock.timeOf(moved)).toMatchObject({
      ms: Date.parse('2026-01-30T00:00:00Z'),
      by: 'estimate',
    });
  });
});
