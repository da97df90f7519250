// Hardening of request input (issue #12): a body must be declared JSON in UTF-8, integer
// query values are plain digits and appear once, free-text fields carry no control characters.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { buildPath, operationList } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import type { RequestEntry } from '../src/index';
import { TRANSPORTS, useApi } from './api-harness';
import { apiScenario, KEY, SVC } from './api-scenario';

const ORDER = JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' });

describe.each(TRANSPORTS)('input rules over %s', (transport) => {
  const api = useApi(transport, { scenario: apiScenario() });
  const orderCount = async () =>
    (await api.call('GET', '/orders', { key: KEY.full })).body.orders.length as number;

  describe('Content-Type', () => {
    it.each([
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/merge-patch+json',
    ])('refuses a body sent as %s with 400, buying nothing', async (type) => {
      const before = await orderCount();
      const res = await api.call('POST', '/orders', {
        key: KEY.full,
        idempotencyKey: `ct-${type.length}`,
        rawBody: ORDER,
        headers: { 'content-type': type },
      });
      expect([res.status, res.body]).toEqual([400, { error: 'invalid_content_type' }]);
      expect(await orderCount()).toBe(before);
    });

    it('refuses a body without any Content-Type', async () => {
      const before = await orderCount();
      // A byte body makes fetch send no Content-Type at all (a string would be text/plain).
      const res = await fetch(`${api.base}/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY.full}`, 'idempotency-key': 'ct-none' },
        body: new TextEncoder().encode(ORDER),
      });
      expect(res.headers.get('content-type')).toBe('application/json');
      expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_content_type' }]);
      expect(await orderCount()).toBe(before);
    });

    it('takes application/json with parameters, and needs none for a request without a body', async () => {
      const res = await api.call('POST', '/orders', {
        key: KEY.full,
        idempotencyKey: 'ct-charset',
        rawBody: ORDER,
        headers: { 'content-type': 'Application/JSON; charset=utf-8' },
      });
      expect(res.status).toBe(200);
      const renew = await fetch(`${api.base}/services/${SVC.kvm}/auto-renew`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${KEY.full}` },
      });
      // No body and no Content-Type: judged by the body schema, not the media type.
      expect([renew.status, await renew.json()]).toEqual([400, { error: 'invalid_body' }]);
    });

    it('applies to the admin API too', async () => {
      const res = await fetch(`${api.origin}/__admin/clock`, {
        method: 'POST',
        headers: { authorization: 'Bearer test-admin-token', 'content-type': 'text/plain' },
        body: JSON.stringify({ advance_seconds: 60 }),
      });
      expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_content_type' }]);
      const clock = await api.admin('POST', '/clock', {});
      expect(clock.body.now).toBe('2026-01-01T00:00:00.000Z');
    });
  });

  describe('Content-Encoding', () => {
    // A valid body of each operation that takes one: sent plain, each is taken.
    const BODIES: Readonly<Record<string, string>> = {
      createOrder: ORDER,
      setServiceAutoRenew: '{"enabled":true}',
      powerService: '{"action":"reboot"}',
      createShieldRule:
        '{"name":"drop dns","mode":"enforce","action":"drop","risk":"medium","protocol":"udp","destination_port":53}',
    };
    const withBody = operationList.filter((op) => op.body !== undefined);
    const CODINGS: Readonly<Record<string, (text: string) => Uint8Array<ArrayBuffer>>> = {
      gzip: (text) => new Uint8Array(gzipSync(text)),
      br: (text) => new Uint8Array(brotliCompressSync(text)),
      deflate: (text) => new Uint8Array(deflateSync(text)),
      'identity, GZIP': (text) => new Uint8Array(gzipSync(text)),
    };
    const send = async (
      path: string,
      body: Uint8Array<ArrayBuffer>,
      encoding: string,
      token: string = KEY.full,
    ) => {
      const res = await fetch(`${api.origin}${path}`, {
        method: path.endsWith('/auto-renew') ? 'PUT' : 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-encoding': encoding,
          'idempotency-key': crypto.randomUUID(),
        },
        body,
      });
      return [res.status, await res.text()] as const;
    };
    /** The whole state but its running clock: a refused request leaves it as it was. */
    const state = async () => {
      const { now: _, ...rest } = (await api.admin('GET', '/state')).body;
      return rest;
    };
    const refused = [400, '{"error":"invalid_header: Content-Encoding"}'] as const;

    it('has a body for every operation that takes one', () => {
      expect(Object.keys(BODIES).sort()).toEqual(withBody.map((op) => op.operationId).sort());
    });

    it.each(
      withBody.flatMap((op) =>
        Object.entries(CODINGS).map(
          ([coding, encode]) => [op.operationId, coding, op, encode] as const,
        ),
      ),
    )(
      '%s: refuses a body sent with Content-Encoding %s, encoded or not, changing nothing',
      async (operationId, coding, op, encode) => {
        const path = `/v1${buildPath(op, { service_ref: SVC.kvm })}`;
        const text = BODIES[operationId] as string;
        const before = await state();
        // Compressed, it was answered invalid_json; sent plain under the header, it was taken.
        expect(await send(path, encode(text), coding)).toEqual(refused);
        expect(await send(path, new TextEncoder().encode(text), coding)).toEqual(refused);
        expect(await state()).toEqual(before);
      },
    );

    it('takes a body sent with Content-Encoding identity as one sent without it', async () => {
      const before = await orderCount();
      const [status] = await send('/v1/orders', new TextEncoder().encode(ORDER), 'identity');
      expect(status).toBe(200);
      expect(await orderCount()).toBe(before + 1);
    });

    it('applies to the admin API too', async () => {
      const body = JSON.stringify({ advance_seconds: 60 });
      const token = 'test-admin-token';
      expect(await send('/__admin/clock', new Uint8Array(gzipSync(body)), 'gzip', token)).toEqual(
        refused,
      );
      expect(await send('/__admin/clock', new TextEncoder().encode(body), 'br', token)).toEqual(
        refused,
      );
      const clock = await api.admin('POST', '/clock', {});
      expect(clock.body.now).toBe('2026-01-01T00:00:00.000Z');
    });
  });

  describe('integer query values', () => {
    it.each(['0x10', '1e1', '+5', '%205', '5%20', '1.0', '-1', '', '9'.repeat(20)])(
      'refuses limit=%s with invalid_query: limit',
      async (value) => {
        const res = await api.call('GET', `/invoices?limit=${value}`, { key: KEY.full });
        expect([res.status, res.body]).toEqual([400, { error: 'invalid_query: limit' }]);
      },
    );

    it('refuses a repeated known parameter, and ignores repeated unknown ones', async () => {
      const twice = await api.call('GET', '/invoices?limit=5&limit=6', { key: KEY.full });
      expect([twice.status, twice.body]).toEqual([400, { error: 'invalid_query: limit' }]);
      const plans = await api.call('GET', '/plans?type=kvm&type=kvm', { key: KEY.full });
      expect([plans.status, plans.body]).toEqual([400, { error: 'invalid_query: type' }]);
      const unknown = await api.call('GET', '/invoices?limit=5&x=1&x=2', { key: KEY.full });
      expect([unknown.status, unknown.body.pagination.limit]).toEqual([200, 5]);
    });

    it('takes plain digits, leading zeros included', async () => {
      const res = await api.call('GET', '/invoices?limit=007', { key: KEY.full });
      expect([res.status, res.body.pagination.limit]).toEqual([200, 7]);
    });
  });

  describe('free text in order fields', () => {
    it.each([
      ['plan_code', { plan_code: 'kvm-s\u0000' }],
      ['os_name', { os_name: 'debian\u001b[2J' }],
      ['os_name', { os_name: 'debian\u0085' }],
      ['quote_version', { quote_version: 'v1\u202E' }],
      ['quote_version', { quote_version: 'v1\uD800' }],
    ])('refuses control characters in %s, buying nothing', async (field, patch) => {
      const before = await orderCount();
      const res = await api.call('POST', '/orders', {
        key: KEY.full,
        idempotencyKey: `ft-${field}-${JSON.stringify(patch).length}`,
        body: { type: 'kvm', plan_code: 'kvm-s', ...patch },
      });
      expect([res.status, res.body]).toEqual([400, { error: `invalid_body: ${field}` }]);
      expect(await orderCount()).toBe(before);
    });
  });
});

/** The bytes of `parts`: text as UTF-8, number arrays as they are (e.g. bytes no UTF-8 holds). */
function bytes(...parts: (string | number[])[]): Uint8Array<ArrayBuffer> {
  const pieces = parts.map((part) =>
    typeof part === 'string' ? new TextEncoder().encode(part) : Uint8Array.from(part),
  );
  const all = new Uint8Array(pieces.reduce((size, piece) => size + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    all.set(piece, at);
    at += piece.length;
  }
  return all;
}

/** Not UTF-8: a byte no UTF-8 text holds, then a lead byte without its continuation. */
const NOT_UTF8 = [0xff, 0xc3];

/** A Shield rule whose name holds bytes that are not UTF-8: read leniently, it was taken. */
const RULE_NOT_UTF8 = bytes(
  '{"name":"drop ',
  NOT_UTF8,
  ' dns","mode":"enforce","action":"drop","risk":"medium","protocol":"udp","destination_port":53}',
);

// A body of each operation that takes one, valid JSON but for bytes that are not UTF-8 in
// one of its strings: read leniently, each would be read with U+FFFD in place of them.
const NOT_UTF8_BODIES: Readonly<Record<string, Uint8Array<ArrayBuffer>>> = {
  createOrder: bytes('{"type":"kvm","plan_code":"kvm-s","os_name":"debian', NOT_UTF8, '"}'),
  setServiceAutoRenew: bytes('{"enabled":true,"', NOT_UTF8, '":1}'),
  powerService: bytes('{"action":"st', NOT_UTF8, 'art"}'),
  createShieldRule: RULE_NOT_UTF8,
};

describe.each(TRANSPORTS)('UTF-8 request bodies over %s', (transport) => {
  const api = useApi(transport, { scenario: apiScenario() });
  const RULES = `/services/${SVC.kvm}/shield/rules`;

  /** POSTs (or `method`s) raw bytes as JSON to `path` from the origin, with `token`. */
  const send = async (
    path: string,
    body: Uint8Array<ArrayBuffer>,
    { method = 'POST', token = KEY.full }: { method?: string; token?: string } = {},
  ) => {
    const res = await fetch(`${api.origin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body,
    });
    const headers = Object.fromEntries(res.headers);
    const id = headers['request-id'];
    // Drawn anew for every request, or counting down: all else must be the same answer.
    delete headers['request-id'];
    delete headers['ratelimit-remaining'];
    return { id, answer: [res.status, await res.text(), headers] as const };
  };
  const journal = async () => {
    const res = await api.admin('GET', '/requests');
    expect(res.status).toBe(200);
    return res.body.requests as RequestEntry[];
  };
  const ruleNames = async () => {
    const state = await api.admin('GET', '/state');
    // No `extensions.shield` until a rule exists.
    const rules: { name: string }[] = state.body.extensions?.shield?.rules ?? [];
    return rules.map((rule) => rule.name);
  };

  const withBody = operationList.filter((op) => op.body !== undefined);
  it('has a body that is not UTF-8 for every operation that takes a body', () => {
    expect(Object.keys(NOT_UTF8_BODIES).sort()).toEqual(
      withBody.map((op) => op.operationId).sort(),
    );
  });

  it.each(withBody.map((op) => [op.operationId, op] as const))(
    '%s: answers a body that is not UTF-8 exactly as malformed JSON, headers and all',
    async (operationId, op) => {
      const path = `/v1${buildPath(op, { service_ref: SVC.kvm })}`;
      const malformed = await send(path, bytes('{'), { method: op.method });
      expect(malformed.answer.slice(0, 2)).toEqual([400, '{"error":"invalid_json"}']);
      const notUtf8 = NOT_UTF8_BODIES[operationId] as Uint8Array<ArrayBuffer>;
      expect((await send(path, notUtf8, { method: op.method })).answer).toEqual(malformed.answer);
    },
  );

  it('stores no Shield rule whose name arrived as bytes that are not UTF-8', async () => {
    const before = await ruleNames();
    const { answer } = await send(`/v1${RULES}`, RULE_NOT_UTF8);
    expect(answer.slice(0, 2)).toEqual([400, '{"error":"invalid_json"}']);
    expect(await ruleNames()).toEqual(before);
    // A name whose non-ASCII characters are UTF-8 (ÿ is C3 BF, à C3 A0) is stored as sent.
    const name = 'drop ÿà dns';
    const created = await api.call('POST', RULES, {
      key: KEY.full,
      idempotencyKey: crypto.randomUUID(),
      body: { ...JSON.parse(new TextDecoder().decode(RULE_NOT_UTF8)), name },
    });
    expect(created.status, created.text).toBe(202);
    expect(await ruleNames()).toEqual([...before, name]);
  });

  it('refuses an admin body that is not UTF-8 as it refuses malformed JSON', async () => {
    const admin = { token: 'test-admin-token' };
    const path = '/__admin/fail-next';
    const malformed = await send(path, bytes('{'), admin);
    expect(malformed.answer.slice(0, 2)).toEqual([400, '{"error":"invalid_json"}']);
    const failure = bytes(
      '{"operation_id":"getAccount","status":503,"error":"busy',
      NOT_UTF8,
      '"}',
    );
    expect((await send(path, failure, admin)).answer).toEqual(malformed.answer);
    // Nothing was queued: the next getAccount is answered as usual.
    const me = await api.call('GET', '/me', { key: KEY.full });
    expect([me.status, me.text]).toEqual([200, expect.stringContaining('"account_ref"')]);
  });

  it('journals such a request as it journals malformed JSON, showing U+FFFD for the bytes', async () => {
    const malformed = await send(`/v1${RULES}`, bytes('{'));
    const notUtf8 = await send(`/v1${RULES}`, RULE_NOT_UTF8);
    const entries = await journal();
    const entryOf = (id: string | undefined) => entries.find((entry) => entry.id === id);
    const bad = entryOf(notUtf8.id) as RequestEntry;
    const shape = (entry: RequestEntry | undefined) => {
      const { request, response } = entry as RequestEntry;
      const { 'content-length': _, 'idempotency-key': __, ...sent } = request.headers;
      const { 'request-id': ___, 'ratelimit-remaining': ____, ...answered } = response.headers;
      return {
        ...entry,
        id: '',
        time: '',
        duration_ms: 0,
        idempotency_key: '',
        request: { ...request, headers: sent, body: '' },
        response: { ...response, headers: answered },
      };
    };
    expect(shape(bad)).toEqual(shape(entryOf(malformed.id)));
    expect([bad.status, bad.operation, bad.response.body]).toEqual([
      400,
      'createShieldRule',
      '{"error":"invalid_json"}',
    ]);
    expect(bad.request.body).toBe(
      '{"name":"drop \uFFFD\uFFFD dns","mode":"enforce","action":"drop","risk":"medium","protocol":"udp","destination_port":53}',
    );
  });

  it('journals a long body that is not UTF-8, cut at 16 KiB between characters', async () => {
    // The journal keeps 16,384 bytes; re-encoded, the U+FFFD of the 0xFF byte spans that cut.
    const head = `{"name":"${'x'.repeat(16_383 - 9)}`;
    const { id, answer } = await send(`/v1${RULES}`, bytes(head, [0xff], `${'x'.repeat(8_000)}"}`));
    expect(answer.slice(0, 2)).toEqual([400, '{"error":"invalid_json"}']);
    const entry = (await journal()).find((candidate) => candidate.id === id);
    expect([entry?.request.body, entry?.request.body_truncated]).toEqual([head, true]);
  });

  it('refuses a body that starts with a byte order mark, as node:http always did', async () => {
    const bom = [0xef, 0xbb, 0xbf];
    const orders = async () =>
      (await api.call('GET', '/orders', { key: KEY.full })).body.orders.length as number;
    const before = await orders();
    const malformed = await send('/v1/orders', bytes('{'));
    const order = await send('/v1/orders', bytes(bom, '{"type":"kvm","plan_code":"kvm-s"}'));
    expect(order.answer).toEqual(malformed.answer);
    expect(await orders()).toBe(before);
    const admin = { token: 'test-admin-token' };
    const clock = await send('/__admin/clock', bytes(bom, '{"advance_seconds":60}'), admin);
    expect(clock.answer).toEqual((await send('/__admin/clock', bytes('{'), admin)).answer);
    expect((await api.admin('GET', '/clock')).body.now).toBe('2026-01-01T00:00:00.000Z');
  });

  it('takes multi-byte UTF-8 in any script as sent', async () => {
    const name = 'Bloquer l’UDP 🛡️ ブロック';
    const { answer } = await send(
      `/v1${RULES}`,
      bytes(
        JSON.stringify({ name, mode: 'observe', action: 'drop', risk: 'low', protocol: 'udp' }),
      ),
    );
    expect(answer[0]).toBe(202);
    expect(await ruleNames()).toContain(name);
  });

  it('does not read a body an operation does not take, whether malformed or not UTF-8', async () => {
    const path = `/v1${RULES}/00000000-0000-4000-8000-000000000001`;
    const malformed = await send(path, bytes('{'), { method: 'DELETE' });
    expect(malformed.answer.slice(0, 2)).toEqual([404, '{"error":"shield_rule_not_found"}']);
    expect((await send(path, bytes(NOT_UTF8), { method: 'DELETE' })).answer).toEqual(
      malformed.answer,
    );
  });
});
