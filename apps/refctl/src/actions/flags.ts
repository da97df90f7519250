import {
  IDEMPOTENCY_FLAGS,
  LIST_FLAGS,
  PAGING_FLAGS,
  PLAN_OUT_FLAGS,
  waitFlags,
  YES_FLAGS,
} from '../flags/command-flags';
import { flagSchema } from '../flags/flag-schema';
import type { FlagValues } from '../flags/flag-table';

// The schemas of the shared flags, built from the tables their commands declare them with.

/** `--yes` of the commands that ask first. */
export const YesFlags = flagSchema(YES_FLAGS);

/** `--json`, `-L/--limit`, `--paginate` (`--all`), `--cursor` of the paginated lists. */
export const PagingFlags = flagSchema(PAGING_FLAGS);

/** `--json`, `-L/--limit`, `--paginate` (`--all`) of the lists the API sends whole. */
export const ListFlags = flagSchema(LIST_FLAGS);

const QUEUE_FLAGS = { ...IDEMPOTENCY_FLAGS, ...waitFlags(), ...PLAN_OUT_FLAGS };

/** `--plan-out` of the write commands. */
export const PlanOutFlags = flagSchema(PLAN_OUT_FLAGS);

/** `--idempotency-key`, `--wait` and `--plan-out` of the queued Shield mutations. */
export const QueueFlags = flagSchema(QUEUE_FLAGS);

/** Options of a queued Shield mutation. */
export type QueueFlags = FlagValues<typeof QUEUE_FLAGS>;
