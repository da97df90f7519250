import type {
  ApiRequest,
  ApiResponse,
  HeaderValues,
  RequestHead,
  RequestMemo,
} from './api-request';
import { newRequestId } from './request-id';
import type { RouteMatch } from './route-table';

/** What reading a request's body gave: the text, or that it was past the limit or too slow. */
export interface BodyRead {
  readonly body?: string | undefined;
  readonly tooLarge: boolean;
  /** The bytes were not UTF-8 (`body` has U+FFFD in their place): see `api/body-text.ts`. */
  readonly notUtf8?: boolean;
  /** The body did not arrive within its deadline (node:http only). */
  readonly timedOut?: boolean;
  /** The body stopped before its end: refused by the parser, or its connection closed (node:http only). */
  readonly cutOff?: boolean;
}

/**
 * One request from its transport to its answer: what the transport read, the facts the
 * chain learns of it ({@link RequestMemo}), and how to read its body once a step has decided
 * how much may be read. Built once per request by the transport (`createRequestContext`).
 */
export interface RequestContext extends ApiRequest, RequestMemo {
  readonly id: string;
  /**
   * The path as the state answering it sees it: for a space's admin API
   * (`/spaces/{id}/__admin/…`) the space router drops `/spaces/{id}`; all else keeps it.
   */
  path: string;
  body: string | undefined;
  bodyTooLarge: boolean;
  bodyNotUtf8: boolean;
  route?: RouteMatch;
  /** Reads the body, at most `limit` bytes; absent when the request has no body to read. */
  readonly readBody?: ((limit: number) => Promise<BodyRead>) | undefined;
  /** The connection cannot carry another request (the body was cut off or timed out). */
  close?: boolean;
}

/**
 * One around-step of the request chain (`server/request-chain.ts`): answers the request
 * itself, or hands it on with `next` and may touch the answer on its way back.
 */
export type Step<C extends RequestContext = RequestContext> = (
  request: C,
  next: () => Promise<ApiResponse>,
) => Promise<ApiResponse> | ApiResponse;

/** What a transport knows of a request before the chain runs. */
export type TransportHead = Omit<RequestHead, 'headers' | 'route'> & {
  headers(): HeaderValues;
};

/**
 * The request context of a head (every context has the same fields, in the same order),
 * with a reader for its body, or `undefined` when it has none.
 */
export function createRequestContext(
  head: TransportHead,
  readBody: RequestContext['readBody'],
): RequestContext {
  return {
    method: head.method,
    path: head.path,
    search: head.search,
    header: head.header,
    headers: head.headers,
    sourceAddress: head.sourceAddress,
    origin: head.origin,
    id: newRequestId(),
    body: undefined,
    bodyTooLarge: false,
    bodyNotUtf8: false,
    readBody,
    close: false,
  };
}
