/** One HTTP message as the journal records it (headers lower-case, credentials redacted). */
export interface JournalMessage {
  headers: Record<string, string>;
  body: string | null;
  body_truncated: boolean;
}

/** One journalled API request (`GET /__admin/requests`, `/__admin/requests/stream`). */
export interface JournalEntry {
  id: string;
  time: string;
  operation: string | null;
  method: string;
  path: string;
  query: string;
  status: number;
  duration_ms: number;
  account_ref: string | null;
  idempotency_key: string | null;
  replayed: boolean;
  fault: string | null;
  request: JournalMessage;
  response: JournalMessage;
}

/** A money-bearing record of the state document (amounts are decimal numbers). */
interface Money {
  amount: number;
  currency: string;
}

/** A service of a state account. */
export interface StateService {
  service_ref: string;
  name: string;
  service_plan_name: string;
  type: string;
  status: string;
  auto_renew: boolean;
  display_name?: string;
  primary_ip?: string;
  power_state?: string;
  reseller?: boolean;
  expires_at?: string;
  [key: string]: unknown;
}

/** An account of the state document (`GET /__admin/state`). */
export interface StateAccount {
  account_ref: string;
  email: string;
  first_name: string;
  last_name: string;
  country_code: string;
  account_currency: string;
  preferred_locale: string;
  status: string;
  balance: number;
  vat_rate: number;
  shield: {
    status: string;
    grace_ends_at: string | null;
    mutations_blocked: boolean;
    mutation_blocked_reason?: string;
  } | null;
  api_keys: { token: string; scopes: string[]; allowed_ips: string[] }[];
  services: StateService[];
  invoices: (Money & {
    invoice_ref: string;
    kind: string;
    status: string;
    issue_date: string;
    description: string;
  })[];
  orders: (Money & {
    order_ref: string;
    order_type: string;
    status: string;
    description: string;
    created_at?: string;
  })[];
  transactions: (Money & {
    transaction_ref: string;
    kind: string;
    status: string;
    method: string;
    description: string;
    created_at: string;
  })[];
}

/** A Shield rule as the state document holds it (times in epoch milliseconds). */
export interface ShieldRuleRecord {
  id: string;
  seq: number;
  account_ref: string;
  service_ref: string;
  protected_ip: string;
  kind: 'custom' | 'preset' | 'profile';
  name: string;
  action: string;
  protocol: string;
  destination_port?: number;
  preset_code?: string;
  queued_at: number;
  expires_at?: number;
  outcome?: 'ok' | 'failed';
  last_error_code?: string;
  rollback_at?: number;
}

/** A Shield profile as the state document holds it. */
interface ShieldProfileRecord {
  service_ref: string;
  code: string;
  version: string;
  bundle_id: string | null;
  requested_at: number;
  removed_at?: number;
}

/** The Shield module's snapshot (`extensions.shield`). */
interface ShieldSnapshot {
  version: 1;
  infrastructure_since: string;
  rules: ShieldRuleRecord[];
  profiles: ShieldProfileRecord[];
  next_seq: number;
}

/** The state document (`GET /__admin/state`), the parts the console shows. */
export interface StateDocument {
  now?: string;
  frozen?: boolean;
  rates: Record<string, number>;
  plans: { plan_ref: string; name: string; code: string; service_type: string }[];
  accounts: StateAccount[];
  extensions?: { shield?: ShieldSnapshot | null; [name: string]: unknown };
}

/** The server clock (`GET/POST /__admin/clock`). */
export interface ClockState {
  now: string;
  frozen: boolean;
}

/** The injected faults (`GET/POST /__admin/faults`). */
export interface FaultState {
  power: 'ok' | 'reject' | 'fail' | 'uncertain';
  shield: 'ok' | 'fail';
  latency_ms: number;
}
