import { redactHeaders, redactUrlQueries } from '@refapi/schema/client';
import type { FetchFunction } from '@refapi/sdk';

// `--debug`: every HTTP exchange on stderr, request and response, headers and bodies, the
// way the reference server's journal keeps them: credential headers and query parameters
// `[redacted]` by the one rule of @refapi/schema (the Idempotency-Key on a `* ` line of its
// own), bodies cut at 16 KiB. The writer it is
// given (client.ts) also scrubs the API key itself and shows control characters.
// Lines read like curl -v: `> ` for the request, `< ` for the response.

/** Bytes of a body printed, as in the journal. */
const BODY_BYTES = 16 * 1024;

/** Where the lines go (one call per line, without the newline). */
export type DebugLog = (line: string) => void;

function bodyLines(prefix: string, text: string): string[] {
  if (text === '') return [];
  const bytes = Buffer.from(text);
  const cut = bytes.length > BODY_BYTES;
  // Decoding a cut buffer drops a split character's bytes as U+FFFD: close enough for a log.
  const shown = cut ? bytes.subarray(0, BODY_BYTES).toString() : text;
  const lines = shown.replace(/\r?\n$/, '').split(/\r?\n/);
  if (cut) lines.push(`[body truncated: ${bytes.length} bytes, first ${BODY_BYTES} shown]`);
  return lines.map((line) => `${prefix}${line}`);
}

function headerLines(prefix: string, headers: Headers): string[] {
  return Object.entries(redactHeaders(headers)).map(
    ([name, value]) => `${prefix}${name}: ${value}`,
  );
}

/** A fetch that logs each exchange through `log`, then hands the response on unread. */
export function debugFetch(log: DebugLog, inner: FetchFunction = globalThis.fetch): FetchFunction {
  return async (input, init) => {
    const request =
      input instanceof Request && init === undefined ? input : new Request(input, init);
    const started = performance.now();
    const sent = request.body === null ? '' : await request.clone().text();
    const idempotencyKey = request.headers.get('idempotency-key');
    const lines = [
      `> ${request.method} ${redactUrlQueries(request.url)}`,
      ...headerLines('> ', request.headers),
      // Redacted among the headers ("key" in its name), as the journal does; shown on its
      // own, as the journal's entry keeps it: what a retry must send again.
      ...(idempotencyKey === null ? [] : [`* idempotency key: ${idempotencyKey}`]),
      ...bodyLines('> ', sent),
    ];
    for (const line of lines) log(line);
    let response: Response;
    try {
      response = await inner(request);
    } catch (error) {
      log(`< no response: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
    const ms = Math.round(performance.now() - started);
    // A clone, so the caller still reads the body; an event stream would never end.
    const streaming = response.headers.get('content-type')?.startsWith('text/event-stream');
    const received = streaming ? '' : await response.clone().text();
    for (const line of [
      `< ${response.status} ${response.statusText} (${ms} ms)`,
      ...headerLines('< ', response.headers),
      ...bodyLines('< ', received),
    ])
      log(line);
    return response;
  };
}
