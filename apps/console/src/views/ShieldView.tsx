import { TELEMETRY_GROUP_BY } from '@refapi/schema/values';
import { useEffect, useMemo, useState } from 'react';
import { AdminError, adminFetch } from '../api';
import { type Bar, BarChart } from '../BarChart';
import { dateTime } from '../format';
import { ruleTimeline } from '../rule-phase';
import type { ShieldRuleRecord, StateAccount, StateDocument, StateService } from '../types';

const WINDOWS = [1, 6, 24, 168, 720];
const TOP_BARS = 15;

interface Telemetry {
  start: string;
  end: string;
  items: { key: string; packets: number; bytes: number }[];
  totals: { packets: number; bytes: number };
  sampled: boolean;
}

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
export function ShieldView({ state, now }: { state: StateDocument | undefined; now: number }) {
  const [selected, setSelected] = useState<string | undefined>();
  if (state === undefined) return <p className="muted">Loading state…</p>;
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
            rules={(snapshot?.rules ?? []).filter(
              (r) => r.service_ref === target.service.service_ref,
            )}
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

function ServiceShield({
  account,
  service,
  rules,
  profile,
  now,
}: {
  account: StateAccount;
  service: StateService;
  rules: ShieldRuleRecord[];
  profile: { code: string; version: string; requested_at: number } | null;
  now: number;
}) {
  const shield = account.shield!;
  const ordered = [...rules].sort((a, b) => b.seq - a.seq);
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
            <dd>{service.power_state ?? '—'}</dd>
          </dl>
        </div>
      </div>
      <section className="card table-card" aria-labelledby="rules-title">
        <h3 id="rules-title">Rules ({ordered.length})</h3>
        {ordered.length === 0 ? (
          <p className="muted">No rules queued for this service.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">rule</th>
                <th scope="col">kind</th>
                <th scope="col">match</th>
                <th scope="col">state</th>
                <th scope="col">timeline</th>
              </tr>
            </thead>
            <tbody>
              {ordered.map((rule) => {
                const steps = ruleTimeline(rule, now);
                const current = steps.at(-1)!;
                return (
                  <tr key={rule.id} data-rule-id={rule.id}>
                    <td>
                      <span className="mono">{rule.id.slice(0, 8)}</span> {rule.name}
                    </td>
                    <td>{rule.kind}</td>
                    <td className="mono">
                      {rule.action} {rule.protocol}
                      {rule.destination_port !== undefined && ` :${rule.destination_port}`}
                    </td>
                    <td>
                      <span className={`phase phase-${current.phase}`} data-testid="rule-state">
                        {current.phase}
                      </span>
                      {current.phase === 'failed' && rule.last_error_code && (
                        <span className="error-code"> {rule.last_error_code}</span>
                      )}
                    </td>
                    <td>
                      <ol className="timeline">
                        {steps.map((step) => (
                          <li key={`${step.phase}-${step.at}`} className={`phase-${step.phase}`}>
                            {step.phase}{' '}
                            <span className="muted mono">{dateTime(step.at).slice(11)}</span>
                          </li>
                        ))}
                      </ol>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
      <Telemetry account={account} service={service} />
    </>
  );
}

const telemetryPath = (account: string, service: string, dataset: string) =>
  `/accounts/${encodeURIComponent(account)}/services/${encodeURIComponent(service)}/shield/${dataset}`;

const toBars = (telemetry: Telemetry | undefined): Bar[] =>
  (telemetry?.items ?? []).slice(0, TOP_BARS).map((item) => ({
    label: item.key,
    value: item.packets,
  }));

function Telemetry({ account, service }: { account: StateAccount; service: StateService }) {
  const [windowHours, setWindowHours] = useState(24);
  const [groupBy, setGroupBy] = useState<string>('source_ip');
  const [traffic, setTraffic] = useState<Telemetry | undefined>();
  const [activity, setActivity] = useState<Telemetry | undefined>();
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    let current = true;
    const base = (dataset: string) =>
      telemetryPath(account.account_ref, service.service_ref, dataset);
    Promise.all([
      adminFetch<Telemetry>(`${base('traffic')}?window_hours=${windowHours}&group_by=${groupBy}`),
      adminFetch<Telemetry>(`${base('protection-activity')}?window_hours=${windowHours}`),
    ])
      .then(([nextTraffic, nextActivity]) => {
        if (!current) return;
        setTraffic(nextTraffic);
        setActivity(nextActivity);
        setError(undefined);
      })
      .catch((cause) => {
        if (!current) return;
        setTraffic(undefined);
        setActivity(undefined);
        setError(
          cause instanceof AdminError
            ? `Telemetry unavailable: ${cause.error} (${cause.status})`
            : `Telemetry unavailable: ${(cause as Error).message}`,
        );
      });
    return () => {
      current = false;
    };
  }, [account.account_ref, service.service_ref, windowHours, groupBy]);

  const trafficBars = useMemo(() => toBars(traffic), [traffic]);
  const activityBars = useMemo(() => toBars(activity), [activity]);

  return (
    <section className="card" aria-labelledby="telemetry-title">
      <h3 id="telemetry-title">Traffic and protection activity</h3>
      <div className="toolbar">
        <label>
          Window
          <select value={windowHours} onChange={(e) => setWindowHours(Number(e.target.value))}>
            {WINDOWS.map((h) => (
              <option key={h} value={h}>
                {h < 24 ? `${h} h` : `${h / 24} d`}
              </option>
            ))}
          </select>
        </label>
        <label>
          Traffic grouped by
          <select value={groupBy} onChange={(e) => setGroupBy(e.target.value)}>
            {TELEMETRY_GROUP_BY.map((g) => (
              <option key={g}>{g}</option>
            ))}
          </select>
        </label>
        {traffic && (
          <span className="muted">
            {dateTime(traffic.start)} – {dateTime(traffic.end)}
            {traffic.sampled && ' · sampled 1:100'}
          </span>
        )}
      </div>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : (
        <div className="charts">
          <BarChart
            title={`Traffic by ${groupBy}, top ${TOP_BARS} (packets)`}
            unit="packets"
            bars={trafficBars}
          />
          <BarChart
            title="Protection activity by verdict (packets)"
            unit="packets"
            bars={activityBars}
          />
        </div>
      )}
    </section>
  );
}
