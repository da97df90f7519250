import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CallToolResult,
  Client,
  type ClientCapabilities,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { main } from '../../src/main';

/** The built bin under test (test/global-setup.ts keeps it fresh). */
export const BIN = fileURLToPath(new URL('../../bin/refapi-mcp.js', import.meta.url));

/** The protocol revision the v2 SDK speaks, which the main tests pin. */
export const PROTOCOL_VERSION = '2026-07-28';

/**
 * A v2 `Client` pinned to 2026-07-28: connecting fails rather than falling back to the
 * 2025 `initialize` handshake, so these tests cover the current protocol. (Clients of
 * 2025-11-25 are covered by test/legacy-clients.test.ts.)
 */
function modernClient(capabilities?: ClientCapabilities): Client {
  return new Client(
    { name: 'refapi-mcp-test', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: PROTOCOL_VERSION } },
      ...(capabilities === undefined ? {} : { capabilities }),
    },
  );
}

/** An MCP `Client` connected to a spawned `refapi-mcp`, and what it wrote on stderr. */
export interface Connected {
  readonly client: Client;
  /** Calls a tool and records the raw result for the key scan. */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** Everything the process wrote on stderr so far. */
  stderr(): string;
  /** Every tool result so far, serialized. */
  transcript(): string;
  /** The URL of the HTTP endpoint (HTTP only). */
  readonly url?: string;
  close(): Promise<void>;
}

/** A clean environment: no inherited REF_*, an empty HOME (no refctl profiles). */
export function cleanEnv(extra: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: mkdtempSync(join(tmpdir(), 'refapi-mcp-')),
    ...extra,
  };
}

function withRecorder(
  client: Client,
  stderr: () => string,
  close: () => Promise<void>,
  url?: string,
): Connected {
  const results: string[] = [];
  return {
    client,
    async call(name, args = {}) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      results.push(JSON.stringify(result));
      return result;
    },
    stderr,
    transcript: () => results.join('\n'),
    ...(url ? { url } : {}),
    close,
  };
}

/** Spawns `refapi-mcp …args` and connects over stdio. */
export async function connectStdio(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    env: cleanEnv(env),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = modernClient();
  await client.connect(transport);
  return withRecorder(
    client,
    () => stderr,
    () => client.close(),
  );
}

/** Spawns the HTTP server and resolves once it printed its URL. */
export function spawnHttp(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const child = spawn(process.execPath, [BIN, '--http', '--port', '0', ...args], {
    env: cleanEnv(env),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let text = '';
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no URL from refapi-mcp --http: ${text}`));
    }, 20_000);
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(text)?.[0];
      if (url) {
        clearTimeout(guard);
        resolve({ child, url, stderr: () => text });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(guard);
      reject(new Error(`refapi-mcp --http exited with ${code}: ${text}`));
    });
  });
}

/** SIGTERM, then waits for the process to end. */
export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Runs `refapi-mcp …args` in this process: the bin's `main` (flags, settings, logging,
 * the SDK's stdio entry) with stderr captured and an in-memory pair for stdin/stdout.
 * For tests of what the server does; the process itself (pipes, exit codes, signals) is
 * covered by the tests that spawn the built bin (bin.test.ts, legacy-clients.test.ts, …).
 */
export async function connectInProcess(
  args: readonly string[],
  env: Record<string, string> = {},
  /** What the client declares it can do (e.g. elicitation) and sets up before connecting. */
  setup?: { capabilities: ClientCapabilities; prepare: (client: Client) => void },
): Promise<Connected> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const { stderr, stop } = await runMain(args, env, serverSide);
  const client = modernClient(setup?.capabilities);
  setup?.prepare(client);
  await client.connect(clientSide);
  return withRecorder(client, stderr, async () => {
    await client.close();
    await stop();
  });
}

/** `refapi-mcp --http --port 0 …args` in this process (see {@link connectInProcess}). */
export async function connectHttpInProcess(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<Connected> {
  const { stderr, stop } = await runMain(['--http', '--port', '0', ...args], env);
  const url = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(stderr())?.[0];
  if (!url) {
    await stop();
    throw new Error(`no URL from refapi-mcp --http: ${stderr()}`);
  }
  const client = modernClient();
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return withRecorder(
    client,
    stderr,
    async () => {
      await client.close();
      await stop();
    },
    url,
  );
}

/** Both transports in process, for `describe.each`. */
export const IN_PROCESS_TRANSPORTS = [
  ['stdio', connectInProcess],
  ['http', connectHttpInProcess],
] as const;

/** Runs `main` as the bin does, with a clean environment; fails unless it is serving. */
async function runMain(
  args: readonly string[],
  env: Record<string, string>,
  stdio?: InMemoryTransport,
): Promise<{ stderr: () => string; stop: () => Promise<void> }> {
  let text = '';
  const stops: Array<() => Promise<void>> = [];
  const code = await main(args, {
    env: cleanEnv(env),
    stdout: (chunk) => {
      throw new Error(`refapi-mcp wrote on stdout while serving: ${chunk}`);
    },
    stderr: (chunk) => {
      text += chunk;
    },
    onStop: (stop) => stops.push(stop),
    stdio,
  });
  if (code !== undefined) throw new Error(`refapi-mcp exited with ${code}: ${text}`);
  return {
    stderr: () => text,
    stop: async () => {
      for (const stop of stops.splice(0)) await stop();
    },
  };
}

/** The structured content of a successful result, or a failure naming the tool error. */
export function structured(result: CallToolResult): Record<string, unknown> {
  if (result.isError) throw new Error(`tool error: ${JSON.stringify(result.content)}`);
  // 2026-07-28 allows any JSON value; every tool of this server answers an object.
  const content = result.structuredContent;
  if (content === null || typeof content !== 'object' || Array.isArray(content)) {
    throw new Error(`no structured object: ${JSON.stringify(content)}`);
  }
  return content as Record<string, unknown>;
}

/** The JSON facts of a tool error result. */
export function errorFacts(result: CallToolResult): Record<string, unknown> {
  if (!result.isError) throw new Error(`expected a tool error: ${JSON.stringify(result)}`);
  const json = result.content.find((c) => c.type === 'text' && c.text.startsWith('{'));
  if (json?.type !== 'text') throw new Error('no JSON error facts');
  return JSON.parse(json.text) as Record<string, unknown>;
}
