import { codingsOf } from '../api/content-type';
import { decodeBody } from './body-codings';
import {
  RECORDED_BODY_BYTES,
  type RecordedExchange,
  type RecordedMessage,
} from './recording-format';
import type { SessionCredentials } from './session-credentials';

// A recording must never hold a credential (reference-server spec, section 9). A body kept as
// text is redacted as text. A body kept as bytes (base64) is searched as bytes, and, when it
// is content-encoded, as what it decodes to as well: one holding a credential is kept
// decoded, redacted. A body the recorder cannot check (a coding Node's zlib cannot undo,
// cut at the cap while compressed, past the cap once decoded) is left out, with the reason:
// its readers then take it for unverifiable, as a cut one.

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The exchange with every credential value of the session replaced: in the path, query,
 * header values (a `Location` too), bodies, and the Idempotency-Key kept in a field of its
 * own (its header is redacted by name; a key that is or holds the bearer token had reached
 * the file there).
 */
export function redactExchange(
  credentials: SessionCredentials,
  exchange: RecordedExchange,
): RecordedExchange {
  const key = exchange.idempotency_key;
  return {
    ...exchange,
    path: credentials.redact(exchange.path),
    query: credentials.redact(exchange.query),
    request: redactMessage(credentials, exchange.request),
    response: redactMessage(credentials, exchange.response),
    ...(key === undefined ? {} : { idempotency_key: credentials.redact(key) }),
  };
}

function redactMessage(credentials: SessionCredentials, m: RecordedMessage): RecordedMessage {
  const headers = Object.fromEntries(
    Object.entries(m.headers).map(([name, value]) => [name, credentials.redact(value)]),
  );
  if (m.body === null) return { ...m, headers };
  if (m.body_encoding === 'utf8') return { ...m, headers, body: credentials.redact(m.body) };
  const raw = Buffer.from(m.body, 'base64');
  const encoded = codingsOf(m.headers['content-encoding']).length > 0;
  if (encoded && m.body_truncated) {
    return omitted(m, headers, 'it was cut at the recording cap while compressed');
  }
  const decoded = encoded
    ? decodeBody(raw, m.headers['content-encoding'], RECORDED_BODY_BYTES)
    : { bytes: raw };
  if ('failed' in decoded) return omitted(m, headers, decoded.failed);
  // Raw bytes too: a gzip header's file name or comment is in no decoded byte.
  if (!credentials.holdsBytes(decoded.bytes) && !credentials.holdsBytes(raw)) {
    return { ...m, headers };
  }
  const bytes = credentials.redactBytes(decoded.bytes);
  try {
    return { ...m, headers, body: utf8.decode(bytes), body_encoding: 'utf8' };
  } catch {
    // Binary: kept as bytes, decoded (its readers cannot read it either way).
    return { ...m, headers, body: bytes.toString('base64') };
  }
}

/** The message without its body, which could not be checked for credentials: why not. */
function omitted(
  m: RecordedMessage,
  headers: Record<string, string>,
  why: string,
): RecordedMessage {
  return {
    ...m,
    headers,
    body: null,
    body_encoding: 'utf8',
    body_truncated: true,
    body_omitted: `not checked for credentials: ${why}`,
  };
}
