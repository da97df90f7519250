/** A JSON-RPC error answered over HTTP, for a request no MCP server answered. */
export const rpcError = (status: number, code: number, message: string): Response =>
  Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status });
