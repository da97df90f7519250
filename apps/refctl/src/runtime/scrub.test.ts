import { describe, expect, it } from 'vitest';
import { scrub } from './scrub';

describe('scrub', () => {
  it('redacts known secrets and the user info of URLs', () => {
    expect(scrub('key refak_abc1 at https://u:p@h/v1', new Set(['refak_abc1']))).toBe(
      'key [redacted] at https://***@h/v1',
    );
  });

  it('redacts credential query parameters of URLs, by the rule the SDK and server share', () => {
    expect(
      scrub(
        'debug: → GET http://127.0.0.1:4010/v1/services?limit=2&api_key=k1&Session=s2&x-auth=a3',
        new Set(),
      ),
    ).toBe(
      'debug: → GET http://127.0.0.1:4010/v1/services?limit=2&api_key=%5Bredacted%5D&Session=%5Bredacted%5D&x-auth=%5Bredacted%5D',
    );
  });
});
