// The numbers of the client's options and of each call's, checked before anything is sent:
// ky refuses a bad one only once the call runs, as an error the SDK would report as a
// network failure (or as a bare RangeError from a timer).
import { ConfigurationError } from '../errors/client-errors';
import type { RequestOptions } from '../options';

// Timers cannot wait longer than a signed 32-bit number of milliseconds.
const MAX_MS = 2_147_483_647;

// A string shows its quotes: `got "1000"` says what `got 1000` would hide.
const shown = (value: unknown) =>
  typeof value === 'number' ? String(value) : JSON.stringify(value);

/** What a value is, for a message that must not show it: `a number`, `an array`, `null`. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  const type = Array.isArray(value) ? 'array' : typeof value;
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

/** Throws a {@link ConfigurationError} unless the options of `new RefClient()` are an object. */
export function checkClientOptions(options: unknown): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ConfigurationError(
      `new RefClient() takes an object of options ({ apiKey, baseUrl, … }) or nothing, got ${kindOf(options)}.`,
    );
  }
}

/**
 * The API key to send: `given` (the `apiKey` option), else `fromEnv` (`REF_API_KEY`). A
 * missing key, one that is not a string, or one with a character a bearer header cannot
 * carry is a {@link ConfigurationError} naming where it came from, never showing the key.
 */
export function resolveApiKey(given: unknown, fromEnv: () => string | undefined): string {
  const key = given ?? fromEnv();
  const source = given == null ? 'REF_API_KEY' : 'apiKey';
  if (key === undefined || key === '') {
    throw new ConfigurationError(
      'No API key: pass { apiKey } to new RefClient() or set the REF_API_KEY environment variable.',
    );
  }
  if (typeof key !== 'string') {
    // Its type, not its value: even a mistaken value may be a credential.
    throw new ConfigurationError(`apiKey must be a string (refak_…), got ${kindOf(key)}.`);
  }
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new ConfigurationError(
      `${source} contains spaces or non-printable characters; an API key is printable ASCII (refak_…).`,
    );
  }
  return key;
}

/** Throws a {@link ConfigurationError} unless `value` is absent or milliseconds a timer can wait. */
export function checkMs(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isFinite(value) && value >= 0 && value <= MAX_MS)) {
    throw new ConfigurationError(
      `${name} must be a number from 0 to ${MAX_MS}, got ${shown(value)}.`,
    );
  }
}

/** Throws a {@link ConfigurationError} unless `value` is absent or a whole number of retries. */
export function checkRetries(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) {
    throw new ConfigurationError(`${name} must be a whole number from 0, got ${shown(value)}.`);
  }
}

/**
 * Throws a {@link ConfigurationError} unless a list's `maxItems` is absent, a whole number
 * from 0, or `Infinity` (no limit): `NaN` compared as no limit, and a string was coerced.
 */
export function checkMaxItems(value: number | undefined): void {
  if (
    value !== undefined &&
    value !== Number.POSITIVE_INFINITY &&
    !(Number.isSafeInteger(value) && value >= 0)
  ) {
    throw new ConfigurationError(`maxItems must be a whole number from 0, got ${shown(value)}.`);
  }
}

/**
 * Checks a call's `timeout`, `totalTimeout` and `maxRetries` as the client's are checked,
 * and that its `signal` is an AbortSignal and its `headers` can be sent: fetch would refuse
 * either only inside the attempt, as a TypeError reported as a network failure.
 */
export function checkCallOptions(options: RequestOptions): void {
  checkMs('timeout', options.timeout);
  checkMs('totalTimeout', options.totalTimeout);
  checkRetries('maxRetries', options.maxRetries);
  // null is what fetch itself takes for "no signal". Otherwise what the runtime's
  // `AbortSignal.any` takes, which combines it with the call's deadline: by shape on Node 22
  // (a signal of another realm passes), by brand on later ones.
  if (options.signal != null && !combinable(options.signal)) {
    const { signal } = options as { signal: unknown };
    const got =
      typeof signal === 'object' && signal !== null
        ? `an instance of ${signal.constructor?.name ?? 'no class'}`
        : shown(signal);
    throw new ConfigurationError(`signal must be an AbortSignal, got ${got}.`);
  }
  if (options.headers != null) checkHeaders(options.headers);
}

function combinable(signal: unknown): boolean {
  try {
    AbortSignal.any([signal as AbortSignal]);
    return true;
  } catch {
    return false;
  }
}

function checkHeaders(headers: Record<string, string>): void {
  // Only an object's own properties are read: a Headers, a Map or an array of pairs would
  // send nothing (or `0: …`) without a word.
  if (
    typeof headers !== 'object' ||
    Object.prototype.toString.call(headers) !== '[object Object]'
  ) {
    const got =
      typeof headers === 'object' && !Array.isArray(headers)
        ? `an instance of ${(headers as object).constructor?.name ?? 'no class'}`
        : kindOf(headers);
    throw new ConfigurationError(
      `headers must be an object of header names to values ({ 'x-trace': '1' }), got ${got}; Object.fromEntries() turns a Headers or a Map into one.`,
    );
  }
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    try {
      new Headers([[name, value]]);
    } catch {
      // The value is not shown: it may be a credential.
      throw new ConfigurationError(
        `headers[${JSON.stringify(name)}] is not a valid HTTP header name or value (a line break or a non-Latin-1 character?).`,
      );
    }
  }
}

/**
 * The call's `Idempotency-Key`: `idempotencyKey`, or the one given among `headers` (any
 * case), which would otherwise have been dropped for a fresh key or sent beside it.
 * Both, with different keys, are a {@link ConfigurationError}.
 */
export function givenIdempotencyKey(options: RequestOptions | undefined): string | undefined {
  let fromHeaders: string | undefined;
  for (const [name, value] of Object.entries(options?.headers ?? {})) {
    if (name.toLowerCase() === IDEMPOTENCY_HEADER) fromHeaders = value;
  }
  const fromOption = options?.idempotencyKey;
  if (fromOption !== undefined && fromHeaders !== undefined && fromOption !== fromHeaders) {
    throw new ConfigurationError(
      'idempotencyKey and an Idempotency-Key header give two different keys: give one',
    );
  }
  return fromOption ?? fromHeaders;
}

/** The header the idempotency key goes in (lower case, as a call's headers are compared). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * The JSON of a request body; one JSON cannot hold (a cycle, a BigInt) is a
 * {@link ConfigurationError} of the call, not a failure of the network.
 */
export function jsonBody(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    throw new ConfigurationError(
      `The request body cannot be sent as JSON: ${(error as Error).message.split('\n')[0]}.`,
    );
  }
}

/**
 * Throws a {@link ConfigurationError} unless `query` is an object of parameters, or null or
 * undefined (no query). From JavaScript a string was sent as the query string itself.
 */
export function checkQuery(query: unknown): void {
  if (query == null || (typeof query === 'object' && !Array.isArray(query))) return;
  throw new ConfigurationError(`query must be an object of parameters, got ${kindOf(query)}.`);
}
