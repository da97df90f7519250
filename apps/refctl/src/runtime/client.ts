import { type Logger, RefClient } from '@refapi/sdk';
import { CliError } from '../cli/cli-error';
import type { Ctx } from '../cli/context';
import { EXIT } from '../cli/exit-codes';
import { readConfig } from '../config/config-file';
import { configFilePath } from '../config/config-path';
import { resolveSettings, type Settings } from '../config/resolve-settings';
import { scrub } from './scrub';

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
      ctx.io.stderr.write(`${level}: ${scrub(`${message}${extra}`, ctx.state.secrets)}\n`);
    };
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warning'),
    error: write('error'),
  };
}
