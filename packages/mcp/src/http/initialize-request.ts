/** The most of a body read to classify it: the MCP SDK's own limit, past which it answers 413. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Whether a POST carries a 2025 `initialize` (alone or in a batch): the request that opens
 * a 2025 session. Read from a clone, so the request stays whole for the MCP handler, and at
 * most 4 MiB of it; anything unreadable is not one (the handler answers it).
 */
export async function isInitializeRequest(request: Request): Promise<boolean> {
  const body = request.clone().body;
  if (body === null) return false;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) return false;
      chunks.push(value);
    }
  } catch {
    return false;
  } finally {
    reader.cancel().catch(() => {});
  }
  let message: unknown;
  try {
    message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return false;
  }
  return (Array.isArray(message) ? message : [message]).some(
    (item: unknown) =>
      typeof item === 'object' && item !== null && 'method' in item && item.method === 'initialize',
  );
}
