import { describe, expect, it } from 'vitest';
import { telemetryUrl } from './http-client-telemetry';

describe('telemetryUrl (url.full)', () => {
  it('keeps an ordinary URL as it is', () => {
    const url = 'https://api.ref.test/v1/invoices?limit=2&cursor=abc';
    expect(telemetryUrl(new URL(url))).toBe(url);
  });

  it('replaces user and password, and drops the fragment', () => {
    expect(telemetryUrl(new URL('https://ada:s3cret@api.ref.test/v1/me#top'))).toBe(
      'https://REDACTED:REDACTED@api.ref.test/v1/me',
    );
  });

  it('redacts credential query values by the shared rule, keeping the rest', () => {
    const url = new URL('https://api.ref.test/v1/me?limit=2&api_key=refak_x&X-Amz-Signature=z');
    const safe = telemetryUrl(url);
    expect(safe).toBe(
      'https://api.ref.test/v1/me?limit=2&api_key=%5Bredacted%5D&X-Amz-Signature=%5Bredacted%5D',
    );
    expect(safe).not.toContain('refak_x');
  });
});
