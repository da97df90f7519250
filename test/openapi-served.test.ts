import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// ref-server started as a user starts it (the built bin, `--port 0`) serves its OpenAPI
// document at /openapi.json: tools given that address alone (a validator, a client
// generator) read the published contract and are sent to the server that served it.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'packages/server/dist/bin.js');
const published = JSON.parse(
  readFileSync(join(ROOT, 'packages/schema/openapi.json'), 'utf8'),
) as Record<string, unknown>;

let server: ChildProcess | undefined;
let banner = '';
let baseUrl = '';

beforeAll(async () => {
  if (!existsSync(BIN))
    execFileSync('pnpm', ['--filter', '@refapi/server...', 'build'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
  const child = spawn(process.execPath, [BIN, '--port', '0', '--log', 'silent'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      banner += chunk;
      // The whole banner: its key lines come after the URL.
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/v1)[\s\S]*key: /.exec(banner);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`ref-server exited (${code}): ${banner}`)));
  });
}, 60_000);

afterAll(async () => {
  if (server !== undefined && server.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
});

describe('ref-server serves its OpenAPI document', () => {
  it('says where in its start banner and --help', () => {
    expect(banner).toContain(`\nopenapi: ${new URL(baseUrl).origin}/openapi.json\n`);
    const help = execFileSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
    expect(help).toContain('its OpenAPI document at /openapi.json');
  });

  it('is a valid OpenAPI 3.1 document, the published one with servers this server', async () => {
    const response = await fetch(`${new URL(baseUrl).origin}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const served = (await response.json()) as Record<string, unknown>;

    const result = await new Validator().validate(
      structuredClone(served) as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    const { servers, ...rest } = served as { servers: { url: string }[] };
    expect(servers[0]?.url).toBe(baseUrl);
    const { servers: _, ...publishedRest } = published;
    expect(rest).toEqual(publishedRest);
  });

  it('generates a client from its address alone (openapi-typescript)', async () => {
    const ast = await openapiTS(new URL(`${new URL(baseUrl).origin}/openapi.json`));
    const types = astToString(ast);
    expect(types).toContain('"/services/{service_ref}/shield/rules"');
    expect(types).toContain('getShieldTraffic');
  }, 60_000);
});
