// The `Date` header of an answer (RFC 9110, an IMF-fixdate) on the server's own clock: a
// server states its time there, so a client, and a recording of its answers, sees the
// time the state was answered at (a frozen or moved clock included), not the host's.

/** The second last formatted, and its text: answers of one second share one string. */
let lastSecond = Number.NaN;
let lastText = '';

/** `new Date(ms).toUTCString()` (`Thu, 01 Jan 2026 00:00:00 GMT`), once per second of `ms`. */
export function httpDate(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    lastText = new Date(second * 1000).toUTCString();
  }
  return lastText;
}
