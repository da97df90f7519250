import { randomUUID } from 'node:crypto';
import { redactHeaders } from '@refapi/schema/client';
import { z } from 'zod';
import type { Ctx } from '../cli/context';
import { typedHandler } from '../cli/typed-handler';
import { CliError, UsageError } from '../errors/cli-error';
import { API_FLAGS } from '../flags/command-flags';
import { flagSchema } from '../flags/flag-schema';
import { escapeControlsInLines } from '../output/control-chars';
import { isJqStdout } from '../output/jq-stdout';
import { toJson } from '../output/json';
import { toYaml } from '../output/render';
import { debugLog, loadSettings, requireApiKey } from '../runtime/client';
import { debugFetch } from '../runtime/debug-fetch';
import { readInput } from '../runtime/read-input';
import { VERSION } from '../version';
import { type ApiAnswer, type ApiRequest, exchange } from './api-exchange';
import { fieldsObject, fieldsQuery, type RawField } from './api-fields';
import { apiTarget, findRoute } from './api-target';

/** How long one request may take when `--timeout` is not given. */
const DEFAULT_TIMEOUT_MS = 30_000;

// `-f`/`-F` as commands/api.ts collects them: both lists, numbered in command-line order.
const Field = z.object({ flag: z.enum(['-f', '-F']), text: z.string(), order: z.number() });

const ApiFlags = flagSchema(API_FLAGS).extend({
  rawField: z.array(Field).optional(),
  field: z.array(Field).optional(),
});
type ApiFlags = z.output<typeof ApiFlags>;

/** `-H 'Name: value'` → `[name, value]`. */
function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(':');
  const name = colon === -1 ? '' : text.slice(0, colon).trim();
  if (!/^[!#$%&'*+.^`|~\w-]+$/.test(name)) {
    throw new UsageError(`invalid -H "${text}": expected Name: value`, 'invalid_input');
  }
  return [name, text.slice(colon + 1).trim()];
}

/** The request of the command line: method, URL, headers and body (before pagination). */
async function buildRequest(ctx: Ctx, path: string, opts: ApiFlags): Promise<ApiRequest> {
  const settings = await loadSettings(ctx);
  const apiKey = requireApiKey(settings);
  const target = apiTarget(settings.baseUrl, path);
  const fields: RawField[] = [...(opts.rawField ?? []), ...(opts.field ?? [])].sort(
    (a, b) => a.order - b.order,
  );
  const read = (file: string) => readInput(ctx, file, INPUT_BYTES_MAX);
  const input = opts.input === undefined ? undefined : await read(opts.input);
  const method = (opts.method ?? (fields.length > 0 || input !== undefined ? 'POST' : 'GET'))
    .trim()
    .toUpperCase();
  if (!/^[A-Z]+$/.test(method)) throw new UsageError(`invalid --method "${opts.method}"`);
  const values = await fieldsObject(fields, read);

  const headers = new Headers({
    accept: 'application/json',
    'user-agent': `refctl/${VERSION}`,
  });
  let body: string | undefined;
  // gh's rule: fields are the JSON body, or query parameters for GET (and with --input).
  if (input !== undefined && (method === 'GET' || method === 'HEAD')) {
    throw new UsageError(
      `--input sends a body, which ${method} cannot carry: add -X POST or -X PUT`,
    );
  }
  if (input !== undefined) body = input;
  else if (method !== 'GET' && method !== 'HEAD' && fields.length > 0)
    body = JSON.stringify(values);
  if (body === undefined || input !== undefined) {
    for (const [key, value] of fieldsQuery(values)) target.url.searchParams.append(key, value);
  }
  if (body !== undefined) headers.set('content-type', 'application/json');
  for (const header of opts.header ?? []) headers.set(...parseHeader(header));
  // Set last: a -H cannot replace the key of this profile with another credential by accident.
  headers.set('authorization', `Bearer ${apiKey}`);
  const route = findRoute(method, target.path);
  if (route?.idempotencyKey && !headers.has('idempotency-key')) {
    headers.set('idempotency-key', randomUUID());
  }
  return { method, url: target.url, headers, body };
}

