import type { McpServer } from '@modelcontextprotocol/server';

/**
 * How many MCP server instances are alive: built for a request and not closed yet. The
 * HTTP endpoint builds one per request, so this is 0 whenever no request is in flight;
 * anything else would be state outliving its request.
 */
export class InstanceCount {
  #open = 0;

  /** Instances built and not closed yet. */
  get open(): number {
    return this.#open;
  }

  /** Counts `server` until it closes, and returns it. */
  track(server: McpServer): McpServer {
    this.#open += 1;
    let counted = true;
    const settle = () => {
      if (counted) {
        counted = false;
        this.#open -= 1;
      }
    };
    // A served instance closes through its transport (onclose); one the SDK discards
    // before connecting it (e.g. a rejected tools/call) only gets close() called.
    const inner = server.server;
    const onclose = inner.onclose;
    inner.onclose = () => {
      settle();
      onclose?.();
    };
    const close = server.close.bind(server);
    server.close = () => {
      settle();
      return close();
    };
    return server;
  }
}
