import { applyKeyedList, diffKeyedList, type KeyedListDiff } from '../../internal/keyed-list-diff';
import type { ShieldProfileRecord, ShieldRuleRecord, ShieldState } from './state';

/** One change of the Shield state, O(change): the rules and profiles that changed. */
export interface ShieldStateDiff {
  readonly next_seq: number;
  readonly rules?: KeyedListDiff<ShieldRuleRecord>;
  readonly profiles?: KeyedListDiff<ShieldProfileRecord>;
}

const ruleKey = (rule: ShieldRuleRecord) => rule.id;
const profileKey = (profile: ShieldProfileRecord) => profile.service_ref;

/** What turned `prev` into `next`, or undefined when nothing changed. */
export function diffShieldState(prev: ShieldState, next: ShieldState): ShieldStateDiff | undefined {
  if (prev === next) return undefined;
  const rules = diffKeyedList(prev.rules, next.rules, ruleKey);
  const profiles = diffKeyedList(prev.profiles, next.profiles, profileKey);
  if (rules === undefined && profiles === undefined && prev.next_seq === next.next_seq) {
    return undefined;
  }
  return {
    next_seq: next.next_seq,
    ...(rules === undefined ? {} : { rules }),
    ...(profiles === undefined ? {} : { profiles }),
  };
}

/** Replays a {@link ShieldStateDiff} onto `state`. */
export function applyShieldDiff(state: ShieldState, diff: ShieldStateDiff): ShieldState {
  return {
    rules:
      diff.rules === undefined ? state.rules : applyKeyedList(state.rules, diff.rules, ruleKey),
    profiles:
      diff.profiles === undefined
        ? state.profiles
        : applyKeyedList(state.profiles, diff.profiles, profileKey),
    next_seq: diff.next_seq,
  };
}
