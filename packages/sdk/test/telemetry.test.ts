import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConnectionError, type FetchFunction, NotFoundError, TimeoutError } from '../src/index';
import { registerOtel } from './helpers/otel';
import { DEMO, type Harness, inProcess } from './helpers/reference';

// The SDK's OpenTelemetry instrumentation against the real OpenTelemetry SDK (in-memory
// exporters) and the reference server answered in-process.

const otel = registerOtel();
let h: Harness;
beforeAll(async () => {
  h = await inProcess();
});
afterEach(async () => {
  await otel.reset();
  await h.server.admin.reset();
});
afterAll(() => otel.shutdown());

/** The server's fetch, recording the headers each attempt sent. */
function recordingFetch(): { fetch: FetchFunction; sent: Headers[] } {
  const sent: Headers[] = [];
  const fetch: FetchFunction = (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sent.push(new Headers(request.headers));
    return h.server.fetch(request);
  };
  return { fetch, sent };
}

const base = {
  'http.request.method': 'GET',
  'server.address': 'api.ref.test',
  'server.port': 443,
  'url.scheme': 'https',
  'url.template': '/me',
  'refapi.operation_id': 'getAccount',
};

describe('spans', () => {
  it('makes one CLIENT span per call with the HTTP client conventions and the request id', async () => {
    const { requestId } = await h.client().account.get().withResponse();
    const [span, ...others] = otel.spans();
    expect(others).toEqual([]);
    expect(span?.name).toBe('GET /me');
    expect(span?.kind).toBe(SpanKind.CLIENT);
    expect(span?.instrumentationScope.name).toBe('@refapi/sdk');
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
    expect(span?.attributes).toEqual({
      ...base,
      'url.full': 'https://api.ref.test/v1/me',
      'http.response.status_code': 200,
      'refapi.request_id': requestId,
    });
    expect(requestId).toMatch(/^req_/);
  });

  it('makes a span per attempt of a retried call, with http.request.resend_count', async () => {
    h.server.admin.failNext('getAccount', 503, { retryAfter: 0 });
    h.server.admin.failNext('getAccount', 429, { retryAfter: 0 });
    await h.client().account.get();
    const spans = otel.spans();
    expect(spans.map((s) => s.attributes['http.response.status_code'])).toEqual([503, 429, 200]);
    expect(spans.map((s) => s.attributes['http.request.resend_count'])).toEqual([undefined, 1, 2]);
    expect(spans.map((s) => s.attributes['error.type'])).toEqual(['503', '429', undefined]);
    expect(spans.map((s) => s.status.code)).toEqual([
      SpanStatusCode.ERROR,
      SpanStatusCode.ERROR,
      SpanStatusCode.UNSET,
    ]);
    // Every attempt got an answer with its own request id.
    const ids = spans.map((s) => s.attributes['refapi.request_id']);
    expect(new Set(ids).size).toBe(3);
  });

  it('marks a failed call ERROR with the status as error.type', async () => {
    await expect(h.client().services.get('REF-SVC-FFF')).rejects.toBeInstanceOf(NotFoundError);
    const [span] = otel.spans();
    expect(span?.name).toBe('GET /services/{service_ref}');
    expect(span?.attributes).toMatchObject({
      'url.template': '/services/{service_ref}',
      'url.full': 'https://api.ref.test/v1/services/REF-SVC-FFF',
      'http.response.status_code': 404,
      'error.type': '404',
      'refapi.operation_id': 'getService',
    });
    expect(span?.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('names the failure of an attempt that got no answer', async () => {
    const refused: FetchFunction = async () => {
      throw new TypeError('fetch failed');
    };
    const client = h.client(DEMO.eurKey, { fetch: refused, maxRetries: 1 });
    await expect(client.account.get()).rejects.toBeInstanceOf(ConnectionError);
    const spans = otel.spans();
    expect(spans.map((s) => s.attributes['error.type'])).toEqual([
      'ConnectionError',
      'ConnectionError',
    ]);
    expect(spans.map((s) => s.attributes['http.request.resend_count'])).toEqual([undefined, 1]);
    expect(spans.every((s) => s.status.code === SpanStatusCode.ERROR)).toBe(true);
    expect(spans[0]?.attributes['http.response.status_code']).toBeUndefined();
  });

  it('names a timed-out attempt TimeoutError', async () => {
    // Never answers; ends only when ky aborts the attempt.
    const stalled: FetchFunction = (input) =>
      new Promise((_, reject) => {
        const signal = (input as Request).signal;
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    const client = h.client(DEMO.eurKey, { fetch: stalled, timeout: 20, maxRetries: 0 });
    await expect(client.account.get()).rejects.toBeInstanceOf(TimeoutError);
    await expect.poll(() => otel.spans().length).toBe(1);
    expect(otel.spans()[0]?.attributes['error.type']).toBe('TimeoutError');
  });

  it('propagates the trace context: child of the active span, traceparent of the attempt', async () => {
    const { fetch, sent } = recordingFetch();
    const client = h.client(DEMO.eurKey, { fetch });
    h.server.admin.failNext('getAccount', 503, { retryAfter: 0 });
    const tracer = trace.getTracer('test');
    await tracer.startActiveSpan('checkout', async (parent) => {
      await client.account.get();
      parent.end();
    });
    const spans = otel.spans().filter((s) => s.name === 'GET /me');
    const parent = otel.spans().find((s) => s.name === 'checkout');
    expect(spans).toHaveLength(2);
    for (const [i, span] of spans.entries()) {
      expect(span.parentSpanContext?.spanId).toBe(parent?.spanContext().spanId);
      const { traceId, spanId } = span.spanContext();
      // Each attempt carries its own span as the parent the server would continue.
      expect(sent[i]?.get('traceparent')).toBe(`00-${traceId}-${spanId}-01`);
    }
  });

  it('telemetry: false records nothing and sends no traceparent', async () => {
    const { fetch, sent } = recordingFetch();
    await h.client(DEMO.eurKey, { fetch, telemetry: false }).account.get();
    expect(otel.spans()).toEqual([]);
    expect(await otel.durations()).toEqual([]);
    expect(sent[0]?.has('traceparent')).toBe(false);
  });
});

describe('http.client.request.duration', () => {
  it('records each attempt in seconds with the semconv attributes, never url.full', async () => {
    h.server.admin.failNext('getAccount', 503, { retryAfter: 0 });
    await h.client().account.get();
    await expect(h.client().services.get('REF-SVC-FFF')).rejects.toBeInstanceOf(NotFoundError);
    const points = await otel.durations();
    const byStatus = Object.fromEntries(
      points.map((p) => [p.attributes['http.response.status_code'], p]),
    );
    expect(Object.keys(byStatus).sort()).toEqual(['200', '404', '503']);
    expect(byStatus[200]?.attributes).toEqual({ ...base, 'http.response.status_code': 200 });
    expect(byStatus[503]?.attributes).toEqual({
      ...base,
      'http.response.status_code': 503,
      'error.type': '503',
    });
    expect(byStatus[404]?.attributes).toMatchObject({
      'url.template': '/services/{service_ref}',
      'error.type': '404',
    });
    for (const point of points) {
      expect(point.count).toBe(1);
      // Seconds: an in-process answer takes well under a second, and more than nothing.
      expect(point.sum).toBeGreaterThan(0);
      expect(point.sum).toBeLessThan(60);
    }
  });

  it('is in seconds: unit s, an attempt of 1.5 s of the clock recorded as 1.5', async () => {
    // The attempt's clock is moved by the fetch itself: no wall-clock wait, no flaky bound.
    let nowMs = 1_000;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => nowMs);
    const slow: FetchFunction = (input, init) => {
      nowMs += 1_500;
      return h.server.fetch(input instanceof Request ? input : new Request(input, init));
    };
    try {
      await h.client(DEMO.eurKey, { fetch: slow }).account.get();
    } finally {
      clock.mockRestore();
    }
    const [point, ...others] = await otel.durations();
    expect(others).toEqual([]);
    expect(point).toMatchObject({ unit: 's', count: 1, sum: 1.5 });
  });
});

describe('secrets', () => {
  it('never lets the API key reach a span, a metric or a propagated header', async () => {
    const { fetch, sent } = recordingFetch();
    const client = h.client(DEMO.eurKey, { fetch });
    h.server.admin.failNext('getAccount', 429, { retryAfter: 0 });
    await client.account.get();
    await expect(client.services.get('REF-SVC-FFF')).rejects.toBeInstanceOf(NotFoundError);
    await client.invoices.list({ limit: 2 });
    const exported = JSON.stringify({
      spans: otel.spans().map((s) => ({
        name: s.name,
        attributes: s.attributes,
        status: s.status,
        events: s.events,
        links: s.links,
        resource: s.resource.attributes,
      })),
      metrics: await otel.durations(),
    });
    expect(exported).toContain('getAccount');
    expect(exported).not.toContain(DEMO.eurKey);
    expect(exported).not.toContain(DEMO.eurKey.slice(6));
    expect(exported.toLowerCase()).not.toContain('bearer');
    expect(exported.toLowerCase()).not.toContain('authorization');
    // What the propagator adds is the trace context, nothing of the key.
    for (const headers of sent) {
      expect(headers.get('traceparent')).not.toContain(DEMO.eurKey);
    }
  });
});
