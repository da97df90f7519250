import { base64UrlDecodeText, base64UrlEncode } from '../../internal/base64url';
import { constantTimeEqual, hmacSha256 } from '../../internal/crypto';

interface CursorPayload {
  /** The rule the cursor was issued for; a cursor never moves to another rule. */
  readonly r: string;
  /** Index of the last sample of the previous page. */
  readonly k: number;
}

const sign = (body: string, secret: Uint8Array) => base64UrlEncode(hmacSha256(secret, body));

/**
 * An opaque evidence cursor: base64url JSON of the position, a dot, and its HMAC-SHA256
 * under the server's secret, so a client can neither read meaning into it nor forge one.
 */
export function encodeEvidenceCursor(
  ruleId: string,
  lastIndex: number,
  secret: Uint8Array,
): string {
  const payload: CursorPayload = { r: ruleId, k: lastIndex };
  const body = base64UrlEncode(JSON.stringify(payload));
  return `${body}.${sign(body, secret)}`;
}

/**
 * The sample index a cursor continues after, or null when the cursor was not issued by
 * this server for this rule (tampered, truncated, foreign or for another rule).
 */
export function decodeEvidenceCursor(
  cursor: string,
  ruleId: string,
  secret: Uint8Array,
): number | null {
  const [body, mac, extra] = cursor.split('.');
  if (!body || !mac || extra !== undefined) return null;
  // Compare the encoded text, not decoded bytes: base64url decoding ignores stray bits and
  // characters, so two different strings can decode to the same MAC.
  const encoder = new TextEncoder();
  if (!constantTimeEqual(encoder.encode(mac), encoder.encode(sign(body, secret)))) return null;
  try {
    const payload = JSON.parse(base64UrlDecodeText(body)) as Partial<CursorPayload>;
    return payload.r === ruleId && Number.isSafeInteger(payload.k) && (payload.k ?? -1) >= 0
      ? (payload.k as number)
      : null;
  } catch {
    return null;
  }
}
