import { DateTime } from '@refapi/schema';
import { z } from 'zod';
import type { ControlDescription, ControlsDocument } from '../admin-wire';
import type { Admin } from '../control-plane';
import type { ControlSlice } from '../controls/control-slice';

/** `POST /__admin/clock`: set `now`, then advance, then freeze or unfreeze. */
export const ClockBody = z.strictObject({
  advance_seconds: z
    .number()
    .min(0)
    .max(10 * 365 * 24 * 3600)
    .optional(),
  now: DateTime.optional(),
  frozen: z.boolean().optional(),
});

/** An admin control as `GET /__admin/controls` lists it; `value` is read on every call. */
interface DescribedControl {
  readonly name: string;
  readonly path: string;
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
      path: '/__admin/clock',
      body: jsonSchema(ClockBody),
      value: (admin) => admin.clock.now(),
    },
  ];
  for (const slice of slices) {
    const route = slice.route;
    if (route === undefined) continue;
    described.push({
      name: slice.name,
      path: route.path,
      body: jsonSchema(route.body),
      value: (admin) => route.view(admin.controls.get(slice)),
    });
  }
  return (admin) => ({
    controls: described.map(
      ({ name, path, body, value }): ControlDescription => ({
        name,
        path,
        body: structuredClone(body),
        value: value(admin),
      }),
    ),
  });
}
