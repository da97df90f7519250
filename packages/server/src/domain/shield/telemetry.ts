import {
  LIMITS,
  type ShieldTelemetry,
  type ShieldTelemetryItem,
  type TelemetryGroupBy,
} from '@refapi/schema';
import { seededRandom } from './seeded-random';
import { type TelemetryGrouping, telemetryKeys } from './telemetry-keys';

/** How long a telemetry answer may be reused, in seconds. */
const TELEMETRY_CACHE_SECONDS = 30;
/** Windows longer than this are sampled 1:100, as a real flow analyzer would. */
const UNSAMPLED_WINDOW_HOURS = 6;
const SAMPLE_RATE = 100;
const MAX_ROWS = 400;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** What one telemetry answer is about. */
export interface TelemetryRequest {
  readonly service_ref: string;
  /** The service's addresses; the keys of `destination_ip`. */
  readonly addresses: readonly string[];
  readonly telemetry: ShieldTelemetry['telemetry'];
  readonly window_hours: number;
  /** Traffic only; protection activity is grouped by verdict. */
  readonly group_by?: TelemetryGroupBy;
  readonly now: Date;
}

/**
 * Synthetic telemetry: the same service, dataset, window, grouping and clock minute
 * always give the same numbers. Items are the top 100 rows by packets (ties by key);
 * totals cover every row. `sampled` is true exactly when the counts were scaled up from
 * samples.
 */
export function generateTelemetry(request: TelemetryRequest): ShieldTelemetry {
  const grouping: TelemetryGrouping =
    request.telemetry === 'traffic' ? (request.group_by ?? 'source_ip') : 'verdict';
  const end = Math.floor(request.now.getTime() / MINUTE_MS) * MINUTE_MS;
  const rng = seededRandom(
    [request.service_ref, request.telemetry, grouping, request.window_hours, end].join('|'),
  );
  const size = Math.min(MAX_ROWS, 10 + request.window_hours * 2);
  const rate = request.window_hours > UNSAMPLED_WINDOW_HOURS ? SAMPLE_RATE : 1;

  const rows: ShieldTelemetryItem[] = telemetryKeys(grouping, size, request.addresses, rng).map(
    (key) => {
      // Cubing skews the volume the way real traffic is skewed: few heavy keys, a long tail.
      const perHour = Math.floor(rng.next() ** 3 * 40_000) + 1;
      const samples = Math.max(1, Math.round((perHour * request.window_hours) / rate));
      const packets = samples * rate;
      return { key, packets, bytes: packets * rng.int(64, 1500), samples };
    },
  );
  const totals = rows.reduce(
    (sum, row) => ({
      packets: sum.packets + row.packets,
      bytes: sum.bytes + row.bytes,
      samples: sum.samples + (row.samples ?? 0),
    }),
    { packets: 0, bytes: 0, samples: 0 },
  );
  const items = rows
    .sort((a, b) => b.packets - a.packets || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, LIMITS.telemetryItemsMax);
  return {
    start: new Date(end - request.window_hours * HOUR_MS).toISOString(),
    end: new Date(end).toISOString(),
    items,
    totals,
    sampled: totals.samples < totals.packets,
    cache_seconds: TELEMETRY_CACHE_SECONDS,
    telemetry: request.telemetry,
    ...(request.telemetry === 'traffic' ? { group_by: grouping } : {}),
  };
}
