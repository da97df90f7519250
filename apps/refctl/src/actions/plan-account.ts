import { routes } from '@refapi/schema/client';
import { isRefApiError } from '@refapi/sdk';

// The contract's reads, each with a pattern of its path (`{ref}` one segment).
const READS = Object.values(routes)
  .filter((route) => route.method === 'GET')
  .map((route) => ({
    route,
    pattern: new RegExp(`${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));

/**
 * The hint of a 403 `insufficient_scope` to a read that making and applying a plan start with
 * (the account, `GET …/me`: a plan is bound to the key's account): the command typed names no
 * such read, so the line says which request needed which scope. `doing` is what read it
 * (`applying a plan`), `outcome` what came of it (`nothing was sent`). Undefined for any
 * other error, the planned request's own 403 (a write) included.
 */
export function accountScopeHint(
  error: unknown,
  doing: string,
  outcome: string,
): string | undefined {
  if (!isRefApiError(error) || error.code !== 'insufficient_scope') return undefined;
  let path: string;
  try {
    path = new URL(error.url).pathname;
  } catch {
    return undefined;
  }
  const read = READS.find(
    ({ route, pattern }) => error.method === route.method && pattern.test(path),
  );
  if (read === undefined) return undefined;
  const { method, scope, sdk } = read.route;
  // What the read is of, as the SDK names its resource (`account.get`: the account).
  const what = sdk.split('.')[0];
  return `${doing} reads the ${what} with ${method} ${path}, which needs ${scope}, a scope this API key lacks; ${outcome}`;
}
