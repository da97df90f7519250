import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { ConfigurationError } from '@refapi/sdk';
import { ApiConnection } from './api-connection';
import { SpendBudget } from './budget';
import { parseCliOptions, USAGE } from './cli/cli-options';
import { UsageError } from './cli/usage-error';
import { resolveSettings } from './config/settings';
import { startHttpServer } from './http-server';
import { formatCents } from './money';
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
}

// A 429 or 503 asking to wait longer than this is handed to the model at once, with
// retry_after, instead of the SDK sleeping through it while the agent waits.
const MAX_RETRY_AFTER_MS = 5_000;

/**
 * Runs `refapi-mcp`: resolves to an exit code when it ends early (help, bad flags),
 * or to undefined once the server is serving.
 */
export async function main(argv: readonly string[], io: MainIo): Promise<number | undefined> {
  const log = (line: string) => io.stderr(`refapi-mcp: ${line}\n`);
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
    let connection: ApiConnection;
    let secret: string;
    let where: string;
    if (options.sandbox) {
      // Loaded only here: the reference server (msw and all) is not needed otherwise.
      const sandbox = await import('./sandbox');
      connection = await sandbox.openSandbox();
      secret = sandbox.SANDBOX_KEY;
      where = 'sandbox (in-process reference server, demo EUR account)';
    } else {
      const settings = await resolveSettings(options.profile, io.env);
      connection = new ApiConnection({
        apiKey: settings.apiKey,
        baseUrl: settings.baseUrl,
        maxRetryAfter: MAX_RETRY_AFTER_MS,
        logger: stderrLogger(io.stderr),
      });
      secret = settings.apiKey;
      where = `${connection.baseUrl} (key from ${settings.keySource})`;
    }
    const budget =
      options.maxSpendCents === undefined ? undefined : new SpendBudget(options.maxSpendCents);
    const shared = createSharedState(connection.client, budget);
    const mode = options.sandbox ? 'sandbox' : 'account';
    // Every session uses the configured base URL today. A session with data of its own
    // (a sandbox space of the reference server) takes `connection.clientAt(its base URL)`.
    const createServer = () =>
      createRefMcpServer({
        client: connection.clientAt(),
        tools: options.tools,
        mode,
        shared,
        secrets: [secret],
        log,
      });
    const count = selectToolNames(options.tools).length;
    const spend = budget ? `; --max-spend ${formatCents(budget.limitCents)}` : '';
    if (options.http) {
      const http = await startHttpServer({ createServer, port: options.port });
      io.onStop(() => http.close());
      log(`${VERSION}: ${count} tools on ${http.url}; API ${where}${spend}`);
    } else {
      // The SDK decides the protocol era from the client's first message (2026-07-28, or
      // an `initialize` of 2025-11-25 and older) and builds the connection's server.
      const stdio = serveStdio(createServer);
      io.onStop(() => stdio.close());
      log(`${VERSION}: ${count} tools on stdio; API ${where}${spend}`);
    }
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
