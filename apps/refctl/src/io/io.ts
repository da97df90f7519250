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

/**
 * Whether colors are allowed on `stream` (https://no-color.org, `--no-color`, `TERM=dumb`).
 */
export function colorEnabled(io: Io, stream: OutStream, flag: boolean): boolean {
  if (!flag) return false;
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return false;
  return stream.isTTY === true && !isDumb(io.env);
}
