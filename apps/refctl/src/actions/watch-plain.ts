import { setTimeout as sleep } from 'node:timers/promises';
import type { ShieldTelemetry } from '@refapi/schema';
import type { Ctx } from '../cli/context';
import { print } from '../runtime/print';
import { telemetryItemView } from './views';

/**
 * `--watch` without a live terminal: prints the window again every `cache_seconds` (a
 * table per refresh, or one JSON line each with `-o ndjson`) until interrupted.
 */
export async function watchTrafficPlain(
  ctx: Ctx,
  load: () => Promise<ShieldTelemetry>,
): Promise<void> {
  for (let first = true; ; first = false) {
    const value = await load();
    if (!first && ctx.render.format === 'table') ctx.io.stdout.write('\n');
    await print(ctx, { kind: 'rows', value, rows: value.items, view: telemetryItemView });
    await sleep(value.cache_seconds * 1000, undefined, { signal: ctx.signal });
  }
}
