import {
  type McpServer,
  STDIO_DEFAULT_MAX_BUFFER_SIZE,
  type Transport,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { escapeControls } from '@refapi/schema/text';
import { ConfigurationError } from '@refapi/sdk';
import { ApiConnection } from './api-connection';
import { SpendBudget } from './budget';
import { type CliOptions, parseCliOptions, USAGE } from './cli/cli-options';
import { UsageError } from './cli/usage-error';
import { resolveSettings } from './config/settings';
import { startHttpServer } from './http-server';
import { formatCents } from './money';
import type { SandboxSession } from './sandbox/sandbox-sessions';
import { createRefMcpServer, createSharedState } from './server';
import { stderrLogger } from './stderr-logger';
import { selectToolNames } from './tools/select';
import { VERSION } from './version';

/** Where `main` writes and what it reads; the bin passes the process's. */
export interface MainIo {
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Called with a function that stops the server (on SIGINT/SIGTERM in the bin). */
  readonly onStop: (stop: () => Promise<void>) => void;
  /**
   * The transport served when not `--http`; the process's stdin/stdout when absent (the
   * bin). Tests pass one end of an in-memory pair to run the whole command in process.
   */
  readonly stdio?: Transport | undefined;
  /** Sets the exit code the process ends with (when the stdio connection closed on an error). */
  readonly setExitCode?: ((code: number) => void) | undefined;
}

// A 429 or 503 asking to wait longer than this is handed to the model at once, with
// retry_after, instead of the SDK sleeping through it while the agent waits.
const MAX_RETRY_AFTER_MS = 5_000;

/** What the server serves and where: for the start line on stderr. */
interface Serving {
  /** The HTTP endpoint's URL, or `stdio`. */
  readonly on: string;
  /** The API it calls. */
  readonly api: string;
}

type Log = (line: string) => void;

/**
 * Runs `refapi-mcp`: resolves to an exit code when it ends early (help, bad flags),
 * or to undefined once the server is serving.
 */
export async function main(argv: readonly string[], io: MainIo): Promise<number | undefined> {
  // Lines quote flag values, paths and the API's error codes: shown (`^[`), never obeyed by
  // the terminal the host's log is read on. A host's log notification gets them exact.
  const log = (line: string) => io.stderr(`refapi-mcp: ${escapeControls(line)}\n`);
  try {
    const options = parseCliOptions(argv);
    if (options.help) {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    if (options.version) {
      io.stdout(`${VERSION}\n`);
      return 0;
    }
    const serving = options.sandbox
      ? await serveSandbox(options, io, log)
      : await serveAccount(options, io, log);
    const count = selectToolNames(options.tools).length;
    const perSession = options.sandbox ? ' per session' : '';
    const spend =
      options.maxSpendCents === undefined
        ? ''
        : `; --max-spend ${formatCents(options.maxSpendCents)}${perSession}`;
    log(`${VERSION}: ${count} tools on ${serving.on}; API ${serving.api}${spend}`);
    return undefined;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigurationError) {
      log(error.message);
      return 2;
    }
    log(`failed to start (${error instanceof Error ? error.name : 'unknown error'})`);
    return 1;
  }
}

/** A real account: one client, budget and set of idempotency keys for the whole process. */
async function serveAccount(options: CliOptions, io: MainIo, log: Log): Promise<Serving> {
  const settings = await resolveSettings(options.profile, io.env);
  const connection = new ApiConnection({
    apiKey: settings.apiKey,
    baseUrl: settings.baseUrl,
    maxRetryAfterMs: MAX_RETRY_AFTER_MS,
    logger: stderrLogger(io.stderr),
  });
  const budget =
    options.maxSpendCents === undefined ? undefined : new SpendBudget(options.maxSpendCents);
  const shared = createSharedState(connection.client, budget);
  const createServer = () =>
    createRefMcpServer({
      client: connection.client,
      tools: options.tools,
      mode: 'account',
      shared,
      secrets: [settings.apiKey],
      log,
    });
  const api = `${connection.baseUrl} (key from ${settings.keySource})`;
  if (options.http) {
    const http = await startHttpServer({ createServer, port: options.port });
    io.onStop(() => http.close());
    return { on: http.url, api };
  }
  return { on: serveOnStdio(createServer, io, log), api };
}

/**
 * `--sandbox`: the reference server in process, and each MCP session on a space of its own
 * (its own copy of the demo account, budget and idempotency keys). Over stdio the process
 * is the session; over HTTP every session of the endpoint gets its own.
 */
async function serveSandbox(options: CliOptions, io: MainIo, log: Log): Promise<Serving> {
  // Loaded only here: the reference server (msw and all) is not needed otherwise.
  const sandbox = await import('./sandbox');
  const sessions = await sandbox.openSandboxSessions({
    budgetCents: options.maxSpendCents,
    log,
    // Over stdio the one session's space lives as long as the process: it asks for the
    // longest ttl a space may have. Over HTTP, the server's (an hour unused).
    ...(options.http
      ? {}
      : { max: 1, ttlSeconds: sandbox.LONGEST_SPACE_TTL_SECONDS, spaceName: 'refapi-mcp-stdio' }),
  });
  const createServer = (session: SandboxSession) =>
    createRefMcpServer({
      client: session.client,
      tools: options.tools,
      mode: 'sandbox',
      shared: session.shared,
      notice: () => session.takeNotice(),
      secrets: [sandbox.SANDBOX_KEY],
      log,
    });
  const api = 'sandbox (in-process reference server, demo EUR account, a space per session)';
  if (options.http) {
    const http = await startHttpServer({ createServer, port: options.port, sessions });
    io.onStop(() => http.close());
    return { on: http.url, api };
  }
  const session = await sessions.open('stdio');
  return { on: serveOnStdio(() => createServer(session), io, log), api };
}

function serveOnStdio(createServer: () => McpServer, io: MainIo, log: Log): string {
  // The SDK decides the protocol era from the client's first message (2026-07-28, or
  // an `initialize` of 2025-11-25 and older) and builds the connection's server.
  const stdio = serveStdio(createServer, {
    ...(io.stdio ? { transport: io.stdio } : {}),
    onerror: (error) => reportStdioError(error, io, log),
  });
  io.onStop(() => stdio.close());
  return 'stdio';
}

/**
 * The stdio transport's own errors, on stderr: a message past its read buffer closes the
 * connection (the process then ended without a word, exit code 0), and a JSON line that is
 * not JSON-RPC is skipped (one that is not JSON, silently, by the SDK). Only the error's
 * kind is named: a line may hold anything.
 */
function reportStdioError(error: Error, io: MainIo, log: Log): void {
  if (error.message.includes('exceeded maximum size')) {
    log(
      `a message on stdin passed ${STDIO_DEFAULT_MAX_BUFFER_SIZE / 2 ** 20} MiB: the connection is closed`,
    );
    io.setExitCode?.(1);
  } else if (error.name === 'ZodError') {
    log(`skipped a line on stdin that is not a JSON-RPC message (${error.name})`);
  } else {
    log(`stdio: ${error.name}`);
  }
}