// Bodies past the API's own limit are refused by the server (413), which a user may want to
// see; only a file no request could carry is refused here, before it fills memory.
const INPUT_BYTES_MAX = 64 * 1024 * 1024;

/** The next page's cursor: `pagination.next_cursor` of a list, `next_cursor` of evidence. */
function nextCursor(body: unknown): string | undefined {
  const page = body as { pagination?: { has_more?: unknown; next_cursor?: unknown } } | null;
  const listed = page?.pagination;
  if (listed !== undefined) {
    return listed.has_more === true && typeof listed.next_cursor === 'string'
      ? listed.next_cursor
      : undefined;
  }
  const cursor = (body as { next_cursor?: unknown } | null)?.next_cursor;
  return typeof cursor === 'string' && cursor !== '' ? cursor : undefined;
}

/** Writes text that `--jq` must not filter (`-i` headers) in order with the rest. */
function writeVerbatim(ctx: Ctx, text: string): void {
  if (isJqStdout(ctx.io.stdout)) ctx.io.stdout.verbatim(text);
  else ctx.io.stdout.write(text);
}

/** `-i`: the status line and the response headers (credential headers redacted), then a blank line. */
function writeHead(ctx: Ctx, response: Response): void {
  const headers = Object.entries(redactHeaders(response.headers)).map(
    ([name, value]) => `${name}: ${value}\n`,
  );
  writeVerbatim(
    ctx,
    escapeControlsInLines(
      `HTTP/1.1 ${response.status} ${response.statusText}\n${headers.join('')}\n`,
    ),
  );
}

/** A JSON value in the output format: JSON (the default), NDJSON (one line) or YAML. */
async function formatted(ctx: Ctx, value: unknown): Promise<string> {
  if (ctx.render.format === 'yaml') return toYaml(value);
  if (ctx.render.format === 'ndjson') return `${toJson(value)}\n`;
  return `${toJson(value, 2)}\n`;
}

/** The body of one answer: its JSON in the output format, other text as it is (controls shown). */
async function writeBody(ctx: Ctx, answer: ApiAnswer): Promise<void> {
  if (answer.json !== undefined) {
    ctx.io.stdout.write(await formatted(ctx, answer.json));
  } else if (answer.text !== '') {
    const text = escapeControlsInLines(answer.text);
    ctx.io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }
}

/**
 * `refctl api PATH`: any request to the API with this profile's base URL and key, like
 * `gh api`. Prints the response body; an error status fails as every command does.
 */
export const api = typedHandler(ApiFlags, async (ctx, [path], opts) => {
  if (ctx.render.format === 'csv') {
    throw new UsageError('refctl api prints JSON (or -o yaml, -o ndjson): drop -o csv');
  }
  // The body is printed whole, never as a table: --columns would be silently ignored.
  if (ctx.globals.columns !== undefined) {
    throw new UsageError('refctl api prints the whole body: drop --columns (pick with --jq)');
  }
  if (opts.slurp && !opts.paginate) throw new UsageError('--slurp needs --paginate');
  const request = await buildRequest(ctx, path!, opts);
  if (opts.paginate && request.method !== 'GET') {
    throw new UsageError(`--paginate follows GET lists, not ${request.method}`);
  }
  const limits = {
    signal: ctx.signal,
    timeoutMs: ctx.globals.timeout ?? DEFAULT_TIMEOUT_MS,
    fetch: ctx.globals.debug ? debugFetch(debugLog(ctx)) : globalThis.fetch,
  };
  const pages: unknown[] = [];
  const seen = new Set<string>();
  let url = request.url;
  for (;;) {
    const answer = await exchange({ ...request, url }, limits);
    if (opts.include) writeHead(ctx, answer.response);
    if (opts.slurp) pages.push(answer.json ?? answer.text);
    else await writeBody(ctx, answer);
    const cursor = opts.paginate ? nextCursor(answer.json) : undefined;
    if (cursor === undefined) break;
    if (seen.has(cursor)) {
      throw new CliError(`pagination loop: the server sent cursor ${cursor} twice`);
    }
    seen.add(cursor);
    url = new URL(url);
    url.searchParams.set('cursor', cursor);
  }
  if (opts.slurp) ctx.io.stdout.write(await formatted(ctx, pages));
});
