import type { StateDocument } from '@refapi/server/browser';
import { useState } from 'react';
import { StatePending } from './StatePending';
import { ServiceShield } from './shield/ServiceShield';

/** KVM services with an address, of accounts holding a Shield subscription. */
function shieldServices(state: StateDocument) {
  return state.accounts.flatMap((account) =>
    account.shield === null
      ? []
      : account.services
          .filter((s) => s.type === 'kvm' && !s.reseller && s.primary_ip)
          .map((service) => ({ account, service })),
  );
}

/** Per KVM service: entitlement, profile, rules with their timeline, telemetry charts. */
export function ShieldView({
  state,
  now,
  loadFailed = false,
}: {
  state: StateDocument | undefined;
  /** Server time in epoch ms, undefined until known (loaded with the state). */
  now: number | undefined;
  /** The last load of the state failed (shown instead of "Loading state…"). */
  loadFailed?: boolean;
}) {
  const [selected, setSelected] = useState<string | undefined>();
  if (state === undefined || now === undefined) return <StatePending failed={loadFailed} />;
  const targets = shieldServices(state);
  const target = targets.find((t) => t.service.service_ref === selected) ?? targets[0];
  const snapshot = state.extensions?.shield ?? null;

  return (
    <section aria-labelledby="shield-title">
      <h2 id="shield-title">Shield</h2>
      {target === undefined ? (
        <p className="muted">No account of this scenario holds a Shield subscription.</p>
      ) : (
        <>
          <div className="toolbar">
            <label>
              Service
              <select
                value={target.service.service_ref}
                onChange={(event) => setSelected(event.target.value)}
              >
                {targets.map((t) => (
                  <option key={t.service.service_ref} value={t.service.service_ref}>
                    {t.service.service_ref} — {t.service.display_name ?? t.service.name} (
                    {t.account.account_ref})
                  </option>
                ))}
              </select>
            </label>
          </div>
          <ServiceShield
            account={target.account}
            service={target.service}
            rules={snapshot?.rules ?? []}
            infrastructureSince={snapshot?.infrastructure_since}
            profile={
              snapshot?.profiles.find(
                (p) => p.service_ref === target.service.service_ref && p.removed_at === undefined,
              ) ?? null
            }
            now={now}
          />
        </>
      )}
    </section>
  );
}
