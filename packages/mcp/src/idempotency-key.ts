import { createHash, randomUUID } from 'node:crypto';

// Object keys sorted at every level, so `{a, b}` and `{b, a}` are the same call.
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * Derives `Idempotency-Key`s from a tool's arguments under one salt: the same call made
 * twice (an agent retrying after a timeout) gets the same key, so the API replays the
 * first result instead of buying twice. `refapi-mcp` keeps one per process (its stdio
 * connection, or every request of its stateless HTTP endpoint); another process has
 * another salt. The name is kept from when the salt was per MCP session.
 */
export class SessionKeys {
  readonly #salt: string;

  constructor(salt: string = randomUUID()) {
    this.#salt = salt;
  }

  /** `mcp-<40 hex>` from the tool name and its arguments. */
  derive(tool: string, args: unknown): string {
    const digest = createHash('sha256')
      .update(this.#salt)
      .update('\0')
      .update(tool)
      .update('\0')
      .update(JSON.stringify(canonical(args)))
      .digest('hex');
    return `mcp-${digest.slice(0, 40)}`;
  }
}
