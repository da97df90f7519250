import { IpAddress, type ShieldEntitlement } from '@refapi/schema';
import { DomainError, notFound } from '../domain/errors';
import type { ServiceRecord } from '../domain/records';
import { mutationBlockReason, resolveEntitlement } from '../domain/shield/entitlement';
import type { ShieldRefusal } from '../domain/shield/outcome';
import type { ShieldTarget } from '../domain/shield/state';
import type { ShieldModule } from '../extensions/shield-module';
import type { ServerContext } from '../state/server-context';
import { settledShield } from './shield-live';
import type { OperationCall } from './types';

/** Everything a Shield operation works with once the caller may use the service's Shield. */
export interface ShieldAccess {
  readonly service: ServiceRecord;
  readonly target: ShieldTarget;
  readonly entitlement: ShieldEntitlement;
  readonly module: ShieldModule;
  /** Server time of the call, in epoch milliseconds. */
  readonly now: number;
}

/** Which lifecycle checks an operation makes beyond ownership and subscription. */
export interface AccessNeeds {
  /** A mutation: refused (409, `status` = reason) while mutations are blocked. */
  readonly mutation?: boolean;
  /** Needs the service's dataplane: refused (409, `status` = service status) unless active. */
  readonly activeService?: boolean;
}

/**
 * Checks, in order: the service is a directly owned, non-reseller KVM with an address
 * (else 404, indistinguishable from a missing one): its `primary_ip` an IP address, since
 * it is every answer's `protected_ip` (a scenario may hold any string there, as the spec's
 * Service does); the account holds an active or grace
 * Advanced subscription on the server clock (else 403 `shield_advanced_required`); then
 * the lifecycle conditions the operation asked for (409).
 */
export function shieldAccess(
  call: OperationCall & { readonly params: { readonly service_ref: string } },
  ctx: ServerContext,
  needs: AccessNeeds = {},
): ShieldAccess {
  const service = call.partition.ownedService(call.params.service_ref);
  if (
    service === undefined ||
    service.type !== 'kvm' ||
    !IpAddress.safeParse(service.primary_ip).success
  ) {
    throw notFound();
  }
  const entitlement = resolveEntitlement(call.account.shield, call.now);
  if (entitlement === null) throw new DomainError(403, 'shield_advanced_required');
  const blocked = mutationBlockReason(entitlement);
  if (needs.mutation && blocked !== null) {
    throw new DomainError(409, 'shield_mutations_blocked', { conflictStatus: blocked });
  }
  if ((needs.mutation || needs.activeService) && service.status !== 'active') {
    throw new DomainError(409, 'service_not_active', { conflictStatus: service.status });
  }
  return {
    service,
    target: {
      account_ref: call.account.account_ref,
      service_ref: service.service_ref,
      protected_ip: service.primary_ip as string,
    },
    entitlement,
    module: settledShield(ctx, call.now),
    now: call.now.getTime(),
  };
}

/** The HTTP error of a refused Shield command. */
export function refusalError(refusal: ShieldRefusal): DomainError {
  if (refusal.kind === 'not_found') return new DomainError(404, refusal.error);
  if (refusal.kind === 'unprocessable') return new DomainError(422, refusal.error);
  return new DomainError(409, refusal.error, { conflictStatus: refusal.status });
}
