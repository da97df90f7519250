// `@refapi/schema/client`: the contract as a client reads it, with no zod at import. The
// routes (method, path, idempotency, statuses), what error statuses mean, and each
// response's schema built on first use; the SDK imports only this.

export { errorMeaning } from './error-meanings';
export {
  buildPath,
  type ErrorStatus,
  type HttpMethod,
  IDEMPOTENCY_KEY_PATTERN,
  isIdempotencyKey,
  type RouteDef,
  type RouteId,
  routes,
} from './routes';
export { loadSuccessSchema } from './success-schemas';
