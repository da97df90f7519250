// The rule lives with the other redactions of @refapi/schema, shared with ref-server.
export { maskUrlCredentials } from '@refapi/schema/client';

/** Whether a URL carries a user name or password. */
export function hasUrlCredentials(url: URL): boolean {
  return url.username !== '' || url.password !== '';
}
