import { DomainError } from '../../domain/errors';
import type { StoredResponse } from '../../domain/idempotency';
import type { ApiResponse } from '../api-request';

/** The stored form of a refusal (what an idempotency claim keeps). */
export function errorResult(error: DomainError): StoredResponse {
  return { status: error.status, body: error.toBody(), headers: error.headers };
}

/** Answers a `DomainError` with the headers so far; rethrows anything else (a 500). */
export function refusal(error: unknown, headers: Record<string, string>): ApiResponse {
  if (error instanceof DomainError) return toResponse(errorResult(error), headers);
  throw error;
}

/** Writes an operation's result (or a refusal) onto the headers gathered so far. */
export function toResponse(result: StoredResponse, headers: Record<string, string>): ApiResponse {
  if (result.headers !== undefined) {
    for (const name in result.headers) headers[name.toLowerCase()] = result.headers[name] as string;
  }
  if (result.text !== undefined) {
    headers['content-type'] ??= 'text/plain; charset=utf-8';
    return { status: result.status, headers, body: result.text };
  }
  if (result.body === undefined) return { status: result.status, headers, body: '' };
  headers['content-type'] = 'application/json';
  return { status: result.status, headers, body: JSON.stringify(result.body) };
}
