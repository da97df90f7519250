import { CliError, UsageError } from '../errors/cli-error';
import { EXIT } from '../errors/exit-codes';

// `--jq` runs real jq: jq-wasm, jq compiled to WebAssembly (no jq of refctl's own). Two of
// its quirks shape this file. It feeds its input through an emulated stdin one byte at a
// time, copying the buffer on each byte: quadratic, ~1 s for 200 KB. A `--argjson` value
// is copied once instead, but argv lives on the wasm stack (about 600 KB fit), so small
// inputs take that path and only large ones the slow stdin. And it answers with the
// whole output trimmed, or with stderr when there was no output, so a runtime error after
// some output is lost (as `jq … 2>/dev/null` would lose it).

/** Inputs up to this many bytes go in as `--argjson` (fast); larger ones through stdin. */
const ARGJSON_BYTES = 128 * 1024;
/** The variable holding the input on the fast path; unlikely to clash with a user's. */
const INPUT_VAR = '__refctl_input';

type JqRaw = (data: string | object, filter: string, flags?: string[]) => Promise<string>;

let loaded: Promise<JqRaw> | undefined;
// jq-wasm is CommonJS with a 1.3 MB WebAssembly build: loaded only when --jq is given.
const jqRaw = (): Promise<JqRaw> => {
  loaded ??= import('jq-wasm').then((m) => m.raw);
  return loaded;
};

/** jq's first error line without its `jq: error:` prefix, e.g. `syntax error, unexpected …`. */
function firstLine(message: string): string {
  const line = message.split('\n').find((l) => l.trim() !== '') ?? message;
  return line
    .replace(/^Failed to execute raw query:\s*/, '')
    .replace(/^jq: error(?: \(at [^)]*\))?:?\s*/, '')
    .replace(/:$/, '');
}

/**
 * Compiles `filter` once against `null`, so a typo fails before any request is sent:
 * a usage error (exit 2) quoting jq's message. Runtime errors on `null` do not count.
 */
export async function checkJqFilter(filter: string): Promise<void> {
  const raw = await jqRaw();
  try {
    await raw('null', filter, ['-c']);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/compile error/.test(message)) {
      throw new UsageError(`invalid --jq expression: ${firstLine(message)}`, 'invalid_jq');
    }
  }
}

/**
 * Runs `filter` over `json` (one JSON text, or several: NDJSON, concatenated pages, each an
 * input of its own as with jq) and resolves to its results, each as compact JSON text.
 */
export async function runJq(json: string, filter: string): Promise<string[]> {
  const raw = await jqRaw();
  let output: string;
  try {
    output =
      Buffer.byteLength(json) <= ARGJSON_BYTES && isOneJsonText(json)
        ? // The line breaks keep a trailing `# comment` of the filter from eating the `)`.
          await raw('', `$${INPUT_VAR} | (\n${filter}\n)`, [
            '-c',
            '-n',
            '--argjson',
            INPUT_VAR,
            json,
          ])
        : await raw(json, filter, ['-c']);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new CliError(`--jq: ${firstLine(message)}`, EXIT.error, 'jq_error');
  }
  return output === '' ? [] : output.split('\n');
}

function isOneJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
