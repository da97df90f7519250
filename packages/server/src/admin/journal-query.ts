import { operations } from '@refapi/schema';
import { REQUEST_ID_PATTERN } from '../api/request-id';
import { DomainError } from '../domain/errors';
import type { JournalQuery } from '../request-journal';

/** Entries `GET /__admin/requests` answers without `limit`. */
const DEFAULT_REQUESTS_LIMIT = 100;
/** Largest `limit` of `GET /__admin/requests`. */
const MAX_REQUESTS_LIMIT = 1000;

const NAMES = ['limit', 'operation', 'status', 'account_ref', 'since'] as const;
const invalid = (name: string) => new DomainError(400, `invalid_query: ${name}`);

/**
 * Parses the query of `GET /__admin/requests`; a malformed or repeated parameter is a
 * 400 `invalid_query: <name>` (an unknown operation too, so a typo never reads as "none").
 */
export function parseJournalQuery(
  search: string,
): Required<Pick<JournalQuery, 'limit'>> & JournalQuery {
  const params = new URLSearchParams(search);
  const value: Partial<Record<(typeof NAMES)[number], string>> = {};
  for (const name of NAMES) {
    const all = params.getAll(name);
    if (all.length > 1) throw invalid(name);
    if (all[0] !== undefined) value[name] = all[0];
  }
  let limit = DEFAULT_REQUESTS_LIMIT;
  if (value.limit !== undefined) {
    limit = /^\d{1,4}$/.test(value.limit) ? Number(value.limit) : 0;
    if (limit < 1 || limit > MAX_REQUESTS_LIMIT) throw invalid('limit');
  }
  const query: { -readonly [K in keyof JournalQuery]: JournalQuery[K] } = { limit };
  if (value.status !== undefined) {
    if (!/^[1-5]\d\d$/.test(value.status)) throw invalid('status');
    query.status = Number(value.status);
  }
  if (value.operation !== undefined) {
    if (!Object.hasOwn(operations, value.operation)) throw invalid('operation');
    query.operation = value.operation;
  }
  if (value.account_ref !== undefined) {
    if (value.account_ref === '' || value.account_ref.length > 64) throw invalid('account_ref');
    query.account_ref = value.account_ref;
  }
  if (value.since !== undefined) {
    if (!REQUEST_ID_PATTERN.test(value.since)) throw invalid('since');
    query.since = value.since;
  }
  return { ...query, limit };
}
