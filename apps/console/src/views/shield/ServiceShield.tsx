import type {
  ShieldProfileRecord,
  ShieldRuleRecord,
  StateAccount,
  StateService,
} from '@refapi/server/browser';
import { dateTime } from '../../format';
import { RulesTable } from './RulesTable';
import { TelemetryCharts } from './TelemetryCharts';

/** One service's Shield: entitlement, profile, service facts, rules, telemetry. */
export function ServiceShield({
  account,
  service,
  rules,
  infrastructureSince,
  profile,
  now,
}: {
  account: StateAccount;
  service: StateService;
  /** The state's Shield rules (of every service). */
  rules: readonly ShieldRuleRecord[];
  infrastructureSince: string | undefined;
  profile: ShieldProfileRecord | null;
  now: number;
}) {
  const shield = account.shield!;
  return (
    <>
      <div className="cards">
        <div className="card">
          <h3>Entitlement</h3>
          <dl className="facts">
            <dt>tier</dt>
            <dd>advanced</dd>
            <dt>status</dt>
            <dd>{shield.status}</dd>
            {shield.grace_ends_at && (
              <>
                <dt>grace ends</dt>
                <dd className="mono">{dateTime(shield.grace_ends_at)}</dd>
              </>
            )}
            <dt>mutations</dt>
            <dd>
              {shield.mutations_blocked
                ? `blocked (${shield.mutation_blocked_reason ?? 'mutations_blocked'})`
                : 'allowed'}
            </dd>
          </dl>
        </div>
        <div className="card">
          <h3>Profile</h3>
          {profile === null ? (
            <p className="muted">none selected</p>
          ) : (
            <dl className="facts">
              <dt>code</dt>
              <dd className="mono">{profile.code}</dd>
              <dt>version</dt>
              <dd className="mono">{profile.version}</dd>
              <dt>requested</dt>
              <dd className="mono">{dateTime(profile.requested_at)}</dd>
            </dl>
          )}
        </div>
        <div className="card">
          <h3>Service</h3>
          <dl className="facts">
            <dt>address</dt>
            <dd className="mono">{service.primary_ip}</dd>
            <dt>status</dt>
            <dd>{service.status}</dd>
            <dt>power</dt>
            <dd>{String(service.power_state ?? '—')}</dd>
          </dl>
        </div>
      </div>
      <RulesTable
        rules={rules}
        serviceRef={service.service_ref}
        infrastructureSince={infrastructureSince}
        now={now}
      />
      <TelemetryCharts account={account} service={service} />
    </>
  );
}
