import type { RequestJournal } from '../request-journal';
import { type ApiRequest, type ApiResponse, errorResponse, jsonResponse } from './api-request';
import { journalListing } from './journal-listing';
import { parseJournalQuery } from './journal-query';
import { REQUEST_ID_PATTERN } from './request-id';

const ENTRY_PREFIX = '/__admin/requests/';

/** `GET /__admin/requests`: the journal, newest first, narrowed by the query; at most 16 MiB. */
export function listRequests(journal: RequestJournal, search: string): ApiResponse {
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: journalListing(journal.query(parseJournalQuery(search))),
  };
}

/** `GET /__admin/requests/{id}`: one journal entry whole, or 404 `request_not_found`. */
export function requestEntryRoute(
  path: string,
):
  | Record<
      string,
      (call: { deps: { journal: RequestJournal }; request: ApiRequest }) => ApiResponse
    >
  | undefined {
  const id = path.slice(ENTRY_PREFIX.length);
  if (!path.startsWith(ENTRY_PREFIX) || !REQUEST_ID_PATTERN.test(id)) return undefined;
  return {
    GET: ({ deps }) => {
      const entry = deps.journal.get(id);
      return entry === undefined
        ? errorResponse(404, 'request_not_found')
        : jsonResponse(200, entry);
    },
  };
}
