/** A JSON-RPC error answered over HTTP, for a request no MCP server answered. */
export const rpcError = (status: number, code: number, message: string): Response =>
  Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status });

/** The same error's body, for an answer written on a bare socket. */
export const rpcErrorBody = (code: number, message: string): string =>
  JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
