import type { CallToolResult } from '@modelcontextprotocol/client';
import { expect } from 'vitest';

/** Anything that calls a tool and answers its result (a v1 or v2 MCP client). */
export type CallTool = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

/** One bought service as `services_list` shows it. */
interface Listed {
  readonly service_ref: string;
  readonly service_plan_name: string;
}

/**
 * A purchase as a model makes it: `orders_create` as a dry run, then with `dry_run: false`
 * and the `plan_id` it returned. A dry run that made no plan answers as it is (its error).
 */
export async function buyPlanned(
  call: CallTool,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const dry = await call('orders_create', { ...args, dry_run: true });
  const planId = (dry.structuredContent as { plan_id?: unknown } | undefined)?.plan_id;
  if (dry.isError || typeof planId !== 'string') return dry;
  return call('orders_create', { ...args, dry_run: false, plan_id: planId });
}

function data(result: CallToolResult): Record<string, unknown> {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as Record<string, unknown>;
}

/** Every service of the session's account, as `services_list` gives them. */
export async function servicesOf(call: CallTool): Promise<Listed[]> {
  const listed = data(await call('services_list', { max_items: 500 }));
  expect(listed.has_more).toBe(false);
  return listed.items as Listed[];
}

/**
 * A sandbox session that buys: it lists its services first, so that `bought()` is what
 * appeared since, whoever bought it.
 */
export async function buyer(call: CallTool) {
  const before = new Set((await servicesOf(call)).map((service) => service.service_ref));
  return {
    /** Buys `count` KVM S servers for real (a dry run, then its plan); answers their services. */
    async buy(count = 1): Promise<Listed[]> {
      const services: Listed[] = [];
      for (let n = 0; n < count; n++) {
        const result = data(
          await buyPlanned(call, {
            type: 'kvm',
            plan_code: 'kvm-s',
            idempotency_key: `buy-${n}`,
          }),
        );
        const order = result.order as { service_ref: string; service: Listed };
        services.push({
          service_ref: order.service_ref,
          service_plan_name: order.service.service_plan_name,
        });
      }
      return services;
    },
    /** The services listed at first. */
    before: [...before].sort(),
    /** The services listed now that were not listed at first, oldest first. */
    async bought(): Promise<Listed[]> {
      return (await servicesOf(call))
        .filter((service) => !before.has(service.service_ref))
        .map(({ service_ref, service_plan_name }) => ({ service_ref, service_plan_name }))
        .sort((a, b) => a.service_ref.localeCompare(b.service_ref));
    },
  };
}
