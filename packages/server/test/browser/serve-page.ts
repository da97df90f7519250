import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/** A static site on 127.0.0.1 (free port): the page, its script and msw's worker. */
export interface PageServer {
  readonly url: string;
  close(): Promise<void>;
}

const HTML =
  '<!doctype html><meta charset="utf-8"><title>ref</title><script type="module" src="/page.js"></script>';

/** Serves `script` as /page.js under an HTML page, plus /mockServiceWorker.js of msw. */
export function servePage(script: string): Promise<PageServer> {
  const require = createRequire(import.meta.url);
  const worker = readFileSync(require.resolve('msw/mockServiceWorker.js'), 'utf8');
  const files: Record<string, [string, string]> = {
    '/': ['text/html; charset=utf-8', HTML],
    '/page.js': ['text/javascript; charset=utf-8', script],
    '/mockServiceWorker.js': ['text/javascript; charset=utf-8', worker],
  };
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://x').pathname];
    if (file === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file[0], 'cache-control': 'no-store' }).end(file[1]);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
