import {
  type OperationDef,
  type OperationId,
  type OperationNamer,
  operationList,
  operations,
} from '@refapi/schema';
import { OPERATION_TOOLS } from './operation-tools';

/** `--tools`: `read` (default), `all`, or a comma-separated list of tool names. */
export type ToolSelection = 'read' | 'all' | readonly string[];

/** The tool that waits for a Shield rule or profile to settle (not an operation of the API). */
export const WAIT_TOOL_NAME = 'shield_wait';

/** The tool name of an operation. */
export const toolName = (op: OperationDef): string =>
  OPERATION_TOOLS[op.operationId as OperationId].name;

/** Every tool name, in the order `tools/list` shows them: the contract's, then shield_wait. */
export const ALL_TOOL_NAMES: readonly string[] = [...operationList.map(toolName), WAIT_TOOL_NAME];

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

/** The names of every tool a selection exposes, in `tools/list` order (shield_wait only reads). */
export function selectToolNames(selection: ToolSelection): string[] {
  const names = selectOperations(selection).map(toolName);
  const wait = typeof selection === 'string' || selection.includes(WAIT_TOOL_NAME);
  return wait ? [...names, WAIT_TOOL_NAME] : names;
}

/**
 * How descriptions name an operation when these tools are exposed: by its tool name
 * (`plans_list`), or as `GET /plans` when its tool is not there to call.
 */
export function operationNamer(exposed: readonly string[]): OperationNamer {
  return (id) => {
    const name = OPERATION_TOOLS[id].name;
    return exposed.includes(name) ? name : `${operations[id].method} ${operations[id].path}`;
  };
}
