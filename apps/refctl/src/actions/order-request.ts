import { CreateOrderRequest } from '@refapi/schema/orders';
import { UsageError } from '../errors/cli-error';
import { longFlag, ORDER_BODY_FLAGS } from '../flags/command-flags';
import type { FlagValues } from '../flags/flag-table';
import { validateInput } from '../runtime/validate';

// Each flag → the body field it fills (its contract parameter), so validation errors name
// what the user typed.
const FIELD_OF = Object.fromEntries(
  Object.entries(ORDER_BODY_FLAGS).map(([flag, spec]) => [flag, spec.parameter[1]]),
) as Record<keyof typeof ORDER_BODY_FLAGS, string>;

const FLAG_OF = Object.fromEntries(
  Object.entries(FIELD_OF).map(([flag, field]) => [field, longFlag(flag)]),
);

/** The flags of `orders create` that make up the body (commander's parsed values). */
export type OrderFlags = FlagValues<typeof ORDER_BODY_FLAGS>;

/**
 * Builds and validates the POST /orders body from the flags. The body sent is exactly
 * what the user asked for (no defaults filled in), checked against the contract first.
 */
export function orderRequest(flags: OrderFlags): CreateOrderRequest {
  const body: Record<string, unknown> = {};
  for (const [flag, field] of Object.entries(FIELD_OF)) {
    const value = flags[flag as keyof OrderFlags];
    // Addons are parsed from `REF=UNITS`; a switch is sent only when set (never `false`).
    if (flag === 'addon') body[field] = flags.addon?.map((text, i) => parseAddon(text, i));
    else if (value !== undefined && value !== false) body[field] = value;
  }
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  validateInput(CreateOrderRequest, body, (path) => {
    const flag = FLAG_OF[String(path[0])] ?? String(path[0]);
    return path[0] === 'addons' && typeof path[1] === 'number' ? `${flag} #${path[1] + 1}` : flag;
  });
  // The checked body, not the parsed one: parsing would fill in the contract's defaults.
  return body as CreateOrderRequest;
}

/**
 * `REF-ADDON-1=2` → `{addon_ref, units}`; `REF-ADDON-1` alone means one unit. What the
 * contract judges (the reference, units of at least 1: `x=-1`, `REF-ADDON-1=0`) is left to it,
 * so every bad `--addon` is told the same way: `invalid --addon #N: expected …` (N counts the
 * `--addon` flags, as the contract's errors do).
 */
export function parseAddon(text: string, index = 0): { addon_ref: string; units: number } {
  const match = /^([^=\s]+)(?:=([+-]?\d+))?$/.exec(text.trim());
  if (!match) {
    throw new UsageError(
      `invalid --addon #${index + 1}: expected REF-ADDON-…=UNITS with whole units, like REF-ADDON-11=2`,
      'invalid_input',
    );
  }
  return { addon_ref: match[1]!, units: match[2] === undefined ? 1 : Number(match[2]) };
}
