import type { CallToolResult } from '@modelcontextprotocol/server';
import { summarize } from './tool-summaries';

/**
 * A successful tool result: a one-line summary of the real state (`exposed`: the tools the
 * model can call next), the response JSON, and the same as structured content.
 */
export function toolSuccess(
  tool: string,
  data: unknown,
  exposed: readonly string[],
): CallToolResult {
  const structured =
    data !== null && typeof data === 'object' && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : { result: data };
  return {
    content: [
      { type: 'text', text: summarize(tool, structured, exposed) },
      { type: 'text', text: JSON.stringify(structured) },
    ],
    structuredContent: structured,
  };
}
