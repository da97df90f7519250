import { z } from 'zod';

// The option shapes commander hands over (after its own choices and argParsers). Contract
// rules stay in the contract schemas the actions validate against, so messages keep
// naming the flag and the rule it broke.

/** `--idempotency-key` of the mutations. */
export const IdempotencyFlags = z.object({ idempotencyKey: z.string().optional() });

/** `--wait` of the Shield mutations. */
const WaitFlags = z.object({ wait: z.boolean().optional() });

/** `--yes` of the commands that ask first. */
export const YesFlags = z.object({ yes: z.boolean().optional() });

/** `--limit`, `--all`, `--cursor` of the paginated lists. */
export const PagingFlags = z.object({
  limit: z.number().optional(),
  all: z.boolean().optional(),
  cursor: z.string().optional(),
});

/** `--idempotency-key` and `--wait` of the queued Shield mutations. */
export const QueueFlags = IdempotencyFlags.extend(WaitFlags.shape);

/** Options of a queued Shield mutation. */
export type QueueFlags = z.output<typeof QueueFlags>;
