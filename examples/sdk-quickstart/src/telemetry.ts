import { metrics, trace } from '@opentelemetry/api';
import {
  ConsoleMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { ConsoleSpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { RefClient } from '@refapi/sdk';

// Register the providers before the first call; the SDK finds @opentelemetry/api itself.
const tracerProvider = new TracerProvider({
  spanProcessors: [new SimpleSpanProcessor({ exporter: new ConsoleSpanExporter() })],
});
const meterProvider = new MeterProvider({
  readers: [new PeriodicExportingMetricReader({ exporter: new ConsoleMetricExporter() })],
});
trace.setGlobalTracerProvider(tracerProvider);
metrics.setGlobalMeterProvider(meterProvider);

const client = new RefClient(); // REF_API_KEY and REF_BASE_URL from the environment
const account = await client.account.get(); // one CLIENT span per HTTP attempt
const invoices = await client.invoices.list({ limit: 5 });
console.log(`${account.email}: ${invoices.items.length} invoices`);

// Flushes the spans and the http.client.request.duration histogram to the console.
await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
