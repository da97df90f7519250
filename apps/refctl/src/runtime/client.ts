// First: zod is configured before any module below builds a schema.
import './zod-jitless';
import { type Logger, RefClient } from '@refapi/sdk';
import type { Ctx } from '../cli/context';
import { type ConfigFile, readConfig } from '../config/config-file';
import { configFilePath } from '../config/config-path';
import { resolveSettings, type Settings, settingsBesideFile } from '../config/resolve-settings';
import { CliError } from '../errors/cli-error';
import { EXIT } from '../errors/exit-codes';
import { escapeControlsInLines } from '../output/control-chars';
import { debugFetch } from './debug-fetch';
import { scrub } from './scrub';

/** How long one API call may take, retries included, when `--timeout` is not given. */
const DEFAULT_CALL_TIMEOUT_MS = 30_000;

/** The settings of this invocation (flag > env > profile > default). */
export async function loadSettings(ctx: Ctx): Promise<Settings> {
  const config = await readNeededConfig(ctx);
  const settings = resolveSettings(ctx.globals, ctx.io.env, config);
  if (settings.apiKey) ctx.state.secrets.add(settings.apiKey);
  ctx.state.baseUrl = settings.baseUrl;
  return settings;
}

// The invocations that said so already: a command may read its settings more than once.
const ignoredConfigNoted = new WeakSet<Ctx>();

/**
 * The config file, or no profiles when the file is unreadable and not needed: the key and the
 * base URL come from elsewhere and no profile is named (scripts and CI set the environment).
 * One note on stderr says so, as for the unreadable record of sent rules: the file is broken
 * for every command without those variables, and is left as it is for the user to fix.
 */
async function readNeededConfig(ctx: Ctx): Promise<ConfigFile> {
  try {
    return await readConfig(configFilePath(ctx.io.env));
  } catch (error) {
    const beside = settingsBesideFile(ctx.globals, ctx.io.env);
    if (beside === undefined || !(error instanceof CliError)) throw error;
    if (!ignoredConfigNoted.has(ctx)) {
      ignoredConfigNoted.add(ctx);
      // The path is the user's text: shown, never obeyed (print.ts's note, without its renderer).
      ctx.io.stderr.write(
        `${escapeControlsInLines(`note: ${error.message}; ignored: ${beside} are set`)}\n`,
      );
    }
    return { profiles: {} };
  }
}

/**
 * The API key of `settings`; fails with exit 4 when none is configured, or when it holds a
 * character a bearer header cannot carry (a line break pasted with it), naming where it came
 * from (the variable or profile the user can fix), never showing the key.
 */
export function requireApiKey(settings: Settings): string {
  const key = settings.apiKey;
  if (key && !/^[\x21-\x7e]+$/.test(key)) {
    const from =
      settings.apiKeySource === 'env'
        ? 'REF_API_KEY'
        : `the API key of profile "${settings.profile}"`;
    throw new CliError(
      `${from} contains spaces or non-printable characters (a trailing newline?); an API key is printable ASCII (refak_…)`,
      EXIT.auth,
      'invalid_api_key_format',
    );
  }
  if (key) return key;
  throw new CliError(
    'no API key: set REF_API_KEY or run: refctl config set-profile NAME --api-key-stdin',
    EXIT.auth,
    'no_api_key',
  );
}

/** An SDK client for this invocation; fails with exit 4 when no API key is configured. */
export async function createClient(ctx: Ctx): Promise<RefClient> {
  const settings = await loadSettings(ctx);
  const apiKey = requireApiKey(settings);
  return new RefClient({
    apiKey,
    baseUrl: settings.baseUrl,
    // Wait out a short Retry-After; a longer one fails fast (exit 5) instead of hanging.
    maxRetryAfterMs: 10_000,
    // One limit for the whole call: a silent server costs --timeout, not attempts × timeout.
    timeout: ctx.globals.timeout ?? DEFAULT_CALL_TIMEOUT_MS,
    totalTimeout: ctx.globals.timeout ?? DEFAULT_CALL_TIMEOUT_MS,
    logger: stderrLogger(ctx),
    // --debug logs each exchange whole through debugFetch; the SDK adds its retries (info).
    logLevel: ctx.globals.debug ? 'info' : 'warn',
    // No OpenTelemetry: a command registers no tracer of its own, and dist/main.cjs (run by
    // main-code-cache.ts) cannot import() @opentelemetry/api; --debug shows each exchange.
    telemetry: false,
    ...(ctx.globals.debug ? { fetch: debugFetch(debugLog(ctx)) } : {}),
  });
}

/** `--debug` lines on stderr, scrubbed like every other line refctl prints there. */
export const debugLog =
  (ctx: Ctx) =>
  (line: string): void => {
    ctx.io.stderr.write(`debug: ${escapeControlsInLines(scrub(line, ctx.state.secrets))}\n`);
  };

// The SDK logs through this: one line per event on stderr, so stdout stays pure data.
function stderrLogger(ctx: Ctx): Logger {
  const write =
    (level: string) =>
    (message: string, ...details: unknown[]) => {
      const extra = details.map((d) => ` ${JSON.stringify(d)}`).join('');
      const line = escapeControlsInLines(scrub(`${message}${extra}`, ctx.state.secrets));
      ctx.io.stderr.write(`${level}: ${line}\n`);
    };
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warning'),
    error: write('error'),
  };
}
