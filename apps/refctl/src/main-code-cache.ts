import { isAscii } from 'node:buffer';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { cacheDir } from './runtime/cache-dir';

// Node's compile cache (bin.ts turns it on) is made when a file is compiled, before any of
// it runs: it holds the top level, and every function a command calls (zod's, the SDK's,
// commander's) is compiled again on each start. V8 can make a code cache after a run too,
// holding the functions that ran: `refctl me` starts ~15 ms sooner with one
// (bench/cold-start.ts). That takes the script in hand (vm.Script), which Node offers for
// an ES module only behind a flag, so refctl's commands are built as CommonJS: dist/main.cjs.

/** A cache is written again for a command it has not seen yet, until it has seen this many. */
const MAX_COMMANDS = 32;
/** Cache files kept (one per Node version and install of this refctl version): the newest. */
const MAX_FILES = 4;
/** A partial cache file older than this was left by a run that died while writing it. */
const PARTIAL_MS = 60_000;

/** The first line of a cache file; the cache itself follows. */
interface Header {
  /** main.cjs's path, size and time: the file name holds only their hash. */
  readonly main: string;
  /** The cache's length: a file cut short is not handed to V8. */
  readonly bytes: number;
  /** The commands (first words of the command line) whose functions the cache holds. */
  readonly commands: readonly string[];
}

interface CacheFile {
  readonly path: string;
  readonly main: string;
  readonly found?: { readonly header: Header; readonly data: Buffer };
}

/** What main.cjs exports. */
interface MainModule {
  main(): Promise<number>;
}

// CommonJS's wrapper, with one more parameter: main.cjs imports the terminal UI (dist/ui.js,
// an ES module) through it, as a script run by vm cannot import() by itself.
const WRAPPER_HEAD =
  '(function (exports, require, module, __filename, __dirname, __refctlImportUi) {\n';
const WRAPPER_TAIL = '\n})';

/** refctl's commands as one CommonJS bundle: its text, and the file it is known by. */
export interface CommandsBundle {
  /** Named in stack traces and resolves `require`; its path, size and time key the cache. */
  readonly file: string;
  readonly source: string;
}

/** dist/main.cjs, beside this file in the npm build. */
function npmBundle(): CommandsBundle {
  const file = fileURLToPath(new URL('./main.cjs', import.meta.url));
  return { file, source: bundleText(readFileSync(file)) };
}

/**
 * The bundle's bytes as text. It is ASCII (esbuild escapes the rest): decoded as Latin-1 it
 * skips the UTF-8 decoder, ~0.4 ms of every start, and makes the same one-byte string.
 */
export function bundleText(bytes: Buffer): string {
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

/**
 * Runs refctl's commands (dist/main.cjs, or the executable's copy) on `args` with V8's code
 * cache of earlier runs, kept in refctl's cache directory; resolves to the exit code. A
 * missing, stale or unreadable cache only makes the start slower; `NODE_DISABLE_COMPILE_CACHE`
 * turns it off.
 */
export async function runMainWithCodeCache(
  args: readonly string[],
  { file, source }: CommandsBundle = npmBundle(),
): Promise<number> {
  const cache = process.env.NODE_DISABLE_COMPILE_CACHE ? undefined : openCache(file);
  const script = new Script(WRAPPER_HEAD + source + WRAPPER_TAIL, {
    filename: file,
    lineOffset: -1,
    ...(cache?.found ? { cachedData: cache.found.data } : {}),
  });
  const module = { exports: {} as MainModule };
  const importUi = () => import('./ui');
  script.runInThisContext()(
    module.exports,
    createRequire(file),
    module,
    file,
    dirname(file),
    importUi,
  );
  const code = await module.exports.main();
  if (cache !== undefined) {
    const command = commandWords(args);
    const seen = script.cachedDataRejected === false ? (cache.found?.header.commands ?? []) : [];
    if (!seen.includes(command) && seen.length < MAX_COMMANDS) {
      saveCache(cache, script, [...seen, command]);
    }
  }
  return code;
}

/** The command's first words, up to two and up to the first option: `orders create`, `me`. */
function commandWords(args: readonly string[]): string {
  const words: string[] = [];
  for (const arg of args) {
    if (arg.startsWith('-') || words.length === 2) break;
    words.push(arg);
  }
  return words.join(' ');
}

/** The cache file for `file` under this Node, and what it holds when it is there and whole. */
function openCache(file: string): CacheFile | undefined {
  let cache: CacheFile;
  try {
    const { size, mtimeMs } = statSync(file);
    const main = `${file}\0${size}\0${mtimeMs}`;
    const name = `${process.version}-${process.arch}-${fnv1a(main).toString(16)}.bin`;
    cache = { path: join(cacheDir(), 'code-cache', name), main };
  } catch {
    return undefined;
  }
  try {
    const bytes = readFileSync(cache.path);
    const newline = bytes.indexOf(10);
    const header = JSON.parse(bytes.subarray(0, newline).toString()) as Header;
    const data = bytes.subarray(newline + 1);
    const whole = newline > 0 && header.main === cache.main && header.bytes === data.length;
    return whole ? { ...cache, found: { header, data } } : cache;
  } catch {
    // None yet, or not one of ours: written anew after this run.
    return cache;
  }
}

/** Writes the cache of what has run so far, whole (renamed into place); keeps the newest files. */
function saveCache(cache: CacheFile, script: Script, commands: readonly string[]): void {
  try {
    const data = script.createCachedData();
    const header: Header = { main: cache.main, bytes: data.length, commands };
    const dir = dirname(cache.path);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const partial = `${cache.path}.${process.pid}`;
    writeFileSync(partial, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), data]));
    renameSync(partial, cache.path);
    const files = readdirSync(dir).map((name) => {
      const path = join(dir, name);
      return { path, partial: !name.endsWith('.bin'), at: statSync(path).mtimeMs };
    });
    const caches = files.filter((file) => !file.partial).sort((a, b) => b.at - a.at);
    // A run killed between write and rename leaves its partial file; another run may be
    // writing one right now, so only old ones go.
    const abandoned = files.filter((file) => file.partial && Date.now() - file.at > PARTIAL_MS);
    for (const old of [...caches.slice(MAX_FILES), ...abandoned]) rmSync(old.path, { force: true });
  } catch {
    // A cache that cannot be written only leaves the next start as slow as this one.
  }
}

/**
 * 32-bit FNV-1a of a string's UTF-16 code units: a short, stable file name (node:crypto
 * would add its load to every start, for a name).
 */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
