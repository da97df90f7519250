export { SpendBudget } from './budget';
export { type HttpServerOptions, type McpHttpServer, startHttpServer } from './http-server';
export { SessionKeys } from './idempotency-key';
export { startSandbox } from './sandbox';
export {
  createRefMcpServer,
  createSharedState,
  type RefMcpServerOptions,
  type SharedState,
} from './server';
export { ALL_TOOL_NAMES, parseToolSelection, type ToolSelection } from './tools/select';
export { VERSION } from './version';
