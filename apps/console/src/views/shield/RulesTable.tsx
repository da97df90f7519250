import type { ShieldRuleRecord } from '@refapi/server/browser';
import { dateTime } from '../../format';
import { ruleTimeline } from '../../rule-phase';
import { emergencyRule, ruleMatch, ruleMode, serviceRules } from '../../shield-rules';

const HEAD = ['rule', 'kind', 'mode', 'match', 'state', 'timeline'];

/**
 * The rules of a service as the API lists them (the provider's emergency rule first, then
 * newest first), each with its mode and lifecycle up to `now`; rules gone from the list
 * follow, folded.
 */
export function RulesTable({
  rules,
  serviceRef,
  infrastructureSince,
  now,
}: {
  rules: readonly ShieldRuleRecord[];
  serviceRef: string;
  /** Since when the provider's emergency rules are in place (the state's Shield snapshot). */
  infrastructureSince: string | undefined;
  now: number;
}) {
  const { listed, gone, count } = serviceRules(rules, serviceRef, now);
  return (
    <section className="card table-card" aria-labelledby="rules-title">
      <h3 id="rules-title">
        Rules (<span data-testid="rule-count">{count}</span>)
      </h3>
      <table className="stack-narrow" data-testid="rules">
        <RuleHead />
        <tbody>
          <tr data-rule-id="infrastructure" data-testid="listed-rule">
            <td data-label="rule">{emergencyRule.label}</td>
            <td data-label="kind">infrastructure (provider-managed)</td>
            <td data-label="mode">
              <ModeBadge mode={emergencyRule.mode} />
            </td>
            <td
              data-label="match"
              className="mono"
              title="set by the provider; profiles and customers do not change it"
            >
              {emergencyRule.match}
            </td>
            <td data-label="state">
              <span className="phase phase-active" data-testid="rule-state">
                active
              </span>
            </td>
            <td data-label="timeline" className="muted mono">
              {infrastructureSince ? `since ${dateTime(infrastructureSince)}` : '—'}
            </td>
          </tr>
          {listed.map((rule) => (
            <RuleRow key={rule.id} rule={rule} now={now} />
          ))}
        </tbody>
      </table>
      {gone.length > 0 && (
        <details className="gone-rules">
          <summary>Removed or expired ({gone.length}), no longer listed by the API</summary>
          <table className="stack-narrow">
            <RuleHead />
            <tbody>
              {gone.map((rule) => (
                <RuleRow key={rule.id} rule={rule} now={now} listed={false} />
              ))}
            </tbody>
          </table>
        </details>
      )}
    </section>
  );
}

function RuleHead() {
  return (
    <thead>
      <tr>
        {HEAD.map((name) => (
          <th key={name} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** `observe` (reports only) or `enforce` (acts), never colour alone. */
function ModeBadge({ mode }: { mode: ReturnType<typeof ruleMode> }) {
  const text =
    mode === 'observe' ? 'observe: reports only' : mode === 'enforce' ? 'enforce' : 'not recorded';
  return (
    <span className={`mode mode-${mode}`} data-testid="rule-mode">
      {text}
    </span>
  );
}

function RuleRow({
  rule,
  now,
  listed = true,
}: {
  rule: ShieldRuleRecord;
  now: number;
  listed?: boolean;
}) {
  const steps = ruleTimeline(rule, now);
  const current = steps.at(-1)!;
  return (
    <tr data-rule-id={rule.id} data-testid={listed ? 'listed-rule' : 'gone-rule'}>
      <td data-label="rule">
        <span className="mono">{rule.id.slice(0, 8)}</span> {rule.name}
      </td>
      <td data-label="kind">{rule.kind}</td>
      <td data-label="mode">
        <ModeBadge mode={ruleMode(rule)} />
      </td>
      <td data-label="match" className="mono">
        {ruleMatch(rule)}
      </td>
      <td data-label="state">
        <span className={`phase phase-${current.phase}`} data-testid="rule-state">
          {current.phase}
        </span>
        {current.phase === 'failed' && rule.last_error_code && (
          <span className="error-code"> {rule.last_error_code}</span>
        )}
      </td>
      <td data-label="timeline">
        <ol className="timeline">
          {steps.map((step) => (
            <li key={`${step.phase}-${step.at}`} className={`phase-${step.phase}`}>
              {step.phase} <span className="muted mono">{dateTime(step.at).slice(11)}</span>
            </li>
          ))}
        </ol>
      </td>
    </tr>
  );
}
