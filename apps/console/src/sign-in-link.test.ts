import { describe, expect, it } from 'vitest';
import { AdminError } from './api';
import { signInLinkMessage, signInLinkOf } from './sign-in-link';

describe('signInLinkOf', () => {
  it('takes the code out of the address, keeping the rest', () => {
    expect(signInLinkOf('http://127.0.0.1:4010/__console/?code=abc_-123')).toEqual({
      code: 'abc_-123',
      cleaned: '/__console/',
    });
    expect(signInLinkOf('http://127.0.0.1:4010/__console/?x=1&code=abc#shield')).toEqual({
      code: 'abc',
      cleaned: '/__console/?x=1#shield',
    });
  });

  it('finds nothing in an address without a code', () => {
    expect(signInLinkOf('http://127.0.0.1:4010/__console/#journal')).toBeUndefined();
  });
});

describe('signInLinkMessage', () => {
  const refused = (detail: string) =>
    new AdminError(401, `invalid_admin_token: sign-in code ${detail}`, undefined);

  it('says a used or expired link apart, and what to do', () => {
    expect(signInLinkMessage(refused('used'))).toMatch(/^This sign-in link was used already/);
    expect(signInLinkMessage(refused('expired'))).toMatch(
      /^This sign-in link has expired: links work for 10 minutes/,
    );
    expect(signInLinkMessage(refused('unknown'))).toMatch(/not one this server issued/);
    for (const detail of ['used', 'expired', 'unknown']) {
      expect(signInLinkMessage(refused(detail))).toContain('Sign in with the admin token below');
    }
  });

  it('reports a server it could not reach', () => {
    expect(signInLinkMessage(new TypeError('Failed to fetch'))).toBe(
      'Could not reach the server to use the sign-in link: Failed to fetch',
    );
  });
});
