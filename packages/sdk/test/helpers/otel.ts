import { type Attributes, context, metrics, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AggregationTemporality,
  type HistogramMetricData,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';

/** Real OpenTelemetry SDK providers registered globally, exporting to memory. */
export interface OtelHarness {
  /** Spans ended so far. */
  spans(): ReadableSpan[];
  /** Data points of `http.client.request.duration`, collected now. */
  durations(): Promise<{ attributes: Attributes; count: number; sum: number; unit: string }[]>;
  /** Forgets what was recorded so far. */
  reset(): Promise<void>;
  /** Unregisters everything. */
  shutdown(): Promise<void>;
}

/** Registers a tracer and a meter provider, the W3C propagator and an async context manager. */
export function registerOtel(): OtelHarness {
  const spanExporter = new InMemorySpanExporter();
  const tracerProvider = new TracerProvider({
    spanProcessors: [new SimpleSpanProcessor({ exporter: spanExporter })],
  });
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.DELTA);
  // Collected by forceFlush only: an hour never passes in a test.
  const reader = new PeriodicExportingMetricReader({
    exporter: metricExporter,
    exportIntervalMillis: 3_600_000,
  });
  const meterProvider = new MeterProvider({ readers: [reader] });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  return {
    spans: () => spanExporter.getFinishedSpans(),
    durations: async () => {
      await reader.forceFlush();
      const points = metricExporter
        .getMetrics()
        .flatMap((rm) => rm.scopeMetrics)
        .flatMap((sm) => sm.metrics)
        .filter((m) => m.descriptor.name === 'http.client.request.duration')
        .flatMap((m) =>
          (m as HistogramMetricData).dataPoints.map((p) => ({ p, unit: m.descriptor.unit })),
        );
      metricExporter.reset();
      return points.map(({ p, unit }) => ({
        attributes: p.attributes,
        count: p.value.count,
        sum: p.value.sum ?? 0,
        unit,
      }));
    },
    reset: async () => {
      spanExporter.reset();
      await reader.forceFlush();
      metricExporter.reset();
    },
    shutdown: async () => {
      trace.disable();
      metrics.disable();
      propagation.disable();
      context.disable();
      await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
    },
  };
}
