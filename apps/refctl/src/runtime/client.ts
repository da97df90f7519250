import { type Logger, RefClient } from '@refapi/sdk';
import type { Ctx } from '../cli/context';
import { readConfig } from '../config/config-file';
import { configFilePath } from '../config/config-path';
import { resolveSettings, type Settings } from '../config/resolve-settings';
import { CliError } from '../errors/cli-error';
import { EXIT } from '../errors/exit-codes';
import { escapeControlsInLines } from '../output/control-chars';
import { scrub } from './scrub';

/** How long one API call may take, retries included, when `--timeout` is not given. */
const DEFAULT_CALL_TIMEOUT_MS = 30_000;

/** The settings of this invocation (flag > env > profile > default). */
export async function loadSettings(ctx: Ctx): Promise<Settings> {
  const config = await readConfig(configFilePath(ctx.io.env));
  const settings = resolveSettings(ctx.globals, ctx.io.env, config);
  if (settings.apiKey) ctx.state.secrets.add(settings.apiKey);
  return settings;
}

/** An SDK client for this invocation; fails with exit 4 when no API key is configured. */
export async function createClient(ctx: Ctx): Promise<RefClient> {
  const settings = await loadSettings(ctx);
  if (!settings.apiKey) {
    throw new CliError(
      'no API key: set REF_API_KEY or run: refctl config set-profile NAME --api-key-stdin',
      EXIT.auth,
      'no_api_key',
    );
  }
  return new RefClient({
    apiKey: settings.apiKey,
    baseUrl: settings.baseUrl,
    // Wait out a short Retry-After; a longer one fails fast (exit 5) instead of hanging.
    maxRetryAfter: 10_000,
    // One limit for the whole call: a silent server costs --timeout, not attempts × timeout.
    timeout: ctx.globals.timeout ?? DEFAULT_CALL_TIMEOUT_MS,
    totalTimeout: ctx.globals.timeout ?? DEFAULT_CALL_TIMEOUT_MS,
    logger: stderrLogger(ctx),
    logLevel: ctx.globals.debug ? 'debug' : 'warn',
  });
}

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
