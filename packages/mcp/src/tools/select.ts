import { type OperationDef, operationList } from '@refapi/schema';
import { OPERATION_TOOLS } from './operation-tools';

/** `--tools`: `read` (default), `all`, or a comma-separated list of tool names. */
export type ToolSelection = 'read' | 'all' | readonly string[];

/** The tool name of an operation. */
export const toolName = (op: OperationDef): string =>
  OPERATION_TOOLS[op.operationId as keyof typeof OPERATION_TOOLS].name;

/** Every tool name, in the contract's order. */
export const ALL_TOOL_NAMES: readonly string[] = operationList.map(toolName);

/**
 * Parses `--tools`; unknown names are an error listing the valid ones, so a typo never
 * silently drops a tool. Write tools are exposed only by `all` or by name.
 */
export function parseToolSelection(value: string | undefined): ToolSelection {
  const text = (value ?? 'read').trim();
  if (text === 'read' || text === 'all') return text;
  const names = text
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !ALL_TOOL_NAMES.includes(n));
  if (names.length === 0 || unknown.length > 0) {
    throw new RangeError(
      `--tools: unknown tool ${unknown.join(', ') || '(none given)'}; use read, all, or names from: ${ALL_TOOL_NAMES.join(', ')}`,
    );
  }
  return names;
}

/** The operations whose tools a selection exposes. */
export function selectOperations(selection: ToolSelection): OperationDef[] {
  if (selection === 'all') return [...operationList];
  if (selection === 'read') return operationList.filter((op) => op.access === 'read');
  return operationList.filter((op) => selection.includes(toolName(op)));
}
