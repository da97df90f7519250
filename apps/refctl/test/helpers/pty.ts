import { spawn, spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { CODE_CACHE_HOME, REFCTL, tempConfigHome } from './run-refctl';

/** util-linux `script` gives the child a pseudo-terminal (stdin, stdout and stderr). */
export const hasScript = spawnSync('sh', ['-c', 'command -v script']).status === 0;

/** Keys as a terminal sends them. */
export const KEY = {
  enter: '\r',
  down: '\u001b[B',
  up: '\u001b[A',
  esc: '\u001b',
  ctrlC: '\u0003',
} as const;

/** A refctl run on a 120×40 pseudo-terminal that a test talks to. */
export interface Terminal {
  /** Everything drawn so far (stdout and stderr: one terminal), escape codes included. */
  output(): string;
  /** The output as text: escape codes and carriage returns removed. */
  text(): string;
  /** Resolves once the text matches `pattern` (after `from`, an index into text()). */
  waitFor(pattern: RegExp, from?: number): Promise<void>;
  /** Types `keys` as one read. */
  type(keys: string): void;
  /** Resolves to the exit code once refctl has ended. */
  readonly exit: Promise<number | null>;
}

const plain = (text: string) => stripVTControlCharacters(text).replaceAll('\r', '');

const quote = (a: string) => `'${a.replaceAll("'", "'\\''")}'`;

/**
 * Starts `refctl …args` on a pseudo-terminal with `env` (plus a clean HOME and TERM); `refctl`
 * is the built bin under this Node unless another command (the executable) is given.
 */
export function onTerminal(
  args: readonly string[],
  env: Record<string, string>,
  refctl: readonly string[] = [process.execPath, REFCTL],
): Terminal {
  const command = `stty cols 120 rows 40; exec ${[...refctl, ...args].map(quote).join(' ')}`;
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: tempConfigHome(),
      XDG_CACHE_HOME: CODE_CACHE_HOME,
      TERM: 'xterm-256color',
      ...env,
    },
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (output += c));
  // A prompt nobody answers must not outlive the test.
  const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const exit = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve(code);
    }),
  );
  return {
    output: () => output,
    text: () => plain(output),
    waitFor: async (pattern, from = 0) => {
      for (let waited = 0; !pattern.test(plain(output).slice(from)); waited += 25) {
        if (waited > 15_000) throw new Error(`no ${pattern} on the terminal:\n${plain(output)}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    type: (keys) => child.stdin.write(keys),
    exit,
  };
}
