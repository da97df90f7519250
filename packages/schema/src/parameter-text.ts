import { LIMITS } from './limits';

// Parameter texts several operations share. `{operationId}` names another operation;
// each reader renders it in its own terms (`parameterDescription`).

/** `limit` of the paginated lists. */
export const LIMIT = `Items per page, ${LIMITS.pageSizeMin} to ${LIMITS.pageSizeMax} (default ${LIMITS.pageSizeDefault}).`;
/** `cursor` of a paginated list of `what`s, whose references look like `ref`. */
export const cursor = (what: string, ref: string) =>
  `Continue after this ${what}: the next_cursor of the previous page (a ${ref} reference). Omit it for the first page.`;
/** `window_hours` of the telemetry reads. */
export const WINDOW = `The window: the last N hours, ${LIMITS.windowHoursMin} to ${LIMITS.windowHoursMax} (default ${LIMITS.windowHoursDefault}); the entitlement's analyzer_hours may allow fewer.`;
/** `group_by` of the traffic. */
export const GROUP_BY = 'What to aggregate the traffic by (default source_ip).';
