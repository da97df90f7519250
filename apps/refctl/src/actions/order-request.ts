import { CreateOrderRequest } from '@refapi/schema/src/orders';
import { z } from 'zod';
import { UsageError } from '../errors/cli-error';
import { validateInput } from '../runtime/validate';

// Body field → the flag that fills it, so validation errors name what the user typed.
const FLAG_OF: Record<string, string> = {
  type: '--type',
  plan_code: '--plan',
  period_ref: '--period',
  os_image_ref: '--os',
  os_name: '--os-name',
  region_ref: '--region',
  addons: '--addon',
  windows: '--windows',
  ipv6_only: '--ipv6-only',
};

/** The flags of `orders create` that make up the body (commander's parsed values). */
export const OrderFlags = z.object({
  type: z.string().optional(),
  plan: z.string().optional(),
  period: z.string().optional(),
  os: z.string().optional(),
  osName: z.string().optional(),
  region: z.string().optional(),
  addon: z.array(z.string()).optional(),
  windows: z.boolean().optional(),
  ipv6Only: z.boolean().optional(),
});

/** The flags of `orders create` that make up the body. */
export type OrderFlags = z.input<typeof OrderFlags>;

/**
 * Builds and validates the POST /orders body from the flags. The body sent is exactly
 * what the user asked for (no defaults filled in), checked against the contract first.
 */
export function orderRequest(flags: OrderFlags): CreateOrderRequest {
  const body: Record<string, unknown> = {
    type: flags.type,
    plan_code: flags.plan,
    period_ref: flags.period,
    os_image_ref: flags.os,
    os_name: flags.osName,
    region_ref: flags.region,
    addons: flags.addon?.map(parseAddon),
    windows: flags.windows === true ? true : undefined,
    ipv6_only: flags.ipv6Only === true ? true : undefined,
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  validateInput(CreateOrderRequest, body, (path) => {
    const flag = FLAG_OF[String(path[0])] ?? String(path[0]);
    return path[0] === 'addons' && typeof path[1] === 'number' ? `${flag} #${path[1] + 1}` : flag;
  });
  // The checked body, not the parsed one: parsing would fill in the contract's defaults.
  return body as CreateOrderRequest;
}

/** `REF-ADDON-1=2` → `{addon_ref, units}`; `REF-ADDON-1` alone means one unit. */
export function parseAddon(text: string): { addon_ref: string; units: number } {
  const match = /^([^=\s]+)(?:=(\d+))?$/.exec(text.trim());
  if (!match)
    throw new UsageError(`invalid --addon "${text}": expected REF-ADDON-…=UNITS`, 'invalid_input');
  return { addon_ref: match[1]!, units: match[2] === undefined ? 1 : Number(match[2]) };
}
