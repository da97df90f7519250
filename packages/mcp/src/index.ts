export { ApiConnection } from './api-connection';
export { SpendBudget } from './budget';
export { type HttpServerOptions, type McpHttpServer, startHttpServer } from './http-server';
export { SessionKeys } from './idempotency-key';
export type { ServerMode } from './instructions';
export { openSandbox, startSandbox } from './sandbox';
export {
  createRefMcpServer,
  createSharedState,
  type RefMcpServerOptions,
  type SharedState,
} from './server';
export {
  ALL_TOOL_NAMES,
  parseToolSelection,
  type ToolSelection,
  WAIT_TOOL_NAME,
} from './tools/select';
export { VERSION } from './version';
