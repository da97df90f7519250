// `@refapi/schema/client`: the contract as a client reads it, with no zod at import. The
// routes (method, path, idempotency, statuses), what error statuses mean, each response's
// schema built on first use, and the credential redaction rule the SDK's log shares with
// the reference server's journal and refctl; the SDK imports only this. What each
// parameter means is here too, for help texts that must not build the schemas.

export { errorMeaning } from './error-meanings';
export {
  type OperationNamer,
  PARAMETER_DESCRIPTIONS,
  type ParameterName,
  parameterDescription,
} from './parameter-descriptions';
export {
  isCredentialName,
  maskUrlCredentials,
  REDACTED,
  redactHeaders,
  redactQuery,
  redactUrlQueries,
} from './redaction';
export {
  buildPath,
  type ErrorStatus,
  type HttpMethod,
  IDEMPOTENCY_KEY_PATTERN,
  isIdempotencyKey,
  type OperationEntry,
  type RouteDef,
  type RouteId,
  routes,
} from './routes';
export { loadSuccessSchema } from './success-schemas';
