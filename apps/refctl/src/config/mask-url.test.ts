import { describe, expect, it } from 'vitest';
import { maskUrlCredentials } from './mask-url';

describe('maskUrlCredentials', () => {
  it('hides user and password of every URL in a text', () => {
    expect(
      maskUrlCredentials('GET http://u:s3cret@host:1/v1/me failed; see https://tok@example.test/x'),
    ).toBe('GET http://***@host:1/v1/me failed; see https://***@example.test/x');
  });

  it('leaves URLs without credentials and e-mail addresses alone', () => {
    const text = 'http://127.0.0.1:4010/v1/me for ada@example.test';
    expect(maskUrlCredentials(text)).toBe(text);
  });
});
