import type { ShieldRuleRecord } from '@refapi/server/browser';
import { dateTime } from '../../format';
import { ruleTimeline } from '../../rule-phase';

/** The rules of a service, newest first, each with its lifecycle up to `now`. */
export function RulesTable({ rules, now }: { rules: ShieldRuleRecord[]; now: number }) {
  const ordered = [...rules].sort((a, b) => b.seq - a.seq);
  return (
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
  );
}
