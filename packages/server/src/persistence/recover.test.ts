import { describe, expect, it } from 'vitest';
import { resumeAt } from './recover';

const AT = Date.parse('2026-01-01T00:00:00Z');
const WALL = Date.parse('2026-11-20T10:00:00Z');

describe('resumeAt', () => {
  it('keeps a frozen clock where it stood', () => {
    expect(resumeAt({ at: AT, wall: WALL, frozen: true }, WALL + 3_600_000)).toBe(AT);
  });

  it('runs a running clock on by the real time elapsed since the last write', () => {
    expect(resumeAt({ at: AT, wall: WALL, frozen: false }, WALL + 90_000)).toBe(AT + 90_000);
  });

  it('never moves it back when the host clock went back', () => {
    expect(resumeAt({ at: AT, wall: WALL, frozen: false }, WALL - 60_000)).toBe(AT);
  });
});
