import { describe, expect, it } from 'vitest';
import type { JournalMessage, RequestEntry } from '../request-journal';
import { journalListing } from './journal-listing';

const message = (body: string | null): JournalMessage => ({
  headers: { 'content-type': 'application/json', 'x-trace': 'tab\there' },
  body,
  body_truncated: false,
});
const entry = (n: number, body: string | null): RequestEntry => ({
  id: `req_${String(n).padStart(24, '0')}`,
  space_id: null,
  time: '2026-01-01T00:00:00.000Z',
  operation: 'createOrder',
  method: 'POST',
  path: '/v1/orders',
  query: '',
  status: 400,
  duration_ms: 0.5,
  account_ref: 'REF-ACCT-1',
  idempotency_key: null,
  replayed: false,
  fault: null,
  request: message(body),
  response: message('{"error":"invalid_json"}'),
});
const bytes = (text: string) => Buffer.byteLength(text);
const parse = (text: string) => (JSON.parse(text) as { requests: RequestEntry[] }).requests;

describe('journalListing', () => {
  const entries = Array.from({ length: 20 }, (_, i) => entry(i, `é\u0001"${'x'.repeat(300)}`));

  it('is the plain JSON listing when everything fits', () => {
    expect(journalListing(entries)).toBe(JSON.stringify({ requests: entries }));
  });

  it('never passes its budget: newest bodies whole, then cut, then emptied, each marked', () => {
    const whole = bytes(JSON.stringify({ requests: entries }));
    for (const max of [whole - 1, Math.floor(whole * 0.9), Math.floor(whole * 0.7)]) {
      const text = journalListing(entries, max);
      expect(bytes(text)).toBeLessThanOrEqual(max);
      const listed = parse(text);
      expect(listed.map((e) => e.id)).toEqual(entries.map((e) => e.id));
      const bodies = listed.flatMap((e) => [e.request, e.response]);
      const originals = entries.flatMap((e) => [e.request, e.response]);
      const firstCut = bodies.findIndex((m) => m.body_truncated);
      expect(firstCut).toBeGreaterThanOrEqual(0);
      bodies.forEach((m, i) => {
        const original = originals[i]?.body as string;
        if (i < firstCut) expect(m).toEqual(originals[i]);
        else if (i === firstCut) expect(original.startsWith(m.body as string)).toBe(true);
        else expect([i, m.body, m.body_truncated]).toEqual([i, '', true]);
      });
    }
  });

  it('keeps an absent body null and leaves out entries that do not fit even without bodies', () => {
    const bare = [entry(1, null), entry(2, null), entry(3, null)];
    const one = bytes(JSON.stringify({ requests: [bare[0]] }));
    expect(parse(journalListing(bare, one + 10))).toEqual([bare[0]]);
    expect(journalListing(bare, 20)).toBe('{"requests":[]}');
  });
});
