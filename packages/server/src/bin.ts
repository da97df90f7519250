import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCliOptions, USAGE, UsageError } from './cli-options';
import { DomainError } from './domain/errors';
import { StateFileError } from './persistence/state-file-error';
import { createReferenceServer } from './reference-server';
import { createRequestLogger } from './request-log';

// Entry point of `ref-server`: the only module that touches process.exit and signals.

// The web console's build (apps/console writes it; the package ships it): dist/ and src/ are
// both one level below the package root.
const CONSOLE_DIR = fileURLToPath(new URL('../console/', import.meta.url));

function fail(message: string, code: number): never {
  process.stderr.write(`ref-server: ${message}\n`);
  process.exit(code);
}

function readScenario(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    fail(`cannot read scenario ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`, 1);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    fail(`scenario ${path} is not valid JSON: ${(error as Error).message}`, 1);
  }
}

// Journal size that starts a compaction; tests set it low to compact often.
function compactBytes(value: string | undefined): { stateCompactBytes?: number } {
  if (value === undefined || value === '') return {};
  const bytes = Number(value);
  if (!Number.isSafeInteger(bytes) || bytes < 1) {
    fail(`REF_STATE_COMPACT_BYTES must be a positive integer, got "${value}"`, 2);
  }
  return { stateCompactBytes: bytes };
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseCliOptions>;
  try {
    options = parseCliOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof UsageError) fail(`${error.message} (see --help)`, 2);
    throw error;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const log = createRequestLogger(options.log, (line) => process.stdout.write(`${line}\n`));
  let server: ReturnType<typeof createReferenceServer>;
  try {
    server = createReferenceServer({
      ...(options.scenario === undefined ? {} : { scenario: readScenario(options.scenario) }),
      ...(options.adminToken === undefined ? {} : { adminToken: options.adminToken }),
      ...(log === undefined ? {} : { onRequest: log }),
      ...(options.stateFile === undefined ? {} : { stateFile: options.stateFile }),
      ...(options.cors === undefined ? {} : { cors: options.cors }),
      journalSize: options.journalSize,
      ...compactBytes(process.env.REF_STATE_COMPACT_BYTES),
      onWarning: (message) => process.stderr.write(`ref-server: warning: ${message}\n`),
    });
    await server.ready;
  } catch (error) {
    if (error instanceof DomainError) fail(error.code, 1);
    if (error instanceof StateFileError) fail(error.message, 1);
    throw error;
  }
  const listening = await server
    .listen({ host: options.host, port: options.port, consoleDir: CONSOLE_DIR })
    .catch((error: NodeJS.ErrnoException) =>
      fail(`cannot listen on ${options.host}:${options.port}: ${error.code ?? error.message}`, 1),
    );
  const state = server.admin.state();
  const lines = [
    `ref-server listening on ${listening.baseUrl}`,
    `console: ${listening.url}/__console/`,
    `admin token: ${server.adminToken}`,
    ...state.accounts.flatMap((account) => {
      const key = account.api_keys.find((k) => k.scopes.includes('*')) ?? account.api_keys[0];
      return key === undefined
        ? []
        : [`${account.account_ref} (${account.account_currency}) key: ${key.token}`];
    }),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    if (options.log !== 'silent') process.stdout.write(`ref-server: ${signal}, closing\n`);
    listening
      .close()
      .then(() => server.close())
      .then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error), 1));
