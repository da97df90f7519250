import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { newRequestId } from '../../api/request-id';

/** Where the web console lives on the server. */
const CONSOLE_PATH = '/__console';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/** The page's policy: its own scripts, styles and API calls only; no framing, no forms. */
export const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Whether a request path is the console's. */
export const isConsolePath = (path: string): boolean =>
  path === CONSOLE_PATH || path.startsWith(`${CONSOLE_PATH}/`);

// One path segment of a built file: letters, digits, dot, dash, underscore, no leading dot.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * The file a console URL path names, relative to the console directory, or undefined when
 * it could name anything outside it. Segments are decoded one by one and must be plain
 * names, so `..`, encoded slashes (`%2F`, `%5C`) and NUL never reach the file system.
 */
export function consoleFile(path: string): string[] | undefined {
  const rest = path.slice(CONSOLE_PATH.length + 1);
  if (rest === '') return ['index.html'];
  const segments: string[] = [];
  for (const raw of rest.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (!SEGMENT.test(segment)) return undefined;
    segments.push(segment);
  }
  return segments;
}

type Answer = { status: number; headers: Record<string, string>; body: Buffer | string };

const jsonError = (
  status: number,
  error: string,
  headers: Record<string, string> = {},
): Answer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ error }),
});

/** Answers a console path from `dir` (no auth: the files hold no data). */
async function consoleAnswer(dir: string, method: string, path: string): Promise<Answer> {
  if (method !== 'GET' && method !== 'HEAD') {
    return jsonError(405, 'method_not_allowed', { allow: 'GET, HEAD' });
  }
  if (path === CONSOLE_PATH) {
    return { status: 308, headers: { location: `${CONSOLE_PATH}/` }, body: '' };
  }
  const root = resolve(dir);
  try {
    if (!(await stat(join(root, 'index.html'))).isFile())
      return jsonError(404, 'console_not_built');
  } catch {
    return jsonError(404, 'console_not_built');
  }
  const segments = consoleFile(path);
  if (segments === undefined) return jsonError(404, 'not_found');
  const file = join(root, ...segments);
  // Belt and braces: the segment rule already keeps every path inside the directory.
  if (!file.startsWith(`${root}${sep}`)) return jsonError(404, 'not_found');
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return jsonError(404, 'not_found');
  }
  const headers: Record<string, string> = {
    'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'x-content-type-options': 'nosniff',
  };
  if (segments[0] === 'assets' && segments.length > 1) {
    // Vite names assets by content hash: a name never changes meaning.
    headers['cache-control'] = 'public, max-age=31536000, immutable';
  } else {
    headers['cache-control'] = 'no-cache';
  }
  if (extname(file) === '.html') headers['content-security-policy'] = CONSOLE_CSP;
  return { status: 200, headers, body };
}

/**
 * A node:http handler serving the console from `dir`, with a `Request-Id` like every
 * response; the promise resolves once the answer is written.
 */
export function serveConsole(dir: string, onError: (error: unknown) => void) {
  return (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    // A body sent to a console path is never read; drain it so the connection stays usable.
    req.resume();
    return consoleAnswer(dir, method, path)
      .catch((error: unknown) => {
        onError(error);
        return jsonError(500, 'internal_error');
      })
      .then((answer) => {
        res.writeHead(answer.status, {
          ...answer.headers,
          'content-length': Buffer.byteLength(answer.body),
          'request-id': newRequestId(),
        });
        res.end(method === 'HEAD' ? undefined : answer.body);
      });
  };
}
