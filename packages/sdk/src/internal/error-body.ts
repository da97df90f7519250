import { bodyText } from './bounded-fetch';

// An error body may be read twice: once to decide on a retry (409 in use) and once to
// build the typed error. A Response body can be read only once, so reads are memoized.
const bodies = new WeakMap<Response, Promise<unknown>>();

async function read(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await bodyText(response);
  } catch {
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The parsed JSON body of an error response, its text when not JSON, or undefined. */
export function readErrorBody(response: Response): Promise<unknown> {
  let body = bodies.get(response);
  if (!body) {
    body = read(response);
    bodies.set(response, body);
  }
  return body;
}

/** The `error` code of an error body, when it has one. */
export function errorCode(body: unknown): string | undefined {
  const value = (body as { error?: unknown } | null)?.error;
  return typeof body === 'object' && typeof value === 'string' ? value : undefined;
}
