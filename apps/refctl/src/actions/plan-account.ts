import { routes } from '@refapi/schema/client';
import { isRefApiError } from '@refapi/sdk';

const ACCOUNT = routes.getAccount;

/**
 * The hint of a 403 `insufficient_scope` to the account read (`GET …/me`) that making and
 * applying a plan start with (a plan is bound to the key's account): the command typed names
 * no such read, so the line says which request needed which scope. `doing` is what read it
 * (`applying a plan`), `outcome` what came of it (`nothing was sent`). Undefined for any
 * other error, the planned request's own 403 included.
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
  if (error.method !== ACCOUNT.method || !path.endsWith(ACCOUNT.path)) return undefined;
  return `${doing} reads the account with ${ACCOUNT.method} ${path}, which needs ${ACCOUNT.scope}, a scope this API key lacks; ${outcome}`;
}
