/** The Limits table of the account API, as named constants. */
export const LIMITS = {
  readRequestsPerMinute: 600,
  writeRequestsPerMinute: 120,
  pageSizeDefault: 50,
  pageSizeMin: 1,
  pageSizeMax: 100,
  evidencePageSizeDefault: 50,
  evidencePageSizeMax: 50,
  telemetryItemsMax: 100,
  windowHoursDefault: 1,
  windowHoursMin: 1,
  windowHoursMax: 720,
  shieldRulesPerIp: 30,
  shieldRulesPerAccount: 300,
  shieldRateRulesPerIp: 10,
  shieldHistoryDays: 30,
  shieldAnalyzerHours: 720,
  orderAddonsMax: 64,
  planCodeLengthMax: 128,
  osNameLengthMax: 160,
  quoteVersionLengthMax: 200,
  idempotencyKeyLengthMax: 128,
  shieldRuleNameLengthMax: 200,
  evidenceCursorLengthMax: 2048,
  shieldEvidenceItemsMax: 50,
  /** Reference-server decision: request bodies over this size get 413. */
  requestBodyBytesMax: 64 * 1024,
} as const;

/** The API version segment that ends the base URL. */
export const API_VERSION_PATH = '/v1';
/** The version label of the interface description. */
export const API_SPEC_VERSION = '1.9.0';
/** Prefix every API key starts with (`refak_…`). */
export const API_KEY_PREFIX = 'refak_';
/** Characters an `Idempotency-Key` may hold (1-128 of them). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]+$/;
/** Pattern of the `type` and `status` filters of GET /services. */
export const SERVICE_FILTER_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/;
