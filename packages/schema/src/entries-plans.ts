import { defineEntries } from './operation-entry';
import { cursor, LIMIT } from './parameter-text';

/** The saleable plan catalog. */
export const PLANS_ENTRIES = defineEntries({
  listPlans: {
    operationId: 'listPlans',
    summary: 'List saleable plans of the catalog',
    method: 'GET',
    path: '/plans',
    scope: 'catalog:read',
    access: 'read',
    idempotencyKey: false,
    success: { status: 200 },
    errors: [400, 401, 403],
    list: { items: 'plans' as const, ref: 'plan_ref' as const },
    schemas: { query: 'params.ListPlansQuery', success: 'envelopes.PlanPage' },
    description:
      'Pages through the saleable plans with their price in the account currency, optionally converted to a display currency and filtered by service `type`.',
    parameters: {
      limit: LIMIT,
      cursor: cursor('plan', 'REF-PLAN-…'),
      display_currency:
        'Also price each plan in this currency, as display_price (informational; orders are charged in the account currency).',
      type: 'Only plans of this service type; without it, every saleable type.',
    },
    mcp: { tool: 'plans_list' },
    sdk: 'plans.list',
    refctl: 'plans list',
  },
});
