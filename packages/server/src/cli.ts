import { closeSync, openSync, readSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { escapeControls } from '@refapi/schema/text';
import { version } from '../package.json';
import { type CliOptions, parseCliOptions, USAGE, UsageError } from './cli-options';
import { DomainError } from './domain/errors';
import { StateFileError } from './persistence/state-file-error';
import {
  RECORDING_COMMANDS,
  RECORDING_USAGE,
  RecordingCliExit,
  type RecordingCommand,
  runRecordingCommand,
} from './recording/recording-cli';
import { createRequestLogger } from './request-log';
import { OPENAPI_DOCUMENT_PATH } from './server/openapi-path';
import type { SignInCodeIssued } from './wire/admin-wire';

/** Where {@link runServerCli} writes and how it names itself. */
export interface ServerCliIo {
  /** Name in usage text and message prefixes (default `ref-server`). */
  readonly name?: string;
  /** Environment read for `REF_ADMIN_TOKEN`, `REF_STATE_COMPACT_BYTES` (default `process.env`). */
  readonly env?: NodeJS.ProcessEnv;
  /** Receives stdout text: the banner, the request log, help (default `process.stdout`). */
  readonly stdout?: (text: string) => void;
  /** Receives stderr text: one line per failure or warning (default `process.stderr`). */
  readonly stderr?: (text: string) => void;
}

// The web console's build (apps/console writes it; the package ships it): dist/ and src/ are
// both one level below the package root.
const CONSOLE_DIR = fileURLToPath(new URL('../console/', import.meta.url));

// A failure that ends the run with a code after one line on stderr.
class CliExit extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/**
 * Writes to `stream` until its reader goes away (`ref-server | head -1`, to take the URL):
 * then the server goes on serving and what it prints is dropped. An EPIPE left unhandled
 * ended the server with a stack trace.
 */
function writerTo(stream: NodeJS.WriteStream): (text: string) => void {
  let open = true;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    open = false;
  });
  return (text) => {
    if (open) stream.write(text);
  };
}

/**
 * Runs the `ref-server` command line on `argv` (without node and script): serves until
 * SIGINT or SIGTERM and resolves to the exit code, 0 after a signal, 1 when the server
 * cannot start, 2 for bad flags. Other CLIs (`refctl server start`) call it so they take
 * exactly ref-server's flags. The caller ends the process with the code.
 */
export async function runServerCli(argv: readonly string[], io: ServerCliIo = {}): Promise<number> {
  const name = io.name ?? 'ref-server';
  const stdout = io.stdout ?? writerTo(process.stdout);
  const stderr = io.stderr ?? writerTo(process.stderr);
  try {
    return await serve(argv, name, io.env ?? process.env, stdout, stderr);
  } catch (error) {
    if (!(error instanceof CliExit)) throw error;
    // It quotes flag values, paths and file contents: shown (`^[`), never obeyed.
    stderr(`${name}: ${escapeControls(error.message)}\n`);
    return error.code;
  }
}

async function serve(
  argv: readonly string[],
  name: string,
  env: NodeJS.ProcessEnv,
  stdout: (text: string) => void,
  stderr: (text: string) => void,
): Promise<number> {
  const command = RECORDING_COMMANDS.find((c) => c === argv[0]);
  if (command !== undefined) return recordingCommand(command, argv.slice(1), name, stdout, stderr);
  let options: CliOptions;
  try {
    options = parseCliOptions(argv, env);
  } catch (error) {
    if (error instanceof UsageError) throw new CliExit(`${error.message} (see --help)`, 2);
    throw error;
  }
  if (options.help) {
    stdout(
      `${USAGE.replace('ref-server', name)}\n\n${RECORDING_USAGE.replaceAll('ref-server', name)}\n`,
    );
    return 0;
  }
  if (options.version) {
    stdout(`${version}\n`);
    return 0;
  }
  // The server loads only now: --help, --version and bad flags answer fast. Without msw: the
  // command serves node:http only.
  const { createNodeServer } = await import('./transport/node/node-server');
  const { DEFAULT_ADMIN_BODY_BYTES } = await import('./server/body-limit');
  const log = createRequestLogger(options.log, (line) => stdout(`${line}\n`));
  let server: ReturnType<typeof createNodeServer>;
  try {
    server = createNodeServer({
      ...(options.scenario === undefined
        ? {}
        : {
            scenario: readScenario(
              options.scenario,
              options.adminBodyBytes ?? DEFAULT_ADMIN_BODY_BYTES,
            ),
          }),
      ...(options.adminToken === undefined ? {} : { adminToken: options.adminToken }),
      ...(log === undefined ? {} : { onRequest: log }),
      ...(options.stateFile === undefined ? {} : { stateFile: options.stateFile }),
      ...(options.adminBodyBytes === undefined ? {} : { adminBodyBytes: options.adminBodyBytes }),
      ...(options.maxSnapshotBytes === undefined
        ? {}
        : { maxSnapshotBytes: options.maxSnapshotBytes }),
      ...(options.cors === undefined ? {} : { cors: options.cors }),
      journalSize: options.journalSize,
      ...(options.spaces === undefined ? {} : { spaces: options.spaces }),
      ...compactBytes(env.REF_STATE_COMPACT_BYTES),
      onWarning: (message) => stderr(`${name}: warning: ${escapeControls(message)}\n`),
    });
    await server.ready;
  } catch (error) {
    if (error instanceof DomainError) throw new CliExit(error.code, 1);
    if (error instanceof StateFileError) throw new CliExit(error.message, 1);
    throw error;
  }
  const listening = await server
    .listen({
      host: options.host,
      port: options.port,
      consoleDir: CONSOLE_DIR,
      ...(options.maxConnectionsPerAddress === undefined
        ? {}
        : { maxConnectionsPerAddress: options.maxConnectionsPerAddress }),
      ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
    })
    .catch(async (error: NodeJS.ErrnoException) => {
      await server.close();
      throw new CliExit(
        `cannot listen on ${options.host}:${options.port}: ${error.code ?? error.message}`,
        1,
      );
    });
  // Listen for the signal before the banner: whoever reads the banner may stop us at once.
  // The listener stays until the server is closed: a second signal meanwhile is ignored, and
  // libraries that re-raise a signal nobody else listens to (signal-exit) leave us be.
  let stop: (signal: NodeJS.Signals) => void = () => {};
  const stopped = new Promise<NodeJS.Signals>((resolve) => {
    stop = resolve;
  });
  process.on('SIGINT', stop).on('SIGTERM', stop);
  const state = server.admin.state();
  const lines = [
    `${name} listening on ${listening.baseUrl}`,
    // What tools (openapi-generator, Swagger UI, Prism, Specmatic) are pointed at: its
    // `servers` is the base URL above.
    `openapi: ${listening.url}${OPENAPI_DOCUMENT_PATH}`,
    `console: ${await consoleSignInLink(server, listening.url)}  (sign-in link: works once, for 10 minutes)`,
    // A token the user chose is theirs already: echoing it would put it in every captured
    // log of the start (CI, a terminal recording). A random one must be printed to be used.
    `admin token: ${options.adminToken === undefined ? server.adminToken : 'the one given (--admin-token or REF_ADMIN_TOKEN), not printed'}`,
    ...state.accounts.flatMap((account) => {
      const key = account.api_keys.find((k) => k.scopes.includes('*')) ?? account.api_keys[0];
      return key === undefined
        ? []
        : [`${account.account_ref} (${account.account_currency}) key: ${key.token}`];
    }),
  ];
  stdout(`${lines.join('\n')}\n`);
  const signal = await stopped;

  if (options.log !== 'silent') stdout(`${name}: ${signal}, closing\n`);
  await listening.close();
  await server.close();
  process.off('SIGINT', stop).off('SIGTERM', stop);
  return 0;
}

