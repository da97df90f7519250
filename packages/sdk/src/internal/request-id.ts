/** The server's id of the exchange (`Request-Id` header), to quote when asking for support. */
export function readRequestId(headers: Headers): string | undefined {
  return headers.get('request-id') ?? undefined;
}
