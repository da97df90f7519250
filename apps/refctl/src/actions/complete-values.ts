import { ServiceRef } from '@refapi/schema/common';
import type { RefClient } from '@refapi/sdk';
import type { Ctx } from '../cli/context';
import type { Handler } from '../cli/lazy-action';
import {
  completionCacheKey,
  completionCachePath,
  readCompletionCache,
  writeCompletionCache,
} from '../config/completion-cache';
import { readConfig } from '../config/config-file';
import { configFilePath } from '../config/config-path';
import { createClient, loadSettings } from '../runtime/client';

// `refctl __complete KIND [ARGS…]`: what the completion scripts ask for the values only the
// API knows, and the profile names of the config file (read locally, no request). It must
// never make a Tab wait or print junk: an answer cached a minute ago is reused, the API gets
// one second, and whatever fails (no key, no server, a slow one, an unreadable config file)
// prints nothing and exits 0.

/** How long a Tab may wait for the API. */
const API_WAIT_MS = 1000;

// One word of a shell's completion list: no spaces, no control characters.
const WORD = /^[\x21-\x7e]{1,200}$/;

/** What the API has of `kind`; `args` are the positional arguments typed so far. */
async function fetchValues(
  client: RefClient,
  kind: string,
  args: readonly string[],
  signal: AbortSignal,
): Promise<string[]> {
  if (kind === 'services') {
    const refs: string[] = [];
    const list = client.services.list({ limit: 100 }, { signal, maxItems: 100 });
    for await (const service of list) refs.push(service.service_ref);
    return refs;
  }
  if (kind === 'statuses') {
    return Object.keys((await client.services.stats({ signal })).by_status).sort();
  }
  // `rules`: of the service the command line names first.
  const { rules } = await client.shield(args[0]!).rules.list({ signal });
  return rules.map((rule) => rule.id);
}

/** The cache key's `what` for `kind`, or undefined for a kind or argument refctl has none of. */
function subject(kind: string | undefined, args: readonly string[]): string | undefined {
  if (kind === 'services' || kind === 'statuses') return kind;
  if (kind === 'rules' && ServiceRef.safeParse(args[0]).success) return `rules ${args[0]}`;
  return undefined;
}

async function apiValues(ctx: Ctx, kind: string | undefined, args: readonly string[]) {
  const what = subject(kind, args);
  const settings = await loadSettings(ctx);
  if (what === undefined || !settings.apiKey) return [];
  const path = completionCachePath(configFilePath(ctx.io.env));
  const key = completionCacheKey(settings.baseUrl, settings.apiKey, what);
  const cached = await readCompletionCache(path, key, Date.now());
  if (cached !== undefined) return cached;
  const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(API_WAIT_MS)]);
  const client = await createClient(ctx);
  const values = (await fetchValues(client, kind!, args, signal)).filter((v) => WORD.test(v));
  await writeCompletionCache(path, key, values, Date.now());
  return values;
}

/** The profile names of the config file, sorted: read here, no key, no request. */
async function profileNames(ctx: Ctx): Promise<string[]> {
  const { profiles } = await readConfig(configFilePath(ctx.io.env));
  return Object.keys(profiles)
    .filter((name) => WORD.test(name))
    .sort();
}

/**
 * `refctl __complete services|statuses|rules|profiles [ARGS…]`: one value per line, or
 * nothing.
 */
export const complete: Handler = async (ctx, [kind, ...args]) => {
  try {
    const values = kind === 'profiles' ? await profileNames(ctx) : await apiValues(ctx, kind, args);
    if (values.length > 0) ctx.io.stdout.write(`${values.join('\n')}\n`);
  } catch {
    // Completion offers nothing rather than an error in the middle of a command line.
  }
};
