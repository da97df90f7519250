import { isCredentialName, redactHeaders, redactQuery } from '@refapi/schema';
import type { JournalMessage, RequestEntry } from '../state/server-context';
import type { RequestFacts } from './api-context';
import type { ApiRequest, ApiResponse } from './api-request';
import { requestIdOf } from './request-id';

/** Bytes of a body the journal keeps (16 KiB). */
const JOURNAL_BODY_BYTES = 16 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The first {@link JOURNAL_BODY_BYTES} of a UTF-8 body, cut on a character boundary. */
export function truncateBody(body: string): { body: string; body_truncated: boolean } {
  // Three bytes per UTF-16 unit at most: short bodies need no encoding to know they fit.
  if (body.length * 3 <= JOURNAL_BODY_BYTES) return { body, body_truncated: false };
  const bytes = encoder.encode(body);
  if (bytes.length <= JOURNAL_BODY_BYTES) return { body, body_truncated: false };
  let end = JOURNAL_BODY_BYTES;
  // Back off continuation bytes (10xxxxxx) so no character is cut in half.
  while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end--;
  return { body: decoder.decode(bytes.subarray(0, end)), body_truncated: true };
}

// Credentials by the one rule of @refapi/schema, shared with the SDK's log and refctl. Header
// names repeat from request to request, so the rule's answer is kept per name (bounded).
const REDACTED = redactHeaders([['authorization', '']]).authorization as string;
const CREDENTIAL_NAMES_KEPT = 512;
const credentialNames = new Map<string, boolean>();

function isCredential(name: string): boolean {
  let credential = credentialNames.get(name);
  if (credential === undefined) {
    credential = isCredentialName(name);
    if (credentialNames.size < CREDENTIAL_NAMES_KEPT) credentialNames.set(name, credential);
  }
  return credential;
}

/** `headers` with lower-case names, each credential redacted (as `redactHeaders` does). */
function redacted(headers: Readonly<Record<string, string>>): Record<string, string> {
  const safe: Record<string, string> = {};
  for (const name in headers) {
    const lower = name.toLowerCase();
    safe[lower] = isCredential(lower) ? REDACTED : (headers[name] as string);
  }
  return safe;
}

function message(
  headers: Readonly<Record<string, string>>,
  body: string | undefined,
  /** The response's `Request-Id`, set on the way out: the journal shows it already. */
  requestId?: string,
): JournalMessage {
  const safe = redacted(headers);
  if (requestId !== undefined) safe['request-id'] = requestId;
  if (body === undefined || body === '')
    return { headers: safe, body: null, body_truncated: false };
  return { headers: safe, ...truncateBody(body) };
}

/** The journal entry of an API request and the response it got. */
export function requestEntry(
  request: ApiRequest,
  response: ApiResponse,
  facts: RequestFacts,
  /** The space that answered it (`/spaces/{id}/…`); null at the root. */
  spaceId: string | null = null,
): RequestEntry {
  const id = requestIdOf(request);
  return {
    id,
    space_id: spaceId,
    time: facts.time,
    operation: facts.operation,
    method: request.method,
    path: request.path,
    query: redactQuery(request.search),
    status: response.status,
    duration_ms: facts.duration_ms,
    account_ref: facts.account_ref,
    idempotency_key: request.header('idempotency-key') ?? null,
    replayed: response.headers['idempotent-replayed'] === 'true',
    fault: facts.fault,
    request: message(request.headers?.() ?? {}, request.body),
    response: message(response.headers, response.body, id),
  };
}
