import * as api from '@opentelemetry/api';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { TracerProvider } from '@opentelemetry/sdk-trace';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClientTelemetry, telemetryUrl } from './http-client-telemetry';

describe('HttpClientTelemetry.active', () => {
  afterEach(() => {
    api.trace.disable();
    api.metrics.disable();
  });

  it('is off while the API is installed but nothing is registered', () => {
    expect(new HttpClientTelemetry(api, '0.0.0').active()).toBe(false);
  });

  it('turns on with a tracer provider, or a meter provider alone, registered at any time', () => {
    const telemetry = new HttpClientTelemetry(api, '0.0.0');
    api.trace.setGlobalTracerProvider(new TracerProvider());
    expect(telemetry.active()).toBe(true);
    api.trace.disable();
    expect(telemetry.active()).toBe(false);
    api.metrics.setGlobalMeterProvider(new MeterProvider());
    expect(telemetry.active()).toBe(true);
  });
});

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
