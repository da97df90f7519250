import { LIMITS } from './limits';

// Parameter texts several operations share. `{operationId}` names another operation;
// each reader renders it in its own terms (`parameterDescription`).

/** A service reference. */
export const SERVICE = 'Reference of an owned service (REF-SVC-…), from {listServices}.';
/** A KVM service reference. */
export const KVM = 'Reference of an owned KVM service (REF-SVC-…), from {listServices}.';
/** The reference of a service with Shield Advanced. */
export const SHIELDED =
  'Reference of an owned KVM service with Shield Advanced (REF-SVC-…), from {listServices}.';
/** A Shield rule's id. */
export const RULE = 'The id (UUID) of a Shield rule of the service, from {listShieldRules}.';
/** `limit` of the paginated lists. */
export const LIMIT = `Items per page, ${LIMITS.pageSizeMin} to ${LIMITS.pageSizeMax} (default ${LIMITS.pageSizeDefault}).`;
/** `cursor` of a paginated list of `what`s, whose references look like `ref`. */
export const cursor = (what: string, ref: string) =>
  `Continue after this ${what}: the next_cursor of the previous page (a ${ref} reference). Omit it for the first page.`;
/** `window_hours` of the telemetry reads. */
export const WINDOW = `The window: the last N hours, ${LIMITS.windowHoursMin} to ${LIMITS.windowHoursMax} (default ${LIMITS.windowHoursDefault}); the entitlement's analyzer_hours may allow fewer.`;
/** `group_by` of the traffic. */
export const GROUP_BY = 'What to aggregate the traffic by (default source_ip).';
