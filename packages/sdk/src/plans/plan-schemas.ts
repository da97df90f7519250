// The plan document's schema, digest and price rule, imported on first use: a client that
// never plans builds none of the zod schemas they hold (the SDK imports only
// `@refapi/schema/client` up front).

let loaded: Promise<typeof import('@refapi/schema/request-plan')> | undefined;

/** `@refapi/schema/request-plan`, imported once. */
export function planSchemas(): Promise<typeof import('@refapi/schema/request-plan')> {
  loaded ??= import('@refapi/schema/request-plan');
  return loaded;
}
