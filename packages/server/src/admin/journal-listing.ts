import { fitJsonString, utf8Bytes } from '../internal/json-size';
import { isRequestEntry, type JournalItem, type JournalMessage } from '../request-journal';

/** Largest `GET /__admin/requests` answer, in bytes (reference spec, Edges: journal listing). */
export const MAX_LISTING_BYTES = 16 * 1024 * 1024;

const OPEN = '{"requests":[';
const CLOSE = ']}';

const withoutBody = (message: JournalMessage): JournalMessage => ({ ...message, body: null });

/**
 * The JSON body of `GET /__admin/requests` for `entries` (newest first), at most `maxBytes`.
 * Every entry's fields come first; bodies then fill what is left, newest entry first, and
 * the body that no longer fits is cut, those after it emptied, each `body_truncated: true`
 * (`GET /__admin/requests/{id}` has the entry whole). Nothing larger than the answer is
 * ever built: a thousand bodies of control characters once made a 113 MB answer.
 */
export function journalListing(entries: readonly JournalItem[], maxBytes = MAX_LISTING_BYTES) {
  let room = maxBytes - OPEN.length - CLOSE.length;
  const kept: JournalItem[] = [];
  for (const entry of entries) {
    // The fields without the bodies (null); an entry that does not fit even so is left out.
    // A clock event has no bodies: it is its fields.
    const bare = isRequestEntry(entry)
      ? { ...entry, request: withoutBody(entry.request), response: withoutBody(entry.response) }
      : entry;
    const bytes = utf8Bytes(JSON.stringify(bare)) + (kept.length > 0 ? 1 : 0);
    if (bytes > room) break;
    room -= bytes;
    kept.push(entry);
  }
  let cutting = false;
  const fitBody = (message: JournalMessage): JournalMessage => {
    if (message.body === null) return message;
    // The body's literal replaces the `null` (4 bytes) already counted.
    const { length, bytes } = cutting
      ? { length: 0, bytes: 2 }
      : fitJsonString(message.body, room + 4);
    if (length === message.body.length) {
      room -= bytes - 4;
      return message;
    }
    cutting = true;
    return { ...message, body: message.body.slice(0, length), body_truncated: true };
  };
  const parts = kept.map((entry) => {
    if (!isRequestEntry(entry)) return JSON.stringify(entry);
    const request = fitBody(entry.request);
    const response = fitBody(entry.response);
    const whole = request === entry.request && response === entry.response;
    return JSON.stringify(whole ? entry : { ...entry, request, response });
  });
  return `${OPEN}${parts.join(',')}${CLOSE}`;
}
