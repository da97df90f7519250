import { type RouteId, routes } from '@refapi/schema/client';
import type { RequestEntry } from '@refapi/server/browser';

/** A journalled request read back as an operation call: its parameters, query and body. */
export interface RecordedCall {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  key: string | null;
}

/** The operation of an entry, when it is one of the contract's (typed by its id). */
export function operationOf(entry: RequestEntry): RouteId | undefined {
  const { operation } = entry;
  return operation !== null && Object.hasOwn(routes, operation)
    ? (operation as RouteId)
    : undefined;
}

/**
 * A path segment percent-decoded, or undefined when it is not valid percent-encoding
 * (`%E0%A4%A`): the journal records any path a client sent, credentials or not, and
 * `decodeURIComponent` throws a `URIError` on those.
 */
export function decodeSegment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** The operation's template matched at the end of the entry's path (after the base path). */
function matchTemplate(entry: RequestEntry) {
  const operation = operationOf(entry);
  if (operation === undefined) return undefined;
  const template: string = routes[operation].path;
  const names: string[] = [];
  const pattern = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`${pattern}$`).exec(entry.path);
  return match ? { names, match } : undefined;
}

/**
 * Path parameters of the entry, decoded; undefined when the path does not fit its operation
 * or a parameter is malformed percent-encoding (the SDK and refctl encode what they are
 * given, so no call of theirs can send such a path again: only curl replays it).
 */
function pathParams(entry: RequestEntry): Record<string, string> | undefined {
  const found = matchTemplate(entry);
  if (found === undefined) return undefined;
  const params: Record<string, string> = {};
  for (const [i, name] of found.names.entries()) {
    const value = decodeSegment(found.match[i + 1]!);
    if (value === undefined) return undefined;
    params[name] = value;
  }
  return params;
}

/** The entry's path before its operation's template: the API base path (`/v1`). */
export function basePathOf(entry: RequestEntry): string {
  const found = matchTemplate(entry);
  return found === undefined ? entry.path : entry.path.slice(0, found.match.index);
}

/** The entry as an operation call, or undefined when no operation answered or its path is malformed. */
export function parseCall(entry: RequestEntry): RecordedCall | undefined {
  const params = pathParams(entry);
  if (params === undefined) return undefined;
  let body: Record<string, unknown> | undefined;
  if (entry.request.body) {
    try {
      const parsed: unknown = JSON.parse(entry.request.body);
      if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
    } catch {
      body = undefined;
    }
  }
  return { params, query: new URLSearchParams(entry.query), body, key: entry.idempotency_key };
}
