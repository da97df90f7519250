import { TELEMETRY_GROUP_BY } from '@refapi/schema/values';
import type { ShieldTelemetry, StateAccount, StateService } from '@refapi/server/browser';
import { useEffect, useMemo, useState } from 'react';
import { AdminError } from '../../api';
import { type Bar, BarChart } from '../../BarChart';
import { dateTime } from '../../format';
import { useStateAdmin } from '../../space-context';

const WINDOWS = [1, 6, 24, 168, 720];
const TOP_BARS = 15;

const toBars = (telemetry: ShieldTelemetry | undefined): Bar[] =>
  (telemetry?.items ?? []).slice(0, TOP_BARS).map((item) => ({
    label: item.key,
    value: item.packets,
  }));

/** Traffic and protection-activity charts of one service, over a chosen window. */
export function TelemetryCharts({
  account,
  service,
}: {
  account: StateAccount;
  service: StateService;
}) {
  const admin = useStateAdmin();
  const [windowHours, setWindowHours] = useState(24);
  const [groupBy, setGroupBy] = useState<string>('source_ip');
  const [traffic, setTraffic] = useState<ShieldTelemetry | undefined>();
  const [activity, setActivity] = useState<ShieldTelemetry | undefined>();
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    let current = true;
    const telemetry = (
      dataset: 'traffic' | 'protection-activity',
      query: Record<string, string | number>,
    ) => admin.shieldTelemetry(account.account_ref, service.service_ref, dataset, query);
    Promise.all([
      telemetry('traffic', { window_hours: windowHours, group_by: groupBy }),
      telemetry('protection-activity', { window_hours: windowHours }),
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
  }, [admin, account.account_ref, service.service_ref, windowHours, groupBy]);

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
