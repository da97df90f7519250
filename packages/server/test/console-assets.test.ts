import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ListeningServer } from '../src/index';
import { CONSOLE_CSP, consoleFile } from '../src/transport/node/console-assets';

// Raw requests: fetch would normalise `..` away before it reached the server.
function get(origin: string, path: string, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request(`${origin}/`, { method, path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

// The console directory sits inside a temp directory that also holds a file it must not serve.
const parent = mkdtempSync(join(tmpdir(), 'refapi-console-'));
const dir = join(parent, 'console');
const missing = join(dir, 'not-built');
const server = createReferenceServer();
let built: ListeningServer;
let unbuilt: ListeningServer;

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(dir, 'assets', 'index-AbC123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'style-9z.css'), 'body{}');
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  writeFileSync(join(parent, 'secret.txt'), 'outside');
  built = await server.listen({ port: 0, consoleDir: dir });
  unbuilt = await server.listen({ port: 0, consoleDir: missing });
});
afterAll(async () => {
  await built.close();
  await unbuilt.close();
  rmSync(parent, { recursive: true, force: true });
});

describe('console static files', () => {
  it('serves index.html with no-cache and the content security policy', async () => {
    const res = await get(built.url, '/__console/');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>console</title>');
    expect(res.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      'content-security-policy': CONSOLE_CSP,
      'x-content-type-options': 'nosniff',
      'request-id': expect.stringMatching(/^req_[A-Za-z0-9]{24}$/),
    });
    expect((await get(built.url, '/__console')).headers.location).toBe('/__console/');
    const head = await get(built.url, '/__console/', 'HEAD');
    expect([head.status, head.body]).toEqual([200, '']);
  });

  it('serves hashed assets as immutable, by extension', async () => {
    const js = await get(built.url, '/__console/assets/index-AbC123.js');
    expect([js.status, js.body]).toEqual([200, 'console.log(1)']);
    expect(js.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(js.headers['content-security-policy']).toBeUndefined();
    const css = await get(built.url, '/__console/assets/style-9z.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const svg = await get(built.url, '/__console/favicon.svg');
    expect([svg.headers['content-type'], svg.headers['cache-control']]).toEqual([
      'image/svg+xml',
      'no-cache',
    ]);
  });

  it('never serves a file outside the console directory', async () => {
    for (const path of [
      '/__console/../package.json',
      '/__console/../secret.txt',
      '/__console/%2e%2e/secret.txt',
      '/__console/%2E%2E%2Fsecret.txt',
      '/__console/assets/..%2F..%2Fsecret.txt',
      '/__console/..%5Csecret.txt',
      '/__console/.%2e/secret.txt',
      '/__console/assets/%00index-AbC123.js',
      '/__console/%E0%A4%A',
      '/__console//etc/passwd',
      '/__console/assets/',
    ]) {
      const res = await get(built.url, path);
      expect([path, res.status, res.body]).toEqual([path, 404, '{"error":"not_found"}']);
    }
  });

  it('answers 404 console_not_built when there is no build, and 405 to writes', async () => {
    const res = await get(unbuilt.url, '/__console/');
    expect([res.status, JSON.parse(res.body)]).toEqual([404, { error: 'console_not_built' }]);
    const post = await get(built.url, '/__console/', 'POST');
    expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
  });

  it('keeps the API on the same listener', async () => {
    const res = await fetch(`${built.baseUrl}/me`, {
      headers: { authorization: 'Bearer refak_demo_eur_full' },
    });
    expect(res.status).toBe(200);
  });
});

describe('consoleFile', () => {
  it('maps plain names and refuses anything else', () => {
    expect(consoleFile('/__console/')).toEqual(['index.html']);
    expect(consoleFile('/__console/assets/a-1.js')).toEqual(['assets', 'a-1.js']);
    expect(consoleFile('/__console/.env')).toBeUndefined();
    expect(consoleFile('/__console/a%2Fb')).toBeUndefined();
  });
});
