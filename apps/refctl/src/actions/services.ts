import { ServiceRef } from '@refapi/schema/common';
import {
  AutoRenewResponse,
  ListServicesQuery,
  PowerAction,
  PowerResponse,
} from '@refapi/schema/services';
import type { ServiceListQuery } from '@refapi/sdk';
import type { Handler } from '../cli/lazy-action';
import { typedHandler } from '../cli/typed-handler';
import {
  IDEMPOTENCY_FLAGS,
  PAGING_FLAGS,
  PLAN_OUT_FLAGS,
  SERVICE_LIST_FLAGS,
  YES_FLAGS,
} from '../flags/command-flags';
import { flagSchema } from '../flags/flag-schema';
import type { View } from '../output/view';
import { createClient } from '../runtime/client';
import { confirm } from '../runtime/confirm';
import { print, refuseUnknownColumns } from '../runtime/print';
import { pagingRequest, printList } from '../runtime/print-list';
import { asFlag, validateArg, validateInput } from '../runtime/validate';
import { PlanOutFlags } from './flags';
import { idempotencyKeyFor, sendIdempotent } from './idempotency';
import { writePlan } from './plan-out';
import { serviceView } from './views';

/** `refctl services list [--type] [--status]`. */
export const list = typedHandler(
  flagSchema({ ...SERVICE_LIST_FLAGS, ...PAGING_FLAGS }),
  async (ctx, _args, opts) => {
    const paging = pagingRequest(ctx, opts, serviceView);
    const valid = validateInput(
      ListServicesQuery,
      { ...paging.query, type: opts.type, status: opts.status },
      asFlag,
    );
    const client = await createClient(ctx);
    // The flags pass on any status or type the server may know; the SDK's filter types name
    // only the values it knows, to catch typos in code.
    const filter = valid as ServiceListQuery;
    await printList(ctx, client.services.list(filter, paging.options), serviceView, paging);
  },
);

/** `refctl services stats`. */
export const stats: Handler = async (ctx) => {
  const client = await createClient(ctx);
  const value = await client.services.stats({ signal: ctx.signal });
  await print(ctx, { kind: 'object', value });
};

/** `refctl services get REF`: prints the service object. */
export const get: Handler = async (ctx, [ref]) => {
  const serviceRef = validateArg(ServiceRef, ref!, 'service reference');
  const client = await createClient(ctx);
  const { service } = await client.services.get(serviceRef, { signal: ctx.signal });
  await print(ctx, { kind: 'object', value: service, view: serviceView });
};

// What the write commands print, checked against `--columns` before they send anything.
const autoRenewView: View = { columns: [], fields: Object.keys(AutoRenewResponse.shape) };
const powerView: View = { columns: [], fields: Object.keys(PowerResponse.shape) };

/** `refctl services auto-renew REF on|off`. */
export const autoRenew = typedHandler(PlanOutFlags, async (ctx, [ref, state], opts) => {
  const serviceRef = validateArg(ServiceRef, ref!, 'service reference');
  if (opts.planOut !== undefined) {
    await writePlan(ctx, opts.planOut, (client, o) =>
      client.services.planAutoRenew(serviceRef, state === 'on', o),
    );
    return;
  }
  refuseUnknownColumns(ctx, autoRenewView.fields);
  const client = await createClient(ctx);
  const value = await client.services.setAutoRenew(serviceRef, state === 'on', {
    signal: ctx.signal,
  });
  await print(ctx, { kind: 'object', value, view: autoRenewView });
});

/** `refctl services power REF start|stop|reboot`: stop and reboot ask first. */
export const power = typedHandler(
  flagSchema({ ...IDEMPOTENCY_FLAGS, ...YES_FLAGS, ...PLAN_OUT_FLAGS }),
  async (ctx, [ref, rawAction], opts) => {
    const serviceRef = validateArg(ServiceRef, ref!, 'service reference');
    const action = validateArg(PowerAction, rawAction!, 'power action');
    const idempotencyKey = idempotencyKeyFor(opts);
    if (opts.planOut !== undefined) {
      await writePlan(ctx, opts.planOut, (client, o) =>
        client.services.planPower(serviceRef, action, { ...o, idempotencyKey }),
      );
      return;
    }
    refuseUnknownColumns(ctx, powerView.fields);
    const client = await createClient(ctx);
    if (action !== 'start') {
      await confirm(ctx.io, {
        question: `${action === 'stop' ? 'Stop' : 'Reboot'} ${serviceRef}? Running workloads are interrupted.`,
        yes: opts.yes === true,
        action: `services power ${action}`,
        input: ctx.globals.input,
        signal: ctx.signal,
      });
    }
    const value = await sendIdempotent(ctx, idempotencyKey, (request) =>
      client.services.power(serviceRef, action, request),
    );
    await print(ctx, { kind: 'object', value, view: powerView });
  },
);
