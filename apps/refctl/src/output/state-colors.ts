import { dim, green, red, yellow } from './colors';

// Colour where it carries meaning: the value of a state or status field (a service's
// status, a rule's state, an order's status) in tables and text for people. Callers apply
// it only when colours are allowed (io.ts colorEnabled: a terminal or FORCE_COLOR), never to
// JSON, YAML or CSV. The API's value sets are open: an unknown value stays plain.

const TONE: Readonly<Record<string, (text: string) => string>> = {
  // Fine.
  active: green,
  paid: green,
  completed: green,
  done: green,
  running: green,
  ok: green,
  // On the way, or needing attention soon.
  queued: yellow,
  applying: yellow,
  rolling_back: yellow,
  pending: yellow,
  processing: yellow,
  grace: yellow,
  unpaid: yellow,
  // Wrong.
  failed: red,
  suspended: red,
  overdue: red,
  blocked: red,
  // Ended.
  off: dim,
  expired: dim,
  cancelled: dim,
  deleted: dim,
  absent: dim,
  inactive: dim,
  stopped: dim,
};

/** Fields whose value is a state: `status`, `state`, and Shield's `entitlement` summary. */
export const STATE_FIELDS: ReadonlySet<string> = new Set(['status', 'state', 'entitlement']);

/**
 * `text` coloured by the state it names (`active` green, `queued` yellow, `failed` red,
 * `expired` dim); unknown states unchanged. `text` may carry table padding around the value.
 */
export function colorState(text: string): string {
  const value = text.trim();
  const tone = TONE[value];
  if (!tone) return text;
  const start = text.indexOf(value);
  return `${text.slice(0, start)}${tone(value)}${text.slice(start + value.length)}`;
}
