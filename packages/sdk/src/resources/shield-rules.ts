import type { ShieldRule, ShieldRuleMutation, ShieldRulePage } from '@refapi/schema';
import type { ApiPromise } from '../api-promise';
import { WaitForError } from '../errors/client-errors';
import type { BodyOf } from '../internal/operation-types';
import { pollUntil, requireWaitTarget, type WaitForOptions } from '../internal/poll';
import type { RequestOptions } from '../options';
import { makePlan } from '../plans/make-plan';
import type { PlanOf, PlanOptions } from '../plans/plan-request';
import type { ApiResult } from '../result-meta';
import { ServiceResource } from './resource';

/** States `rules.waitFor()` can wait for; `deleted` means gone from the list after a rollback. */
export type RuleWaitState = 'queued' | 'applying' | 'active' | 'rolling_back' | 'deleted';

/** Custom, preset and profile rules of one service: `client.shield(ref).rules`. */
export class ShieldRulesResource extends ServiceResource {
  /**
   * Lists the sanitized rules of the service: `{ rules }`, every rule at once. Unlike the
   * account's lists this is not a page: the spec's answer (`ShieldRulePage`) has no cursor,
   * and a service holds at most 30 rules per address.
   * @example const { rules } = await client.shield(ref).rules.list();
   */
  list(options?: RequestOptions): ApiPromise<ApiResult<ShieldRulePage>> {
    return this.core.call('listShieldRules', { path: { service_ref: this.serviceRef }, options });
  }

  /** Queues a custom rule (202); the owned service IP is injected by the server. */
  create(
    intent: BodyOf<'createShieldRule'>,
    options?: RequestOptions,
  ): ApiPromise<ApiResult<ShieldRuleMutation>> {
    return this.core.call('createShieldRule', {
      path: { service_ref: this.serviceRef },
      body: intent,
      options,
    });
  }

  /** Plans `create(intent)` without sending it; `client.apply(plan)` sends it, with the planned key. */
  planCreate(
    intent: BodyOf<'createShieldRule'>,
    options?: PlanOptions,
  ): Promise<PlanOf<'createShieldRule'>> {
    return makePlan(
      this.core,
      {
        operation: 'createShieldRule',
        pathParams: { service_ref: this.serviceRef },
        body: intent,
      },
      options,
    );
  }

  /** Plans `delete(ruleId)` without sending it; `client.apply(plan)` sends it, with the planned key. */
  planDelete(ruleId: string, options?: PlanOptions): Promise<PlanOf<'deleteShieldRule'>> {
    return makePlan(
      this.core,
      {
        operation: 'deleteShieldRule',
        pathParams: { service_ref: this.serviceRef, rule_id: ruleId },
        body: null,
      },
      options,
    );
  }

  /** Queues the rollback of a rule or its whole profile bundle (202, no body). */
  delete(ruleId: string, options?: RequestOptions): ApiPromise<undefined> {
    return this.core.call('deleteShieldRule', {
      path: { service_ref: this.serviceRef, rule_id: ruleId },
      options,
    });
  }

  /**
   * Polls the rule list with backoff until the rule reaches `state`. `onPoll` sees each
   * observed state (`absent` once the rule is no longer listed).
   * @throws WaitForError when the rule fails (or vanishes); WaitTimeoutError after `timeout`.
   * Resolves to the rule in the state waited for, or to `undefined` for `deleted`.
   * @example await client.shield(ref).rules.waitFor(rule.id, { state: 'active', timeout: 60_000 })
   */
  waitFor(ruleId: string, options: WaitForOptions<'deleted'>): Promise<undefined>;
  waitFor(
    ruleId: string,
    options: WaitForOptions<Exclude<RuleWaitState, 'deleted'>>,
  ): Promise<ShieldRule>;
  waitFor(ruleId: string, options: WaitForOptions<RuleWaitState>): Promise<ShieldRule | undefined>;
  async waitFor(
    ruleId: string,
    options: WaitForOptions<RuleWaitState>,
  ): Promise<ShieldRule | undefined> {
    requireWaitTarget('rule id', ruleId);
    const what = `rule ${ruleId}`;
    const wanted = options?.state;
    return pollUntil<ShieldRule | undefined>(
      what,
      async (signal) => {
        const { rules } = await this.list({ signal });
        const rule = rules.find((r) => r.id === ruleId);
        const state = rule?.state ?? 'absent';
        if (!rule) {
          if (wanted === 'deleted') return { state, outcome: 'done', value: undefined };
          return { state, outcome: 'failed', error: new WaitForError(what, wanted, state) };
        }
        if (state === wanted) return { state, outcome: 'done', value: rule };
        if (state === 'failed') {
          const error = new WaitForError(what, wanted, state, rule.last_error_code);
          return { state, outcome: 'failed', error };
        }
        return { state, outcome: 'pending' };
      },
      options,
    );
  }
}
