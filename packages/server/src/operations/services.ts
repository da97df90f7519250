import type {
  AutoRenewResponse,
  PowerResponse,
  ServiceEnvelope,
  ServicePage,
  ServiceStats,
} from '@refapi/schema';
import { faultsControl } from '../controls/faults';
import { DomainError, notFound } from '../domain/errors';
import { pageDescending } from '../domain/pagination';
import type { ServiceRecord } from '../domain/records';
import { isoTime } from '../internal/iso-time';
import type { Partition } from '../store/partition';
import { presentedServiceJson, presentService } from './present';
import type { OperationImpls } from './types';

const ENDED = new Set(['cancelled', 'expired']);
const POWER_STATE = { start: 'running', stop: 'stopped', reboot: 'running' } as const;

function owned(partition: Partition, serviceRef: string): ServiceRecord {
  const service = partition.ownedService(serviceRef);
  if (service === undefined) throw notFound();
  return service;
}

/** Services: list, stats, one, auto-renew, power. Reseller services are invisible. */
export const serviceOperations = {
  listServices({ partition, query, now }) {
    const { type, status } = query;
    const table = partition.services;
    const page = pageDescending(table.refs, (ref) => table.get(ref), {
      limit: query.limit,
      cursor: query.cursor,
      filter: (s) =>
        !s.reseller &&
        (type === undefined || s.type === type) &&
        (status === undefined || s.status === status),
    });
    // A ServicePage written out: the services from their cached JSON, then the rest.
    const rest: Omit<ServicePage, 'services'> = {
      pagination: page.pagination,
      server_time: isoTime(now.getTime()),
    };
    const services = page.items.map(presentedServiceJson).join(',');
    return {
      status: 200,
      text: `{"services":[${services}],${JSON.stringify(rest).slice(1)}`,
      headers: { 'content-type': 'application/json' },
    };
  },

  getServiceStats({ partition, now }) {
    const body: ServiceStats = {
      total: 0,
      active: 0,
      by_type: {},
      by_status: {},
      server_time: isoTime(now.getTime()),
    };
    for (const service of partition.services.values()) {
      if (service.reseller) continue;
      body.total++;
      if (service.status === 'active') body.active++;
      body.by_type[service.type] = (body.by_type[service.type] ?? 0) + 1;
      body.by_status[service.status] = (body.by_status[service.status] ?? 0) + 1;
    }
    return { status: 200, body };
  },

  getService({ partition, params, now }) {
    const body: ServiceEnvelope = {
      service: presentService(owned(partition, params.service_ref)),
      server_time: isoTime(now.getTime()),
    };
    return { status: 200, body };
  },

  setServiceAutoRenew({ account: caller, params, body: { enabled }, now }, ctx) {
    return ctx.store.write(async () => {
      const partition = ctx.store.livePartition(caller.account_ref);
      const service = owned(partition, params.service_ref);
      const account = partition.account;
      if (account.status !== 'active') {
        throw new DomainError(409, 'account_not_active', { conflictStatus: account.status });
      }
      if (ENDED.has(service.status)) {
        throw new DomainError(409, 'service_lifecycle_conflict', {
          conflictStatus: service.status,
        });
      }
      const changed = service.auto_renew !== enabled;
      if (changed)
        await ctx.store.commitBuilt([
          { kind: 'services', record: { ...service, auto_renew: enabled } },
        ]);
      const body: AutoRenewResponse = {
        service_ref: service.service_ref,
        auto_renew: enabled,
        changed,
        server_time: isoTime(now.getTime()),
      };
      return { status: 200, body };
    });
  },

  powerService({ account: caller, params, body: { action }, now }, ctx) {
    return ctx.store.write(async () => {
      const partition = ctx.store.livePartition(caller.account_ref);
      const service = owned(partition, params.service_ref);
      if (service.type !== 'kvm') {
        throw new DomainError(409, 'power_not_supported', { conflictStatus: service.type });
      }
      if (service.status !== 'active') {
        throw new DomainError(409, 'service_not_active', { conflictStatus: service.status });
      }
      switch (ctx.controls.read(faultsControl).power) {
        case 'reject':
          throw new DomainError(502, 'power_rejected', { transient: false });
        case 'fail':
          throw new DomainError(502, 'power_failed');
        case 'uncertain':
          // The provider may or may not have acted: keep this outcome under the key so a
          // retry never fires the action a second time.
          throw new DomainError(502, 'power_result_uncertain', { transient: false });
      }
      await ctx.store.commitBuilt([
        { kind: 'services', record: { ...service, power_state: POWER_STATE[action] } },
      ]);
      const body: PowerResponse = {
        service_ref: service.service_ref,
        action,
        accepted: true,
        server_time: isoTime(now.getTime()),
      };
      return { status: 200, body };
    });
  },
} satisfies Partial<OperationImpls>;
