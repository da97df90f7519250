import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { classifyIssues } from './response-check';

const Item = z.strictObject({ kind: z.enum(['preset', 'custom']), tier: z.literal('advanced') });
const Schema = z.strictObject({
  items: z.array(Item),
  state: z.enum(['off', 'applying', 'active', 'rolling_back', 'failed']),
  count: z.number(),
});
const valid = { items: [{ kind: 'custom', tier: 'advanced' }], state: 'active', count: 1 };

const classify = (body: unknown) => {
  const parsed = Schema.safeParse(body);
  if (parsed.success) throw new Error('expected issues');
  return classifyIssues(parsed.error.issues, body);
};

describe('classifyIssues', () => {
  it('calls unknown properties and new values of open enums drift, with collapsed paths', () => {
    const body = {
      ...valid,
      extra: 1,
      items: [
        { kind: 'geo', tier: 'advanced', note: 'a' },
        { kind: 'geo', tier: 'advanced', note: 'b' },
      ],
    };
    const { drift, breaking } = classify(body);
    expect(breaking).toEqual([]);
    expect(drift.map((d) => d.message).sort()).toEqual([
      'unknown property "extra"',
      'unknown property "items[].note"',
      'unknown property "items[].note"',
      'unknown value "geo" of "items[].kind"',
      'unknown value "geo" of "items[].kind"',
    ]);
  });

  it('calls a missing field, a wrong type and a changed literal breakage', () => {
    const { count: _count, ...noCount } = valid;
    expect(classify(noCount).breaking.map((i) => i.path)).toEqual([['count']]);
    expect(classify({ ...valid, count: '1' }).breaking).toHaveLength(1);
    const literal = { ...valid, items: [{ kind: 'custom', tier: 'basic' }] };
    expect(classify(literal).breaking.map((i) => i.path)).toEqual([['items', 0, 'tier']]);
    // A non-string where an enum is expected is a wrong type, not a new value.
    expect(classify({ ...valid, items: [{ kind: 3, tier: 'advanced' }] }).breaking).toHaveLength(1);
  });

  it('keeps enums the SDK branches on (the profile state) strict', () => {
    const { drift, breaking } = classify({ ...valid, state: 'paused' });
    expect(drift).toEqual([]);
    expect(breaking.map((i) => i.path)).toEqual([['state']]);
  });
});
