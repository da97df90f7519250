import { LIMITS, type ShieldEvidenceItem } from '@refapi/schema';
import type { RuleAction } from './catalog';
import { seededRandom } from './seeded-random';

/** A sample is collected every this many milliseconds while a rule is active. */
export const EVIDENCE_INTERVAL_MS = 30_000;
/** At most this many of the newest samples are kept per rule. */
export const EVIDENCE_RETAINED = 200;
const DAY_MS = 86_400_000;
const SAMPLE_RATE = 100;

/** The rule facts evidence is derived from. */
export interface EvidenceSource {
  readonly id: string;
  readonly protected_ip: string;
  readonly action: RuleAction;
  readonly protocol: string;
  readonly destination_port?: number | undefined;
  /** When the rule became active; null while it is not active (no samples). */
  readonly active_since: number | null;
}

/** One page request: `after` is the index a cursor continues after. */
export interface EvidenceRequest {
  readonly now: number;
  readonly limit: number;
  readonly action?: 'drop' | 'rate_limit' | undefined;
  readonly after?: number | undefined;
}

/** A page of samples, newest first, and the index to continue after when there are more. */
export interface EvidencePage {
  readonly items: ShieldEvidenceItem[];
  readonly continueAfter: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

// Sample k of a rule, always the same: only metadata, never a payload or provider field.
function sample(source: EvidenceSource, activeSince: number, k: number) {
  const rng = seededRandom(`${source.id}|evidence|${k}`);
  const observed = activeSince + k * EVIDENCE_INTERVAL_MS + rng.int(0, EVIDENCE_INTERVAL_MS - 1000);
  const received = observed + rng.int(200, 3000);
  const burst = source.action === 'rate_limit' && rng.next() < 0.2;
  const action = source.action === 'rate_limit' && !burst ? 'rate_limit' : 'drop';
  const protocol = source.protocol === 'any' ? rng.pick(['tcp', 'udp', 'icmp']) : source.protocol;
  const portless = protocol === 'icmp' || protocol === 'icmpv6';
  const item: ShieldEvidenceItem = {
    observed_at: iso(observed),
    received_at: iso(received),
    source_address: `${rng.pick(['192.0.2', '198.51.100', '203.0.113'])}.${rng.int(1, 254)}`,
    destination_address: source.protected_ip,
    source_port: portless ? 0 : rng.int(1024, 65535),
    destination_port: portless ? 0 : (source.destination_port ?? rng.pick([22, 53, 80, 123, 443])),
    protocol,
    action,
    packet_length: rng.int(40, 1500),
    sample_rate: SAMPLE_RATE,
    generation: 1,
    reason: burst ? 'burst_exceeded' : action === 'drop' ? 'rule_match' : 'rate_exceeded',
  };
  return { item, received };
}

/**
 * One page of a rule's evidence at `now`, newest first: deterministic samples collected
 * every 30 s since the rule became active, received by `now`, at most the newest 200 and
 * none older than the history window. `pass` rules drop nothing and have no evidence.
 */
export function evidencePage(source: EvidenceSource, request: EvidenceRequest): EvidencePage {
  const since = source.active_since;
  if (since === null || source.action === 'pass' || request.now < since) {
    return { items: [], continueAfter: null };
  }
  let newest = Math.floor((request.now - since) / EVIDENCE_INTERVAL_MS);
  while (newest >= 0 && sample(source, since, newest).received > request.now) newest--;
  const historyStart = request.now - LIMITS.shieldHistoryDays * DAY_MS;
  const oldest = Math.max(
    0,
    newest - EVIDENCE_RETAINED + 1,
    Math.ceil((historyStart - since) / EVIDENCE_INTERVAL_MS),
  );
  const start = request.after === undefined ? newest : Math.min(request.after - 1, newest);

  const items: ShieldEvidenceItem[] = [];
  let last = -1;
  for (let k = start; k >= oldest; k--) {
    const { item } = sample(source, since, k);
    if (request.action !== undefined && item.action !== request.action) continue;
    if (items.length === request.limit) return { items, continueAfter: last };
    items.push(item);
    last = k;
  }
  return { items, continueAfter: null };
}
