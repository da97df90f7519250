import { ShieldEvidenceItem } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import {
  EVIDENCE_INTERVAL_MS,
  EVIDENCE_RETAINED,
  type EvidenceSource,
  evidencePage,
} from './evidence';

const ACTIVE = Date.parse('2026-01-01T00:00:10Z');
const HOUR = 3_600_000;
const source = (patch: Partial<EvidenceSource> = {}): EvidenceSource => ({
  id: '0b6f7d52-7f0e-4e59-9d55-2a1f3c7e9a10',
  protected_ip: '203.0.113.10',
  action: 'rate_limit',
  protocol: 'tcp',
  destination_port: 443,
  active_since: ACTIVE,
  ...patch,
});

function walk(src: EvidenceSource, now: number, limit: number, action?: 'drop' | 'rate_limit') {
  const pages = [];
  let after: number | undefined;
  for (;;) {
    const page = evidencePage(src, { now, limit, action, after });
    pages.push(page.items);
    if (page.continueAfter === null) return pages;
    after = page.continueAfter;
  }
}

describe('evidencePage', () => {
  it('has no samples while the rule is not active, or for pass rules', () => {
    expect(
      evidencePage(source({ active_since: null }), { now: ACTIVE + HOUR, limit: 50 }).items,
    ).toEqual([]);
    expect(
      evidencePage(source({ action: 'pass' }), { now: ACTIVE + HOUR, limit: 50 }).items,
    ).toEqual([]);
  });

  it('yields valid sanitized samples for the protected IP, newest first', () => {
    const { items } = evidencePage(source(), { now: ACTIVE + HOUR, limit: 50 });
    expect(items).toHaveLength(50);
    for (const item of items) {
      expect(ShieldEvidenceItem.parse(item)).toEqual(item);
      expect(item.destination_address).toBe('203.0.113.10');
      expect(item.destination_port).toBe(443);
      expect(Date.parse(item.received_at)).toBeLessThanOrEqual(ACTIVE + HOUR);
    }
    const observed = items.map((i) => Date.parse(i.observed_at));
    expect(observed).toEqual([...observed].sort((a, b) => b - a));
  });

  it('walks every sample exactly once across pages, and grows as the clock moves', () => {
    const now = ACTIVE + HOUR;
    const pages = walk(source(), now, 50);
    const all = pages.flat();
    expect(pages.slice(0, -1).every((p) => p.length === 50)).toBe(true);
    expect(new Set(all.map((i) => i.observed_at)).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(HOUR / EVIDENCE_INTERVAL_MS - 1);
    expect(walk(source(), now, 7).flat()).toEqual(all);
    expect(walk(source(), now + 10 * EVIDENCE_INTERVAL_MS, 50).flat().length).toBe(all.length + 10);
  });

  it('filters by action across pages', () => {
    const now = ACTIVE + 2 * HOUR;
    const all = walk(source(), now, 50).flat();
    const drops = walk(source(), now, 50, 'drop').flat();
    const limited = walk(source(), now, 50, 'rate_limit').flat();
    expect(drops.length).toBeGreaterThan(0);
    expect(limited.length).toBeGreaterThan(0);
    expect(drops.every((i) => i.action === 'drop')).toBe(true);
    expect(limited.every((i) => i.action === 'rate_limit')).toBe(true);
    expect(drops.length + limited.length).toBe(all.length);
    expect(walk(source({ action: 'drop' }), now, 50, 'rate_limit').flat()).toEqual([]);
  });

  it('keeps only the newest samples', () => {
    const all = walk(source(), ACTIVE + 10 * 24 * HOUR, 50).flat();
    expect(all).toHaveLength(EVIDENCE_RETAINED);
  });

  it('is deterministic', () => {
    const page = evidencePage(source(), { now: ACTIVE + HOUR, limit: 10 });
    expect(evidencePage(source(), { now: ACTIVE + HOUR, limit: 10 })).toEqual(page);
  });
});
