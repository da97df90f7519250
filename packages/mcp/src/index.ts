export { ApiConnection } from './api-connection';
export { SpendBudget } from './budget';
export type { HttpSessions } from './http/session-endpoint';
export {
  type HttpServerOptions,
  type McpHttpServer,
  type SessionHttpServerOptions,
  startHttpServer,
} from './http-server';
export { SessionKeys } from './idempotency-key';
export type { ServerMode } from './instructions';
export { openSandbox, openSandboxSessions, startSandbox } from './sandbox';
export type {
  SandboxSession,
  SandboxSessions,
  SandboxSessionsOptions,
} from './sandbox/sandbox-sessions';
export { SandboxUnavailableError } from './sandbox/space-admin';
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
