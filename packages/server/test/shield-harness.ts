// Shared set-up of the Shield integration suites: one scenario covering the ownership and
// subscription matrix, a client that runs in-process or over node:http, and a scan of
// every Shield response for provider-ish fields.
import { setupServer } from 'msw/node';
import { expect } from 'vitest';
import type { z } from 'zod';
import { expectSpecAnswer } from '../../schema/test/spec-objects';
import { createReferenceServer, type ListeningServer, type ReferenceServer } from '../src/index';
import { scenario } from '../src/testing/scenario-builder';

/** Start of the (frozen) server clock in every Shield suite. */
export const T0 = '2026-01-01T00:00:00.000Z';

/** Service refs of the scenario, by role. */
export const SVC = {
  /** Active KVM of account A (Shield active). */
  own: 'REF-SVC-A1',
  /** Suspended KVM of account A. */
  suspended: 'REF-SVC-A2',
  /** A dedicated server of account A: not a KVM. */
  dedicated: 'REF-SVC-A3',
  /** A reseller storefront KVM of account A. */
  reseller: 'REF-SVC-A4',
  /** A second active KVM of account A. */
  second: 'REF-SVC-A5',
  /** KVM of account B, which has no Advanced subscription. */
  noShield: 'REF-SVC-B1',
  /** KVM of account C, whose subscription is in grace for 7 days. */
  grace: 'REF-SVC-C1',
  /** KVM of account D, whose Shield mutations are blocked. */
  blocked: 'REF-SVC-D1',
  /** Never existed. */
  missing: 'REF-SVC-FFFF',
} as const;

/** API keys of the scenario. */
export const KEY = {
  a: 'refak_shield_a_full',
  aRead: 'refak_shield_a_read',
  aNoShield: 'refak_shield_a_noshield',
  b: 'refak_shield_b_full',
  c: 'refak_shield_c_full',
  d: 'refak_shield_d_full',
} as const;

/** The primary IP of {@link SVC.own}. */
export const OWN_IP = '203.0.113.10';
/** When account C's grace period ends. */
const GRACE_ENDS = '2026-01-08T00:00:00.000Z';
/** Why account D's mutations are blocked. */
export const BLOCK_REASON = 'payment_overdue';

/** The scenario every Shield suite starts from. */
export function shieldScenario() {
  return scenario()
    .now(T0, { frozen: true })
    .account()
    .withShield('active')
    .withKvm({ serviceRef: SVC.own, ip: OWN_IP })
    .withKvm({ serviceRef: SVC.suspended, ip: '203.0.113.11', status: 'suspended' })
    .withService({ service_ref: SVC.dedicated, type: 'dedicated', primary_ip: '203.0.113.20' })
    .withKvm({ serviceRef: SVC.reseller, ip: '203.0.113.21', reseller: true })
    .withKvm({ serviceRef: SVC.second, ip: '203.0.113.12' })
    .key(['*'], { token: KEY.a })
    .key(['shield:read'], { token: KEY.aRead })
    .key(['services:read'], { token: KEY.aNoShield })
    .account()
    .withKvm({ serviceRef: SVC.noShield, ip: '198.51.100.10' })
    .key(['*'], { token: KEY.b })
    .account()
    .withShield({ status: 'grace', grace_ends_at: GRACE_ENDS })
    .withKvm({ serviceRef: SVC.grace, ip: '198.51.100.20' })
    .key(['*'], { token: KEY.c })
    .account()
    .withShield({
      status: 'active',
      mutations_blocked: true,
      mutation_blocked_reason: BLOCK_REASON,
    })
    .withKvm({ serviceRef: SVC.blocked, ip: '198.51.100.30' })
    .key(['*'], { token: KEY.d })
    .build();
}

/** A valid custom rule body. */
export const INTENT = {
  name: 'drop dns floods',
  mode: 'enforce',
  action: 'drop',
  risk: 'medium',
  protocol: 'udp',
  destination_port: 53,
} as const;

/** One answer, with the body parsed when it is JSON. */
export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
  readonly body: any;
}

/** Options of one API call. */
export interface CallOptions {
  readonly key?: string | null;
  readonly body?: unknown;
  /** `Idempotency-Key`; mutations get a fresh one unless given (null: none). */
  readonly idem?: string | null;
  readonly headers?: Record<string, string>;
}

/**
 * How the suite reaches the server: `in-process` through the server's bound fetch, `msw`
 * through its handlers under msw's `setupServer`, `http` over node:http on 127.0.0.1.
 */
export type Transport = 'in-process' | 'msw' | 'http';

// Keys (not values) a Shield answer must never carry: provider placement and secrets.
const PROVIDER_KEY =
  /provider|interface|iface|remote|router|placement|credential|secret|password|token|payload|api_key/i;

/** Every object key in `value` (recursively) that looks like a provider field. */
export function providerKeysIn(value: unknown, path = '$'): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, i) => providerKeysIn(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(PROVIDER_KEY.test(key) ? [`${path}.${key}`] : []),
    ...providerKeysIn(inner, `${path}.${key}`),
  ]);
}

let idemCounter = 0;

/** A running reference server with a client for its API and admin plane. */
export class ShieldWorld {
  private constructor(
    readonly server: ReferenceServer,
    readonly transport: Transport,
    private readonly listening: ListeningServer | undefined,
    private readonly msw: ReturnType<typeof setupServer> | undefined,
    /** Unexpected exceptions the server reported (instead of printing them). */
    readonly errors: unknown[],
  ) {}

