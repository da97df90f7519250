import { type ApiRequest, type ApiResponse, errorResponse, jsonResponse } from '../api/api-request';
import { REQUEST_ID_PATTERN } from '../api/request-id';
import type { RequestJournal } from '../request-journal';
import { journalListing } from './journal-listing';
import { parseJournalQuery } from './journal-query';

/** `GET /__admin/requests`: the journal, newest first, narrowed by the query; at most 16 MiB. */
export function listRequests(journal: RequestJournal, search: string): ApiResponse {
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: journalListing(journal.query(parseJournalQuery(search))),
  };
}

/** `GET /__admin/requests/{request_id}`: one journal entry whole, or 404 `request_not_found`. */
export function requestEntryRoute(
  id: string,
):
  | Record<
      string,
      (call: { deps: { journal: RequestJournal }; request: ApiRequest }) => ApiResponse
    >
  | undefined {
  if (!REQUEST_ID_PATTERN.test(id)) return undefined;
  return {
    GET: ({ deps }) => {
      const entry = deps.journal.get(id);
      return entry === undefined
        ? errorResponse(404, 'request_not_found')
        : jsonResponse(200, entry);
    },
  };
}
