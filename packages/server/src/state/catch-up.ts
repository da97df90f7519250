import type { ClockEvent } from './account-time';
import type { ServerContext } from './server-context';

const NONE: Promise<ClockEvent[]> = Promise.resolve([]);

/**
 * Applies what the clock made due, unless changes cannot be made durable now (the state
 * file refuses writes): then nothing is applied, and the next request after the outage
 * applies it, stamped with its due time all the same.
 */
export function catchUp(ctx: ServerContext): Promise<ClockEvent[]> {
  if (ctx.durability !== undefined) {
    try {
      ctx.durability.checkWritable();
    } catch {
      return NONE;
    }
  }
  return ctx.time.catchUp();
}

/** {@link catchUp} when the clock has passed the next due time: one comparison otherwise. */
export const catchUpIfDue = (ctx: ServerContext): Promise<ClockEvent[]> | undefined =>
  ctx.clock.nowMs() < ctx.time.nextDueMs ? undefined : catchUp(ctx);
