// Preloaded with `node --import`: `@opentelemetry/api` cannot be resolved, as in a project
// that never installed it (the SDK bench and the built-package smoke test use it).
import { register } from 'node:module';

const hook = `export async function resolve(specifier, context, next) {
  if (specifier === '@opentelemetry/api') {
    const error = new Error("Cannot find package '@opentelemetry/api'");
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
