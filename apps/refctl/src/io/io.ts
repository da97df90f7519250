/** A writable stream as refctl uses it; `isTTY` and `columns` are present on terminals. */
export interface OutStream {
  write(chunk: string): boolean;
  isTTY?: boolean;
  columns?: number;
}

/** A readable stream as refctl uses it. */
interface InStream extends NodeJS.ReadableStream {
  isTTY?: boolean;
}

/** The process boundary, injected so handlers run in tests without a real terminal. */
export interface Io {
  readonly stdout: OutStream;
  readonly stderr: OutStream;
  readonly stdin: InStream;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * The real process streams and environment. Each stream is made when first used (node
 * builds `process.stdin` and `process.stderr` on first access, ~3-4 ms each at start, and
 * `refctl me -o json` needs neither); `onStream` sees each one as it is made.
 */
export function processIo(onStream: (stream: NodeJS.WriteStream) => void = () => {}): Io {
  let stdout: NodeJS.WriteStream | undefined;
  let stderr: NodeJS.WriteStream | undefined;
  return {
    get stdout() {
      if (stdout === undefined) {
        stdout = process.stdout;
        onStream(stdout);
      }
      return stdout;
    },
    get stderr() {
      if (stderr === undefined) {
        stderr = process.stderr;
        onStream(stderr);
      }
      return stderr;
    },
    get stdin() {
      return process.stdin;
    },
    env: process.env,
  };
}

/** True when `CI` is set to anything but an explicit false. */
function isCi(env: Io['env']): boolean {
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}

/**
 * `TERM=dumb`: a terminal that moves no cursor and shows no colors (Emacs shell buffers, some
 * CI logs), as Node's own `getColorDepth` and hcloud's color library treat it.
 */
const isDumb = (env: Io['env']): boolean => env.TERM === 'dumb';

/**
 * Whether a live ink view may draw on `stream`: only on a terminal outside CI, since ink 6
 * writes cursor codes even into pipes, and not on a dumb one.
 */
export function canRenderLive(io: Io, stream: OutStream): boolean {
  return stream.isTTY === true && !isCi(io.env) && !isDumb(io.env);
}

/** An environment variable that is set to something (`NO_COLOR=` means unset, no-color.org). */
const isSet = (value: string | undefined): value is string => value !== undefined && value !== '';

/**
 * What the environment says of colours, whatever the stream: `off` for `FORCE_COLOR=0`
 * (or `false`), `on` for any other `FORCE_COLOR` (`1`, `2`, `3`, `true`: supports-color's
 * and Node's) or a `CLICOLOR_FORCE` but `0` (gh's), else `undefined` (the stream decides).
 */
function forcedColor(env: Io['env']): 'on' | 'off' | undefined {
  const force = env.FORCE_COLOR;
  if (isSet(force)) return force === '0' || force.toLowerCase() === 'false' ? 'off' : 'on';
  if (isSet(env.CLICOLOR_FORCE) && env.CLICOLOR_FORCE !== '0') return 'on';
  return undefined;
}

/**
 * Whether colors are allowed on `stream`. `--no-color` turns them off, and so does
 * `FORCE_COLOR=0`; `FORCE_COLOR=1..3` or `CLICOLOR_FORCE=1` turn them on even in a pipe, a
 * file, on a dumb terminal and over `NO_COLOR` (Node's and gh's order: forcing is the more
 * deliberate setting); otherwise a terminal gets them unless `NO_COLOR`
 * (https://no-color.org), `CLICOLOR=0` or `TERM=dumb`. Colours only: live views still need
 * a terminal ({@link canRenderLive}).
 */
export function colorEnabled(io: Io, stream: OutStream, flag: boolean): boolean {
  if (!flag) return false;
  const forced = forcedColor(io.env);
  if (forced !== undefined) return forced === 'on';
  if (isSet(io.env.NO_COLOR) || io.env.CLICOLOR === '0') return false;
  return stream.isTTY === true && !isDumb(io.env);
}
