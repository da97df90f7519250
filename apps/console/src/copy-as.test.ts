import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { entry } from '../test/entry';
import { shellQuote, toCurl, toRefctl, toSdkCall } from './copy-as';

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
      'idempotency-key': 'key-1',
    },
    body: `{"type":"kvm","plan_code":"kvm-s","period_ref":"REF-PERIOD-1","note":"it's"}`,
    body_truncated: false,
  },
});

describe('shellQuote', () => {
  it('survives a round trip through the shell, quotes and $ included', () => {
    const value = `it's $HOME "and" \\ \`x\``;
    const echoed = execFileSync('bash', ['-c', `printf %s ${shellQuote(value)}`], {
      encoding: 'utf8',
    });
    expect(echoed).toBe(value);
  });
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

  it('keeps the query string', () => {
    const list = entry({ operation: 'listInvoices', path: '/v1/invoices', query: 'limit=5' });
    expect(toCurl(list, ORIGIN)).toContain(`'http://127.0.0.1:4010/v1/invoices?limit=5'`);
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

  it('has nothing for requests no operation answered', () => {
    expect(toSdkCall(entry({ operation: null, path: '/v1/nope' }))).toBeUndefined();
  });
});

describe('toRefctl', () => {
  it('maps an order to refctl orders create with the same key', () => {
    expect(toRefctl(order, ORIGIN)).toBe(
      `refctl orders create --type 'kvm' --plan 'kvm-s' --period 'REF-PERIOD-1' --idempotency-key 'key-1' --yes --base-url 'http://127.0.0.1:4010/v1'`,
    );
  });

  it('maps traffic with its window and grouping', () => {
    const traffic = entry({
      operation: 'getShieldTraffic',
      path: '/v1/services/REF-SVC-101/shield/traffic',
      query: 'window_hours=24&group_by=protocol',
    });
    expect(toRefctl(traffic, ORIGIN)).toBe(
      `refctl shield traffic 'REF-SVC-101' --window '24h' --group-by 'protocol' --base-url 'http://127.0.0.1:4010/v1'`,
    );
  });

  it('has nothing for operations refctl has no command for', () => {
    const rule = entry({
      operation: 'createShieldRule',
      method: 'POST',
      path: '/v1/services/REF-SVC-101/shield/rules',
    });
    expect(toRefctl(rule, ORIGIN)).toBeUndefined();
  });
});
