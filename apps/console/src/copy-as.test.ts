import { describe, expect, it } from 'vitest';
import { entry } from '../test/entry';
import { toCurl, toSdkCall } from './copy-as';

const ORIGIN = 'http://127.0.0.1:4010';
const order = entry({
  operation: 'createOrder',
  method: 'POST',
  path: '/v1/orders',
  idempotency_key: 'key-1',
  request: {
    headers: {
      authorization: '[redacted]',
      'content-type': 'application/json',
      // As the journal shows it: the entry's idempotency_key holds it.
      'idempotency-key': '[redacted]',
    },
    body: `{"type":"kvm","plan_code":"kvm-s","period_ref":"REF-PERIOD-1","note":"it's"}`,
    body_truncated: false,
  },
});

/** An unauthenticated power call whose path is not valid percent-encoding (issue row 7). */
const malformed = entry({
  operation: 'powerService',
  method: 'POST',
  path: '/v1/services/%E0%A4%A/power',
  status: 401,
});

describe('toCurl', () => {
  it('repeats method, URL, body and idempotency key; the key comes from $REF_API_KEY', () => {
    const curl = toCurl(order, ORIGIN);
    expect(curl).toContain(`-X POST 'http://127.0.0.1:4010/v1/orders'`);
    expect(curl).toContain('-H "Authorization: Bearer $REF_API_KEY"');
    expect(curl).toContain(`-H 'idempotency-key: key-1'`);
    expect(curl).toContain(`--data-raw '{"type":"kvm","plan_code":"kvm-s"`);
    expect(curl).not.toContain('[redacted]');
  });

  it('sends a space’s request to that space', () => {
    const inSpace = { ...order, space_id: 'sp_x', path: '/spaces/sp_x/v1/orders' };
    expect(toCurl(inSpace, ORIGIN)).toContain(
      `-X POST 'http://127.0.0.1:4010/spaces/sp_x/v1/orders'`,
    );
  });

  it('keeps the query string', () => {
    const list = entry({ operation: 'listInvoices', path: '/v1/invoices', query: 'limit=5' });
    expect(toCurl(list, ORIGIN)).toContain(`'http://127.0.0.1:4010/v1/invoices?limit=5'`);
  });

  it('turns off URL globbing and dot-segment squashing (test/copy-as-curl.test.ts runs it)', () => {
    const curl = toCurl(entry({ path: '/v1/services/REF-SVC-{101,102}' }), ORIGIN);
    expect(curl).toMatch(/^curl -sS --globoff --path-as-is '/);
  });

  it('names the method when a GET carries a body (curl would send POST)', () => {
    const get = entry({ request: { headers: {}, body: '{}', body_truncated: false } });
    expect(toCurl(get, ORIGIN)).toContain(`-X GET '`);
    expect(toCurl(entry({ method: 'HEAD' }), ORIGIN)).toContain(' --head ');
  });

  it('replays a malformed path exactly as recorded', () => {
    expect(toCurl(malformed, ORIGIN)).toContain(
      `'http://127.0.0.1:4010/v1/services/%E0%A4%A/power'`,
    );
  });
});

describe('toSdkCall', () => {
  it('passes the body and the idempotency key', () => {
    expect(toSdkCall(order)).toBe(
      `const result = await client.orders.create({"type":"kvm","plan_code":"kvm-s","period_ref":"REF-PERIOD-1","note":"it's"}, { idempotencyKey: "key-1" });`,
    );
  });

  it('reads path parameters of Shield operations', () => {
    const rule = entry({
      operation: 'deleteShieldRule',
      method: 'DELETE',
      path: '/v1/services/REF-SVC-101/shield/rules/7c0e',
    });
    expect(toSdkCall(rule)).toBe(
      'const result = await client.shield("REF-SVC-101").rules.delete("7c0e");',
    );
  });

  it('passes {"enabled":false} of auto-renew as false', () => {
    const off = entry({
      operation: 'setServiceAutoRenew',
      method: 'PUT',
      path: '/v1/services/REF-SVC-101/auto-renew',
      request: { headers: {}, body: '{"enabled":false}', body_truncated: false },
    });
    expect(toSdkCall(off)).toBe(
      'const result = await client.services.setAutoRenew("REF-SVC-101", false);',
    );
  });

  it('applies a profile through shield(…).profiles', () => {
    const profile = entry({
      operation: 'applyShieldProfile',
      method: 'POST',
      path: '/v1/services/REF-SVC-101/shield/profiles/strict',
      idempotency_key: 'k-2',
    });
    expect(toSdkCall(profile)).toBe(
      'const result = await client.shield("REF-SVC-101").profiles.apply("strict", { idempotencyKey: "k-2" });',
    );
  });

  it('has nothing for requests no operation answered', () => {
    expect(toSdkCall(entry({ operation: null, path: '/v1/nope' }))).toBeUndefined();
  });

  it('has nothing, and does not throw, for a path that is not valid percent-encoding', () => {
    expect(toSdkCall(malformed)).toBeUndefined();
  });

  it('keeps a "__proto__" key of the body a key (an object literal would set the prototype)', () => {
    const body = '{"type":"kvm","__proto__":{"plan_code":"kvm-s"}}';
    const sdk = toSdkCall({ ...order, request: { ...order.request, body } })!;
    expect(sdk).toContain(`client.orders.create(JSON.parse(${JSON.stringify(body)}), {`);
    const argument = sdk.slice(sdk.indexOf('JSON.parse'), sdk.indexOf(', { idempotencyKey'));
    expect(Object.keys(new Function(`return ${argument}`)())).toEqual(['type', '__proto__']);
  });
});
