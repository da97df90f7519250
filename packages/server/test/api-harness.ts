// Runs the same HTTP-level suites in-process (msw `setupServer` + global fetch) and over
// real HTTP (node:http on 127.0.0.1, port 0, called by a node:http client).
import { Agent } from 'node:http';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { expectSpecAnswer } from '../../schema/test/spec-objects';
import {
  createReferenceServer,
  type ListeningServer,
  type ReferenceServer,
  type ReferenceServerOptions,
} from '../src/index';
import { keepAliveRequest, type Outgoing } from './keep-alive-client';

/** The two transports every API suite runs over. */
export const TRANSPORTS = ['msw', 'http'] as const;
/** One transport. */
export type Transport = (typeof TRANSPORTS)[number];

/**
 * The msw transport's base URL: plain http, because on https msw hands fetch a mocked TLS
 * socket per request (a new TLS context each time: a tenth of these suites' CPU), which
 * tells nothing about the server. The default https base under msw has its own tests
 * (reference-server, msw-handlers, setup-msw-server, and the SDK's).
 */
const MSW_BASE_URL = 'http://api.ref.test/v1';

/** A parsed reply. */
export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON, or undefined when the body is empty or not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: test assertions navigate arbitrary JSON
  readonly body: any;
  readonly text: string;
}

/** Options of one request. */
interface RequestOptions {
  readonly key?: string;
  readonly body?: unknown;
  /** Sent verbatim instead of `body`. */
  readonly rawBody?: string;
  readonly idempotencyKey?: string;
  readonly headers?: Record<string, string>;
}

/** A running server plus helpers to call it. */
export interface Api {
  readonly server: ReferenceServer;
  /** API base URL (ends in /v1). */
  readonly base: string;
  /** Origin (admin API lives at `${origin}/__admin`). */
  readonly origin: string;
  call(method: string, path: string, options?: RequestOptions): Promise<Reply>;
  admin(method: string, path: string, body?: unknown): Promise<Reply>;
  /** A request to `${origin}${path}`: the admin API or a space, with any headers and body. */
  at(method: string, path: string, options?: RequestOptions): Promise<Reply>;
}

function reply(status: number, headers: Headers, text: string): Reply {
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status, headers, body, text };
}

async function fetchReply(url: string, { method, headers, body }: Outgoing): Promise<Reply> {
  const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
  return reply(response.status, response.headers, await response.text());
}

async function httpReply(url: string, agent: Agent, outgoing: Outgoing): Promise<Reply> {
  const { status, headers, text } = await keepAliveRequest(url, agent, outgoing);
  return reply(status, headers, text);
}

/**
 * Registers beforeAll/afterAll hooks that start a server for `transport`; the returned
 * object is usable inside tests.
 */
export function useApi(transport: Transport, options: ReferenceServerOptions): Api {
  const state: { server?: ReferenceServer; base?: string; origin?: string } = {};
  let listening: ListeningServer | undefined;
  let msw: ReturnType<typeof setupServer> | undefined;
  const agent = new Agent({ keepAlive: true });

  beforeAll(async () => {
    const server = createReferenceServer({
      adminToken: 'test-admin-token',
      ...(transport === 'msw' ? { baseUrl: MSW_BASE_URL } : {}),
      ...options,
    });
    await server.ready;
    state.server = server;
    if (transport === 'msw') {
      msw = setupServer(...server.handlers);
      msw.listen({ onUnhandledFrame: 'error' });
      state.base = server.baseUrl;
    } else {
      listening = await server.listen({ port: 0, host: '127.0.0.1' });
      state.base = listening.baseUrl;
    }
    state.origin = new URL(state.base).origin;
  });
  afterAll(async () => {
    msw?.close();
    agent.destroy();
    await listening?.close();
  });

  const send = async (
    url: string,
    method: string,
    token: string | undefined,
    options: RequestOptions,
  ) => {
    const headers: Record<string, string> = { ...options.headers };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
    let body: string | undefined = options.rawBody;
    if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const outgoing = { method, headers, body };
    const answer = await (transport === 'msw'
      ? fetchReply(url, outgoing)
      : httpReply(url, agent, outgoing));
    // Every suite's every answer: only the objects account-api.md lists, with their fields.
    expectSpecAnswer(method, url, answer.status, answer.text);
    return answer;
  };

  return {
    get server() {
      return state.server as ReferenceServer;
    },
    get base() {
      return state.base as string;
    },
    get origin() {
      return state.origin as string;
    },
    call: (method, path, options = {}) =>
      send(`${state.base}${path}`, method, options.key, options),
    admin: (method, path, body) =>
      send(
        `${state.origin}/__admin${path}`,
        method,
        'test-admin-token',
        body === undefined ? {} : { body },
      ),
    at: (method, path, options = {}) =>
      send(`${state.origin}${path}`, method, options.key, options),
  };
}
