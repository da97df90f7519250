import { setTimeout as sleep } from 'node:timers/promises';
import type { Ctx } from '../cli/context';
import { note, print } from '../runtime/print';
import { formatServerTime } from '../runtime/server-time';
import type { TimedTelemetry } from '../ui/TrafficWatch';
import { telemetryItemView } from './views';

/**
 * `--watch` without a live terminal: prints the window again every `cache_seconds` (a
 * table per refresh, each after an `updated HH:MM:SS UTC` line of server time on stderr, or
 * one JSON line each with `-o ndjson`) until interrupted.
 */
export async function watchTrafficPlain(
  ctx: Ctx,
  load: () => Promise<TimedTelemetry>,
): Promise<void> {
  for (let first = true; ; first = false) {
    const { telemetry: value, at } = await load();
    if (ctx.render.format === 'table') {
      if (!first) ctx.io.stdout.write('\n');
      note(ctx, `updated ${formatServerTime(at)} (server time)`);
    }
    await print(ctx, { kind: 'rows', value, rows: value.items, view: telemetryItemView });
    await sleep(value.cache_seconds * 1000, undefined, { signal: ctx.signal });
  }
}
