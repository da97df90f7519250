// `@refapi/schema/shield`: the Shield of a KVM service, with its queries and path parameters.

export { ShieldProfileCode } from '../common';
export { PresetPathParams, ProfilePathParams, RulePathParams } from '../path-params';
export * from '../shield';
export * from '../shield-params';
