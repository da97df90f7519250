import { ServiceRef } from '@refapi/schema/common';
import { ListServicesQuery, PowerAction } from '@refapi/schema/services';
import type { Handler } from '../cli/lazy-action';
import { typedHandler } from '../cli/typed-handler';
import {
  IDEMPOTENCY_FLAGS,
  PAGING_FLAGS,
  SERVICE_LIST_FLAGS,
  YES_FLAGS,
} from '../flags/command-flags';
import { flagSchema } from '../flags/flag-schema';
import { createClient } from '../runtime/client';
import { confirm } from '../runtime/confirm';
import { print } from '../runtime/print';
import { pagingRequest, printList } from '../runtime/print-list';
import { asFlag, validateArg, validateInput } from '../runtime/validate';
import { idempotencyKeyFor, sendIdempotent } from './idempotency';
import { serviceView } from './views';

/** `refctl services list [--type] [--status]`. */
export const list = typedHandler(
  flagSchema({ ...SERVICE_LIST_FLAGS, ...PAGING_FLAGS }),
  async (ctx, _args, opts) => {
    const { query, options } = pagingRequest(ctx, opts, serviceView);
    const valid = validateInput(
      ListServicesQuery,
      { ...query, type: opts.type, status: opts.status },
      asFlag,
    );
    const client = await createClient(ctx);
    await printList(ctx, client.services.list(valid, options), serviceView, options.maxItems);
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

/** `refctl services auto-renew REF on|off`. */
export const autoRenew: Handler = async (ctx, [ref, state]) => {
  const serviceRef = validateArg(ServiceRef, ref!, 'service reference');
  const client = await createClient(ctx);
  const value = await client.services.setAutoRenew(serviceRef, state === 'on', {
    signal: ctx.signal,
  });
  await print(ctx, { kind: 'object', value });
};

/** `refctl services power REF start|stop|reboot`: stop and reboot ask first. */
export const power = typedHandler(
  flagSchema({ ...IDEMPOTENCY_FLAGS, ...YES_FLAGS }),
  async (ctx, [ref, rawAction], opts) => {
    const serviceRef = validateArg(ServiceRef, ref!, 'service reference');
    const action = validateArg(PowerAction, rawAction!, 'power action');
    const idempotencyKey = idempotencyKeyFor(opts);
    const client = await createClient(ctx);
    if (action !== 'start') {
      await confirm(ctx.io, {
        question: `${action === 'stop' ? 'Stop' : 'Reboot'} ${serviceRef}? Running workloads are interrupted.`,
        yes: opts.yes === true,
        action: `services power ${action}`,
        input: ctx.globals.input,
      });
    }
    const value = await sendIdempotent(ctx, idempotencyKey, (request) =>
      client.services.power(serviceRef, action, request),
    );
    await print(ctx, { kind: 'object', value });
  },
);
