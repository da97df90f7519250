import { describe, expect, it } from 'vitest';
import type { RequestHead } from '../api/api-request';
import { AdminToken } from './admin-token';

const head = (authorization: string | undefined) => {
  let reads = 0;
  const request: RequestHead = {
    method: 'POST',
    path: '/__admin/scenario',
    search: '',
    sourceAddress: '127.0.0.1',
    header: (name) => {
      if (name === 'authorization') reads++;
      return name === 'authorization' ? authorization : undefined;
    },
  };
  return { request, reads: () => reads };
};

describe('AdminToken', () => {
  it('compares a request once: the body limit asks, the admin routes reuse the answer', () => {
    const token = new AdminToken('refadm_secret_token');
    const right = head('Bearer refadm_secret_token');
    expect(token.presentedBy(right.request)).toBe(true);
    expect(token.presentedBy(right.request)).toBe(true);
    expect(right.reads()).toBe(1);
    const wrong = head('Bearer refadm_secret_tokeN');
    expect(token.presentedBy(wrong.request)).toBe(false);
    expect(token.presentedBy(wrong.request)).toBe(false);
    expect(wrong.reads()).toBe(1);
    expect(token.presentedBy(head(undefined).request)).toBe(false);
  });

  it('refuses a token an API key could be: a customer key would reach /__admin', () => {
    expect(() => new AdminToken('refak_demo_eur_full')).toThrow(TypeError);
  });
});
