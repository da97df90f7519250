import { describe, expect, it } from 'vitest';
import { MAX_SIGN_IN_CODES, SIGN_IN_CODE_TTL_MS, SignInCodes } from './sign-in-codes';

/** Codes on a clock the test moves. */
function codesAt(start = 1_000_000) {
  const clock = { now: start };
  return { codes: new SignInCodes(() => clock.now), clock };
}

describe('SignInCodes', () => {
  it('issues unguessable URL-safe codes valid for 10 minutes', () => {
    const { codes } = codesAt();
    const issued = codes.issue();
    expect(issued.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(issued.expiresAt).toBe(1_000_000 + SIGN_IN_CODE_TTL_MS);
    expect(SIGN_IN_CODE_TTL_MS).toBe(600_000);
    expect(codes.issue().code).not.toBe(issued.code);
  });

  it('signs in once: a second use is told "used"', () => {
    const { codes } = codesAt();
    const { code } = codes.issue();
    expect(codes.redeem(code)).toBe('signed_in');
    expect(codes.redeem(code)).toBe('used');
    expect(codes.redeem(code)).toBe('used');
  });

  it('expires after 10 minutes of real time, and is then forgotten', () => {
    const { codes, clock } = codesAt();
    const { code } = codes.issue();
    const late = codes.issue().code;
    clock.now += SIGN_IN_CODE_TTL_MS - 1;
    expect(codes.redeem(code)).toBe('signed_in');
    clock.now += 1;
    expect(codes.redeem(late)).toBe('expired');
    expect(codes.redeem(late)).toBe('unknown');
  });

  it('knows nothing of codes it did not issue', () => {
    const { codes } = codesAt();
    const { code } = codes.issue();
    expect(codes.redeem(`${code}x`)).toBe('unknown');
    expect(codes.redeem('')).toBe('unknown');
    // A wrong guess costs the real code nothing.
    expect(codes.redeem(code)).toBe('signed_in');
  });

  it('keeps at most MAX_SIGN_IN_CODES, dropping the oldest', () => {
    const { codes } = codesAt();
    const first = codes.issue().code;
    const rest = Array.from({ length: MAX_SIGN_IN_CODES }, () => codes.issue().code);
    expect(codes.size).toBe(MAX_SIGN_IN_CODES);
    expect(codes.redeem(first)).toBe('unknown');
    expect(rest.map((code) => codes.redeem(code))).toEqual(rest.map(() => 'signed_in'));
  });

  it('drops expired codes when issuing, before dropping live ones', () => {
    const { codes, clock } = codesAt();
    for (let i = 0; i < MAX_SIGN_IN_CODES - 1; i++) codes.issue();
    clock.now += SIGN_IN_CODE_TTL_MS;
    const live = codes.issue().code;
    expect(codes.size).toBe(1);
    expect(codes.redeem(live)).toBe('signed_in');
  });
});
