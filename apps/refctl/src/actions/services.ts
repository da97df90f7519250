import { ListServicesQuery } from '@refapi/schema/src/params';
import { ServiceRef } from '@refapi/schema/src/refs';
import { PowerAction } from '@refapi/schema/src/service';
import { z } from 'zod';
import type { Handler } from '../cli/lazy-action';
import { typedHandler } from '../cli/typed-handler';
import { createClient } from '../runtime/client';
import { confirm } from '../runtime/confirm';
import { print } from '../runtime/print';
import { pagingRequest, printList } from '../runtime/print-list';
import { asFlag, validateArg, validateInput } from '../runtime/validate';
import { IdempotencyFlags, PagingFlags, YesFlags } from './flags';
import { idempotencyKeyFor, sendIdempotent } from './idempotency';
import { serviceView } from './views';

/** `refctl services list [--type] [--status]`. */
export const list = typedHandler(
  PagingFlags.extend({ type: z.string().optional(), status: z.string().optional() }),
  async (ctx, _args, opts) => {
    const { query, options } = pagingRequest(ctx, opts);
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
  IdempotencyFlags.extend(YesFlags.shape),
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
      });
    }
    const value = await sendIdempotent(ctx, idempotencyKey, (request) =>
      client.services.power(serviceRef, action, request),
    );
    await print(ctx, { kind: 'object', value });
  },
);
