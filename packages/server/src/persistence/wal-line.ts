import { crc32 } from 'node:zlib';

// A write-ahead log line is `<crc32 of the JSON, 8 hex digits> <JSON>\n`: a torn or flipped line
// is detected by its checksum, not only by JSON syntax.

const checksum = (json: string): string => crc32(json).toString(16).padStart(8, '0');

/** One write-ahead log line (with its newline) holding `json`, which must not contain a newline. */
export function encodeLine(json: string): string {
  return `${checksum(json)} ${json}\n`;
}

/** A decoded line: its JSON value, or why it is unusable. */
export type DecodedLine =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly reason: string };

/** Decodes one line (without its newline), checking the checksum before parsing. */
export function decodeLine(line: string): DecodedLine {
  const match = /^([0-9a-f]{8}) (.*)$/s.exec(line);
  if (match === null) return { ok: false, reason: 'no checksum' };
  const [, sum, json] = match as unknown as [string, string, string];
  if (checksum(json) !== sum) return { ok: false, reason: 'checksum mismatch' };
  try {
    return { ok: true, value: JSON.parse(json) };
  } catch {
    return { ok: false, reason: 'invalid JSON' };
  }
}
