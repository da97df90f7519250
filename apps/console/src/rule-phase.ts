import type { ShieldRuleRecord } from '@refapi/server/browser';

/**
 * Length of one Shield lifecycle step in milliseconds, as the server's Shield module
 * (`packages/server/src/domain/shield/state.ts`); a unit test pins the two together.
 */
export const STEP_MS = 5_000;

/** Where a rule stands at one instant. */
export type RulePhase = 'queued' | 'applying' | 'active' | 'failed' | 'rolling_back' | 'gone';

/** One step of a rule's timeline: the phase and when it began (epoch ms). */
export interface PhaseStep {
  phase: RulePhase;
  at: number;
}

/**
 * The timeline of a rule up to `now`, oldest first, derived from its timestamps the way the
 * server derives the public rule state: queued → applying → active or failed one step each,
 * rollback → gone one step later; expiry makes it gone. The last step is the current phase.
 */
export function ruleTimeline(rule: ShieldRuleRecord, now: number): PhaseStep[] {
  const expires = rule.expires_at ?? Number.POSITIVE_INFINITY;
  const rollback = rule.rollback_at ?? Number.POSITIVE_INFINITY;
  // Expiry wins over everything, rollback over the apply lifecycle (as on the server).
  const lifecycleEnd = Math.min(expires, rollback);
  const steps: PhaseStep[] = [
    { phase: 'queued' as const, at: rule.queued_at },
    { phase: 'applying' as const, at: rule.queued_at + STEP_MS },
    {
      phase: rule.outcome === 'failed' ? ('failed' as const) : ('active' as const),
      at: rule.queued_at + 2 * STEP_MS,
    },
  ].filter((step, index) => index === 0 || step.at < lifecycleEnd);
  if (rollback < expires) steps.push({ phase: 'rolling_back', at: rollback });
  const gone = Math.min(expires, rollback + STEP_MS);
  if (Number.isFinite(gone)) steps.push({ phase: 'gone', at: gone });
  const reached = steps.filter((step, index) => index === 0 || step.at <= now);
  return reached;
}

/** The phase of a rule at `now`. */
export const rulePhase = (rule: ShieldRuleRecord, now: number): RulePhase =>
  ruleTimeline(rule, now).at(-1)!.phase;
