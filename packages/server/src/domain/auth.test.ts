import { SCOPES } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { bearerToken, KeyRing, secretsEqual } from './auth';

describe('auth', () => {
  const ring = new KeyRing();
  ring.add('REF-ACCT-1', [
    { token: 'refak_full', scopes: ['*'], allowed_ips: [] },
    { token: 'refak_read', scopes: ['account:read'], allowed_ips: ['10.0.0.0/8'] },
  ]);

  it('parses bearer tokens strictly', () => {
    expect(bearerToken('Bearer refak_x')).toBe('refak_x');
    expect(bearerToken('bearer   refak_x ')).toBe('refak_x');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });

  it('resolves keys to their account and scopes, never exposing the token', () => {
    const full = ring.authenticate('refak_full');
    expect(full?.accountRef).toBe('REF-ACCT-1');
    expect([...(full?.scopes ?? [])]).toEqual([...SCOPES]);
    expect(JSON.stringify(full)).not.toContain('refak_full');
    const read = ring.authenticate('refak_read');
    expect([...(read?.scopes ?? [])]).toEqual(['account:read']);
    expect(read?.allowList.allows('10.1.2.3')).toBe(true);
    expect(read?.allowList.allows('127.0.0.1')).toBe(false);
  });

  it('refuses unknown tokens and tokens without the refak_ prefix', () => {
    expect(ring.authenticate('refak_ful')).toBeUndefined();
    expect(ring.authenticate('full')).toBeUndefined();
    expect(ring.authenticate(undefined)).toBeUndefined();
  });

  it('compares secrets of any length', () => {
    expect(secretsEqual('admin-token', 'admin-token')).toBe(true);
    expect(secretsEqual('admin-token-longer', 'admin-token')).toBe(false);
    expect(secretsEqual(undefined, 'admin-token')).toBe(false);
  });
});
