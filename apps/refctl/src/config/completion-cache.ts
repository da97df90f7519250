import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { writePrivateFile } from './config-file';

// What shell completion asked the API for (service refs, statuses, rule ids), kept a minute
// so that Tab after Tab asks once. Per base URL and API key (a hash of the two: the key is
// never written here), in one small file beside the config file, private to its owner.

/** How long an answer is offered again without asking the API. */
const COMPLETION_TTL_MS = 60_000;
/** Answers kept (the newest); each holds at most {@link CACHED_VALUES} values. */
const CACHED_ANSWERS = 32;
/** Values kept of one answer: more would not fit a screen of completions anyway. */
const CACHED_VALUES = 500;

const CacheFile = z.object({
  version: z.literal(1),
  answers: z.record(z.string(), z.object({ at: z.number(), values: z.array(z.string()) })),
});
type CacheFile = z.infer<typeof CacheFile>;

/** `completion-cache.json` beside the config file. */
export const completionCachePath = (configPath: string): string =>
  join(dirname(configPath), 'completion-cache.json');

/** The cache key of `what` (`services`, `rules REF-SVC-1`) for one base URL and key. */
export function completionCacheKey(baseUrl: string, apiKey: string, what: string): string {
  const account = createHash('sha256').update(`${baseUrl}\0${apiKey}`).digest('hex');
  return `${account.slice(0, 32)} ${what}`;
}

// A missing or malformed file is an empty cache: completion never fails for it.
async function readCache(path: string): Promise<CacheFile> {
  try {
    const parsed = CacheFile.safeParse(JSON.parse(await readFile(path, 'utf8')));
    if (parsed.success) return parsed.data;
  } catch {}
  return { version: 1, answers: {} };
}

/** The values cached under `key`, unless older than the TTL at `now` (ms). */
export async function readCompletionCache(
  path: string,
  key: string,
  now: number,
): Promise<readonly string[] | undefined> {
  const answer = (await readCache(path)).answers[key];
  const fresh = answer !== undefined && now - answer.at >= 0 && now - answer.at < COMPLETION_TTL_MS;
  return fresh ? answer.values : undefined;
}

/** Caches `values` under `key` at `now`, dropping expired answers and the oldest past the cap. */
export async function writeCompletionCache(
  path: string,
  key: string,
  values: readonly string[],
  now: number,
): Promise<void> {
  const cache = await readCache(path);
  cache.answers[key] = { at: now, values: values.slice(0, CACHED_VALUES) };
  const kept = Object.entries(cache.answers)
    .filter(([, answer]) => now - answer.at < COMPLETION_TTL_MS)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, CACHED_ANSWERS);
  await writePrivateFile(
    path,
    JSON.stringify({ version: 1, answers: Object.fromEntries(kept) } satisfies CacheFile),
  );
}
