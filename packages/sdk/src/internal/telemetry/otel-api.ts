// `@opentelemetry/api` is an optional peer: loaded once per process, on the first client
// that wants telemetry, and never imported statically. The specifier is a variable and the
// import carries the bundlers' ignore comments, so an application bundled without the
// package builds and runs (the import fails at run time and telemetry stays off) and the
// ESM and CommonJS builds both resolve it from the user's node_modules when it is there.
// The API keeps its registered providers on a global shared by every copy of it, so the
// copy this loads sees the provider the application registered with its own.

/** The OpenTelemetry API module, as the SDK uses it. */
export type OtelApi = typeof import('@opentelemetry/api');

const SPECIFIER = '@opentelemetry/api';

let loading: Promise<OtelApi | undefined> | undefined;

function isOtelApi(value: unknown): value is OtelApi {
  const api = value as Partial<OtelApi> | undefined;
  return (
    typeof api?.trace?.getTracer === 'function' &&
    typeof api.metrics?.getMeterProvider === 'function' &&
    typeof api.propagation?.inject === 'function' &&
    typeof api.context?.active === 'function'
  );
}

/** The OpenTelemetry API when the runtime can import it; undefined (once, quietly) when not. */
export function loadOtelApi(): Promise<OtelApi | undefined> {
  loading ??= import(/* webpackIgnore: true */ /* @vite-ignore */ SPECIFIER).then(
    (module: unknown) => {
      // CommonJS interop may nest the namespace under `default`.
      const candidate = isOtelApi(module) ? module : (module as { default?: unknown }).default;
      return isOtelApi(candidate) ? candidate : undefined;
    },
    () => undefined,
  );
  return loading;
}
