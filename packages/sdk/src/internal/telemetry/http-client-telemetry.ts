import type {
  Attributes,
  Histogram,
  MeterProvider,
  Span,
  TextMapSetter,
  Tracer,
  TracerProvider,
} from '@opentelemetry/api';
import { redactQuery } from '@refapi/schema/client';
import { RefSdkError } from '../../errors/ref-error';
import type { CallFacts } from '../call-facts';
import { readRequestId } from '../request-id';
import type { OtelApi } from './otel-api';

// One CLIENT span and one `http.client.request.duration` measurement per HTTP attempt, by
// the OpenTelemetry HTTP client semantic conventions. What they carry is picked field by
// field from the URL and the response: never a request header, so neither the API key nor
// any other credential header can reach an exporter.

const SCOPE = '@refapi/sdk';

// The buckets the semantic conventions advise for HTTP durations, in seconds.
const DURATION_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];

const headersSetter: TextMapSetter<Headers> = {
  set: (headers, key, value) => headers.set(key, value),
};

/** `url.full`: user and password replaced, credential query values redacted, no fragment. */
export function telemetryUrl(url: URL): string {
  const safe = new URL(url.href);
  safe.hash = '';
  if (safe.username !== '' || safe.password !== '') {
    safe.username = 'REDACTED';
    safe.password = 'REDACTED';
  }
  if (safe.search !== '') safe.search = redactQuery(safe.search.slice(1));
  return safe.href;
}

// `error.type` of an attempt that got no response: a small fixed set, named after the
// errors the SDK throws for them.
function errorType(error: unknown, request: Request, facts: CallFacts): string {
  if (error instanceof RefSdkError) return error.name;
  if (request.signal.aborted) return facts.userSignal?.aborted ? 'AbortError' : 'TimeoutError';
  return 'ConnectionError';
}

/** Spans and the duration histogram of one client, on the globally registered providers. */
export class HttpClientTelemetry {
  readonly #api: OtelApi;
  readonly #version: string;
  readonly #tracer: Tracer;
  // The API hands out no proxy meter: a meter taken before the application registers its
  // provider would stay a no-op, so the histogram follows the registered provider.
  #meterProvider: MeterProvider | undefined;
  #duration: Histogram | undefined;
  // What the API hands out while nothing is registered: its no-op tracer provider and
  // histogram are singletons, so "anything registered?" is two identity checks per call.
  readonly #noopTracerProvider: TracerProvider;
  readonly #noopHistogram: Histogram;

  constructor(api: OtelApi, version: string) {
    this.#api = api;
    this.#version = version;
    this.#tracer = api.trace.getTracer(SCOPE, version);
    this.#noopTracerProvider = new api.ProxyTracerProvider().getDelegate();
    this.#noopHistogram = api.createNoopMeter().createHistogram('http.client.request.duration');
  }

  /**
   * Whether the application registered a tracer or a meter provider. The API is a transitive
   * dependency of many packages: installed but unused, it must cost a call nothing.
   */
  active(): boolean {
    const provider = this.#api.trace.getTracerProvider() as TracerProvider & {
      getDelegate?: () => TracerProvider;
    };
    const tracing = provider.getDelegate?.() ?? provider;
    return tracing !== this.#noopTracerProvider || this.#histogram() !== this.#noopHistogram;
  }

  /** Runs one attempt (`send`) inside its span; `resendCount` is 0 for the first attempt. */
  async attempt(
    facts: CallFacts,
    resendCount: number,
    request: Request,
    send: () => Promise<Response>,
  ): Promise<Response> {
    const api = this.#api;
    const url = new URL(request.url);
    const attributes: Attributes = {
      'http.request.method': request.method,
      'server.address': url.hostname.replace(/^\[(.*)\]$/, '$1'),
      'server.port': url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port),
      'url.scheme': url.protocol.slice(0, -1),
      'url.template': facts.urlTemplate,
      'refapi.operation_id': facts.operationId,
    };
    const parent = api.context.active();
    const span = this.#tracer.startSpan(
      `${request.method} ${facts.urlTemplate}`,
      { kind: api.SpanKind.CLIENT, attributes },
      parent,
    );
    const recording = span.isRecording();
    if (recording) {
      span.setAttribute('url.full', telemetryUrl(url));
      if (resendCount > 0) span.setAttribute('http.request.resend_count', resendCount);
    }
    const context = api.trace.setSpan(parent, span);
    api.propagation.inject(context, request.headers, headersSetter);
    const started = performance.now();
    try {
      const response = await api.context.with(context, send);
      attributes['http.response.status_code'] = response.status;
      if (response.status >= 400) attributes['error.type'] = String(response.status);
      if (recording) this.#answered(span, response, attributes);
      return response;
    } catch (error) {
      const type = errorType(error, request, facts);
      attributes['error.type'] = type;
      if (recording) {
        span.setAttribute('error.type', type);
        // SDK errors are written never to hold a credential; others say only their kind.
        const message = error instanceof RefSdkError ? error.message : type;
        span.setStatus({ code: api.SpanStatusCode.ERROR, message });
      }
      throw error;
    } finally {
      span.end();
      // The histogram leaves out `url.full` and the request id: one series per value.
      this.#histogram().record((performance.now() - started) / 1000, attributes);
    }
  }

  #answered(span: Span, response: Response, attributes: Attributes): void {
    span.setAttribute('http.response.status_code', response.status);
    const requestId = readRequestId(response.headers);
    if (requestId !== undefined) span.setAttribute('refapi.request_id', requestId);
    const type = attributes['error.type'];
    if (type !== undefined) {
      span.setAttribute('error.type', type);
      // A client span is an error for any 4xx or 5xx answer (HTTP semantic conventions).
      span.setStatus({ code: this.#api.SpanStatusCode.ERROR });
    }
  }

  #histogram(): Histogram {
    const provider = this.#api.metrics.getMeterProvider();
    if (this.#duration === undefined || provider !== this.#meterProvider) {
      this.#meterProvider = provider;
      this.#duration = provider
        .getMeter(SCOPE, this.#version)
        .createHistogram('http.client.request.duration', {
          unit: 's',
          description: 'Duration of HTTP client requests.',
          advice: { explicitBucketBoundaries: DURATION_BUCKETS },
        });
    }
    return this.#duration;
  }
}
