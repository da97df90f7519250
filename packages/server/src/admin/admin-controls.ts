import { DateTime } from '@refapi/schema';
import { z } from 'zod';
import type { ControlSlice } from '../controls/control-slice';
import type { Admin } from '../state/control-plane';
import type { ControlDescription, ControlsDocument } from '../wire/admin-wire';
import { ADMIN_PATHS } from './admin-paths';

/**
 * `POST /__admin/clock`: set `now`, then advance (seconds, then a duration), then freeze or
 * unfreeze; what fell due is applied and listed in the answer's `applied`.
 */
export const ClockBody = z.strictObject({
  // No maximum of its own: how far the clock may move is the clock's limit (its last instant,
  // the events one move may apply), the same for seconds as for a duration (409).
  advance_seconds: z
    .number()
    .min(0)
    .optional()
    .describe('Moves the clock forward by this many seconds.'),
  advance: z
    .string()
    .max(64)
    .optional()
    .describe(
      'Moves the clock forward by an ISO 8601 duration (P1M: one calendar month, PT90S: 90 seconds).',
    ),
  now: DateTime.optional().describe('Sets the clock to this time (ISO 8601); never backwards.'),
  frozen: z.boolean().optional().describe('Stops (true) or restarts (false) the clock.'),
});

const CLOCK_DESCRIPTION =
  'The server time that renewals, expiries, rate-limit windows, Shield rule progress, grace periods and idempotency retention follow. It starts at the scenario time and runs at real speed unless frozen; what falls due when it moves is applied in due order.';

/** `POST /__admin/top-ups`: a top-up of an account's balance (account currency). */
export const TopUpBody = z.strictObject({
  account_ref: z.string().min(1).max(64),
  amount: z.number().positive().max(1_000_000_000),
});

/** An admin control as `GET /__admin/controls` lists it; `value` is read on every call. */
interface DescribedControl {
  readonly name: string;
  readonly path: string;
  readonly description?: string | undefined;
  readonly body: Record<string, unknown>;
  value(admin: Admin): unknown;
}

// The POST body as a client sends it (before defaults and transforms).
const jsonSchema = (body: z.ZodType): Record<string, unknown> =>
  z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

/**
 * `GET /__admin/controls`: every admin control (the clock, then each slice with a route, in
 * registry order) with its POST body as JSON Schema and its value as its `GET` answers it.
 * The schemas are computed once; admin user interfaces render their forms from them.
 */
export function describeControls(
  slices: readonly ControlSlice<unknown>[],
): (admin: Admin) => ControlsDocument {
  const described: DescribedControl[] = [
    {
      name: 'clock',
      path: ADMIN_PATHS.clock,
      description: CLOCK_DESCRIPTION,
      body: jsonSchema(ClockBody),
      value: (admin) => admin.clock.view(),
    },
  ];
  for (const slice of slices) {
    const route = slice.route;
    if (route === undefined) continue;
    described.push({
      name: slice.name,
      path: route.path,
      description: slice.description,
      body: jsonSchema(route.body),
      value: (admin) => route.view(admin.controls.get(slice)),
    });
  }
  return (admin) => ({
    controls: described.map(
      ({ name, path, description, body, value }): ControlDescription => ({
        name,
        path,
        ...(description === undefined ? {} : { description }),
        body: structuredClone(body),
        value: value(admin),
      }),
    ),
  });
}
