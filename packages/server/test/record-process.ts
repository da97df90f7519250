// `ref-server record` as a user runs it: the built bin in its own process, between an
// upstream and the clients of a test. Shared by the tests that put a client behind it
// (test/recording.test.ts, packages/mcp/test/through-recorder.test.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REF_SERVER = fileURLToPath(new URL('../bin/ref-server.js', import.meta.url));

/** A running `ref-server record`. */
export interface RecordProcess {
  /** The process: stop it with `child.kill('SIGTERM')` to have it flush and exit 0. */
  readonly child: ChildProcess;
  /** The proxy's API base URL (`http://127.0.0.1:<port>/v1`), from its banner. */
  readonly baseUrl: string;
}

/**
 * Starts `ref-server record --upstream <upstream> --port 0 --out <out>` and resolves once
 * its banner names the proxy's URL; rejects, with everything it printed, if it exits first.
 */
export async function startRecorder(upstream: string, out: string): Promise<RecordProcess> {
  const child = spawn(
    process.execPath,
    [REF_SERVER, 'record', '--upstream', upstream, '--port', '0', '--out', out],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let printed = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /recording (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(printed);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) =>
      reject(new Error(`ref-server record exited (${code}): ${printed}`)),
    );
  });
  return { child, baseUrl };
}
