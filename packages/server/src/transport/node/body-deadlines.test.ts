import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BodyDeadlines } from './body-deadlines';

describe('BodyDeadlines', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('expires each read still under way when its own deadline passes, in start order', () => {
    const deadlines = new BodyDeadlines(1_000);
    const expired: string[] = [];
    deadlines.start(() => expired.push('first'));
    vi.advanceTimersByTime(400);
    deadlines.start(() => expired.push('second'));
    vi.advanceTimersByTime(599);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(['first']);
    vi.advanceTimersByTime(399);
    expect(expired).toEqual(['first']);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(['first', 'second']);
  });

  it('never expires a read that finished in time', () => {
    const deadlines = new BodyDeadlines(1_000);
    const expired: string[] = [];
    const finished = deadlines.start(() => expired.push('finished'));
    deadlines.start(() => expired.push('slow'));
    deadlines.done(finished);
    vi.advanceTimersByTime(1_000);
    expect(expired).toEqual(['slow']);
  });

  it('keeps one timer however many reads are under way, none once all are over', () => {
    const deadlines = new BodyDeadlines(1_000);
    for (let i = 0; i < 100; i++) deadlines.done(deadlines.start(() => {}));
    const slow = vi.fn();
    deadlines.start(slow);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(slow).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });
});
