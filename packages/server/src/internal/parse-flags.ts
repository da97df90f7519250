import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';

/** A value that reads as a negative or fractional number: `-1`, `-0.5`, `-.5`. */
const NUMBER_WITH_A_DASH = /^-[\d.]/;

/** Node's refusal of a string flag followed by a flag (`--port --log`): its value is missing. */
const AMBIGUOUS_VALUE = /^Option '([^']+)' argument is ambiguous/;

/**
 * `parseArgs` in strict mode for the `ref-server` commands. A string flag followed by a value
 * that reads as a number with a leading dash (`--port -1`) takes it as `--port=-1` would, so
 * the flag's own check refuses it naming its range; Node alone refuses it as an "ambiguous"
 * argument, naming neither. A flag followed by another flag (`--port --log json`) is a
 * missing value, said so (Node calls it "ambiguous"). On any other mistake, throws an Error
 * whose message is Node's first sentence (the rest is advice about positionals).
 */
export function parseFlags<T extends ParseArgsOptionsConfig>(
  argv: readonly string[],
  options: T,
  allowPositionals: boolean,
) {
  const args: string[] = [];
  for (let at = 0; at < argv.length; at++) {
    const arg = argv[at] as string;
    if (arg === '--') {
      args.push(...argv.slice(at));
      break;
    }
    const next = argv[at + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    if (
      name !== undefined &&
      options[name]?.type === 'string' &&
      next !== undefined &&
      NUMBER_WITH_A_DASH.test(next)
    ) {
      args.push(`${arg}=${next}`);
      at++;
    } else {
      args.push(arg);
    }
  }
  try {
    return parseArgs({ args, strict: true, allowPositionals, options });
  } catch (error) {
    const { message } = error as Error;
    const ambiguous = AMBIGUOUS_VALUE.exec(message);
    if (ambiguous !== null) {
      throw new Error(`Option '${ambiguous[1]}' needs a value, not the flag that follows it`);
    }
    throw new Error(message.split(/\.\s|\n/)[0] ?? 'invalid arguments');
  }
}