// `record`, `scenario` and `drift`: their own flags; `record` runs until SIGINT or SIGTERM.
async function recordingCommand(
  command: RecordingCommand,
  argv: readonly string[],
  name: string,
  stdout: (text: string) => void,
  stderr: (text: string) => void,
): Promise<number> {
  // The first SIGINT or SIGTERM stops `record` gracefully; a second cuts what is under way.
  let signals = 0;
  let stop: () => void = () => {};
  let cutNow: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const stoppedAgain = new Promise<void>((resolve) => {
    cutNow = resolve;
  });
  const onSignal = () => (++signals === 1 ? stop() : cutNow());
  // Only `record` has something to wind down. `scenario` and `drift` keep the default
  // action, which ends the process at once: with these handlers Ctrl-C and SIGTERM were
  // taken and ignored, and a long file (or a FIFO) ran on until SIGKILL.
  if (command === 'record') process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
  try {
    return await runRecordingCommand(command, argv, {
      name,
      stdout,
      stderr,
      stopped,
      stoppedAgain,
    });
  } catch (error) {
    if (error instanceof RecordingCliExit) throw new CliExit(error.message, error.code);
    throw error;
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
}

/**
 * The console's address with a one-time sign-in code (`/__console/?code=…`), asked of the
 * server as any admin client would (`POST /__admin/session/codes`, in-process).
 */
async function consoleSignInLink(
  server: { fetch: (url: string, init: RequestInit) => Promise<Response>; adminToken: string },
  origin: string,
): Promise<string> {
  const response = await server.fetch(`${origin}/__admin/session/codes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.adminToken}` },
  });
  const { code } = (await response.json()) as SignInCodeIssued;
  return `${origin}/__console/?code=${encodeURIComponent(code)}`;
}

/**
 * The scenario file's JSON. At most `maxBytes` (the admin body limit a scenario upload has)
 * is read: `--scenario /dev/zero` grew the process by gigabytes without a word. A pipe
 * (`--scenario <(jq …)`) is read as a file is.
 */
function readScenario(path: string, maxBytes: number): unknown {
  let text: string;
  try {
    text = readCapped(path, maxBytes);
  } catch (error) {
    if (error instanceof CliExit) throw error;
    throw new CliExit(
      `cannot read scenario ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      1,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliExit(`scenario ${path} is not valid JSON: ${(error as Error).message}`, 1);
  }
}

function readCapped(path: string, maxBytes: number): string {
  const fd = openSync(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, maxBytes + 1 - size));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      size += read;
      if (size > maxBytes) {
        throw new CliExit(
          `scenario ${path} is larger than ${maxBytes} bytes (--max-admin-body): refusing to read on`,
          1,
        );
      }
    }
    return Buffer.concat(chunks, size).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

// Journal size that starts a compaction; tests set it low to compact often.
function compactBytes(value: string | undefined): { stateCompactBytes?: number } {
  if (value === undefined || value === '') return {};
  const bytes = Number(value);
  if (!Number.isSafeInteger(bytes) || bytes < 1) {
    throw new CliExit(`REF_STATE_COMPACT_BYTES must be a positive integer, got "${value}"`, 2);
  }
  return { stateCompactBytes: bytes };
}
