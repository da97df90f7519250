// `@refapi/schema/shield`: the Shield of a KVM service, with its queries and path parameters.

export { ShieldProfileCode } from '../common';
export { PresetPathParams, ProfilePathParams, RulePathParams } from '../path-params';
export * from '../shield';
export * from '../shield-params';
export {
  isBroadRule,
  isNetworkPrefix,
  type ShieldRuleRefusalCode,
  shieldRuleRefusal,
} from '../shield-rule-checks';
export {
  EMERGENCY_RULE_NAME,
  type LabelledRule,
  type MatchedRule,
  shieldRuleLabel,
  shieldRuleMatch,
} from '../shield-rule-labels';