  /** Starts a server on a scenario (default: the Shield scenario), reachable the given way. */
  static async start(
    transport: Transport = 'in-process',
    document: unknown = shieldScenario(),
  ): Promise<ShieldWorld> {
    const errors: unknown[] = [];
    const server = createReferenceServer({
      scenario: document,
      adminToken: 'adm_shield',
      onError: (error) => errors.push(error),
    });
    await server.ready;
    const listening =
      transport === 'http' ? await server.listen({ port: 0, host: '127.0.0.1' }) : undefined;
    const msw = transport === 'msw' ? setupServer(...server.handlers) : undefined;
    msw?.listen({ onUnhandledFrame: 'error' });
    return new ShieldWorld(server, transport, listening, msw, errors);
  }

  /** Stops the listener or the msw interception, if any. */
  async stop(): Promise<void> {
    this.msw?.close();
    await this.listening?.close();
  }

  private get origin(): string {
    return this.listening?.url ?? new URL(this.server.baseUrl).origin;
  }

  private send(url: string, init: RequestInit): Promise<Response> {
    return this.transport === 'in-process' ? this.server.fetch(url, init) : fetch(url, init);
  }

  /** Calls `/v1<path>`; every Shield answer is scanned for provider-ish fields. */
  async call(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? KEY.a : options.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    const mutation = method !== 'GET';
    const idem = options.idem === undefined && mutation ? `t-${++idemCounter}` : options.idem;
    if (idem !== null && idem !== undefined) headers['idempotency-key'] = idem;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.send(`${this.origin}/v1${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    const json = response.headers.get('content-type')?.startsWith('application/json');
    const reply: Reply = {
      status: response.status,
      headers: response.headers,
      text,
      body: json && text !== '' ? JSON.parse(text) : undefined,
    };
    // Only the objects account-api.md lists, with their fields (rules carry no intent).
    expectSpecAnswer(method, `${this.origin}/v1${path}`, reply.status, text);
    if (path.includes('/shield')) {
      expect(providerKeysIn(reply.body), `${method} ${path}`).toEqual([]);
      // The only 5xx a Shield endpoint may answer is the spec's 503 (paused or unavailable).
      const paused =
        response.status === 503 &&
        ['shield_paused', 'shield_unavailable'].includes(reply.body?.error);
      if (!paused) expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(500);
    }
    return reply;
  }

  /** Calls the admin API (over HTTP when the suite runs over HTTP). */
  async admin(method: string, path: string, body?: unknown): Promise<Reply> {
    const init: RequestInit = {
      method,
      headers: { authorization: 'Bearer adm_shield', 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    };
    const response = await this.send(`${this.origin}/__admin${path}`, init);
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: text ? JSON.parse(text) : undefined,
    };
  }

  /** Moves the server clock forward. */
  async advance(seconds: number): Promise<void> {
    expect((await this.admin('POST', '/clock', { advance_seconds: seconds })).status).toBe(200);
  }

  /** Back to the scenario (clock, rate limits, faults, pause and Shield state included). */
  async reset(): Promise<void> {
    expect((await this.admin('POST', '/reset')).status).toBe(204);
  }
}

/** `/services/<ref>/shield<rest>`. */
export const shieldPath = (serviceRef: string, rest = '') =>
  `/services/${serviceRef}/shield${rest}`;

/** Asserts a success status and that the body matches the contract schema exactly. */
export function expectBody<S extends z.ZodType>(
  reply: Reply,
  status: number,
  schema: S,
): z.output<S> {
  expect(reply.status, reply.text).toBe(status);
  const parsed = schema.safeParse(reply.body);
  expect(parsed.error?.issues ?? [], reply.text).toEqual([]);
  return parsed.data as z.output<S>;
}

/** Asserts an error answer `{error}` (plus `status` when given). */
export function expectError(
  reply: Reply,
  status: number,
  error: string,
  conflictStatus?: string,
): void {
  expect({ status: reply.status, body: reply.body }).toEqual({
    status,
    body: conflictStatus === undefined ? { error } : { error, status: conflictStatus },
  });
}

/** Creates a custom rule on {@link SVC.own} and returns its id. */
export async function createRule(
  world: ShieldWorld,
  patch: Record<string, unknown> = {},
): Promise<string> {
  const reply = await world.call('POST', shieldPath(SVC.own, '/rules'), {
    body: { ...INTENT, ...patch },
  });
  expect(reply.status, reply.text).toBe(202);
  return reply.body.rule.id as string;
}

/** The rules of a service, by id. */
/**
 * The server's own record of a rule, from the admin API: the intent it was created with
 * (name, mode, action, match), which no `/v1` answer carries.
 */
export async function storedRule(world: ShieldWorld, id: string): Promise<Record<string, unknown>> {
  const reply = await world.admin('GET', '/state');
  expect(reply.status, reply.text).toBe(200);
  const rules = reply.body.extensions.shield.rules as { id: string }[];
  const rule = rules.find((candidate) => candidate.id === id);
  expect(rule, `rule ${id} in the admin state`).toBeDefined();
  return rule as Record<string, unknown>;
}

export async function rulesById(world: ShieldWorld, serviceRef: string = SVC.own) {
  const reply = await world.call('GET', shieldPath(serviceRef, '/rules'));
  expect(reply.status, reply.text).toBe(200);
  return new Map<string, { id: string; state: string; kind: string; [k: string]: unknown }>(
    reply.body.rules.map((rule: { id: string; state: string; kind: string }) => [rule.id, rule]),
  );
}
