import { ACCOUNT_ENTRIES } from './entries-account';
import { BILLING_ENTRIES } from './entries-billing';
import { PLANS_ENTRIES } from './entries-plans';
import { SERVICES_ENTRIES } from './entries-services';
import { SHIELD_RULES_ENTRIES } from './entries-shield-rules';
import { SHIELD_TELEMETRY_ENTRIES } from './entries-shield-telemetry';

/**
 * The contract entries of the 23 operations of the account API, keyed by operationId, in
 * the spec's order (the OpenAPI document's, `tools/list`'s). Adding an operation is one
 * entry in its group's module.
 */
export const ENTRIES = {
  ...ACCOUNT_ENTRIES,
  ...BILLING_ENTRIES,
  ...SERVICES_ENTRIES,
  ...SHIELD_RULES_ENTRIES,
  ...SHIELD_TELEMETRY_ENTRIES,
  ...PLANS_ENTRIES,
};
