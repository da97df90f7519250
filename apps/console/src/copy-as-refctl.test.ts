import { describe, expect, it } from 'vitest';
import { entry } from '../test/entry';
import { toRefctl } from './copy-as-refctl';

const ORIGIN = 'http://127.0.0.1:4010';

describe('toRefctl', () => {
  it('maps an order to refctl orders create with the same key', () => {
    const order = entry({
      operation: 'createOrder',
      method: 'POST',
      path: '/v1/orders',
      idempotency_key: 'key-1',
      request: {
        headers: { 'content-type': 'application/json', 'idempotency-key': 'key-1' },
        body: `{"type":"kvm","plan_code":"kvm-s","period_ref":"REF-PERIOD-1","note":"it's"}`,
        body_truncated: false,
      },
    });
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

  it('points --base-url at the space that answered a space’s request', () => {
    const traffic = entry({
      space_id: 'sp_x',
      operation: 'getShieldTraffic',
      path: '/spaces/sp_x/v1/services/REF-SVC-101/shield/traffic',
      query: 'window_hours=24',
    });
    expect(toRefctl(traffic, ORIGIN)).toBe(
      `refctl shield traffic 'REF-SVC-101' --window '24h' --base-url 'http://127.0.0.1:4010/spaces/sp_x/v1'`,
    );
  });

  it('has nothing for requests no operation answered', () => {
    expect(toRefctl(entry({ operation: null, path: '/v1/nope' }), ORIGIN)).toBeUndefined();
  });

  it('maps a custom rule to shield rules add, one flag per body field', () => {
    const rule = entry({
      operation: 'createShieldRule',
      method: 'POST',
      path: '/v1/services/REF-SVC-101/shield/rules',
      idempotency_key: 'k-1',
      request: {
        headers: {},
        body: '{"name":"dns","mode":"enforce","action":"drop","risk":"high","protocol":"udp","destination_port":53,"explicit_broad_ack":true}',
        body_truncated: false,
      },
    });
    expect(toRefctl(rule, ORIGIN)).toBe(
      `refctl shield rules add 'REF-SVC-101' --name 'dns' --mode 'enforce' --action 'drop' --risk 'high' --protocol 'udp' --destination-port '53' --explicit-broad-ack --idempotency-key 'k-1' --base-url 'http://127.0.0.1:4010/v1'`,
    );
  });

  it('sends auto-renew off for {"enabled":false}', () => {
    const off = entry({
      operation: 'setServiceAutoRenew',
      method: 'PUT',
      path: '/v1/services/REF-SVC-101/auto-renew',
      request: { headers: {}, body: '{"enabled":false}', body_truncated: false },
    });
    expect(toRefctl(off, ORIGIN)).toBe(
      `refctl services auto-renew 'REF-SVC-101' 'off' --base-url 'http://127.0.0.1:4010/v1'`,
    );
  });

  it('maps an export to shield export with its dataset, format and window', () => {
    const exported = entry({
      operation: 'exportShieldTelemetry',
      path: '/v1/services/REF-SVC-101/shield/export',
      query: 'dataset=traffic&format=csv&window_hours=24',
    });
    expect(toRefctl(exported, ORIGIN)).toBe(
      `refctl shield export 'REF-SVC-101' --dataset 'traffic' --format 'csv' --window '24h' --base-url 'http://127.0.0.1:4010/v1'`,
    );
  });

  it('quotes path and body values for the shell, and puts option-like ones after --', () => {
    const power = entry({
      operation: 'powerService',
      method: 'POST',
      path: `/v1/services/${encodeURIComponent("--base-url=http://evil.test/v1'$(id)")}/power`,
      request: { headers: {}, body: '{"action":"`reboot`"}', body_truncated: false },
    });
    expect(toRefctl(power, ORIGIN)).toBe(
      `refctl services power --yes --base-url 'http://127.0.0.1:4010/v1' -- '--base-url=http://evil.test/v1'\\''$(id)' '\`reboot\`'`,
    );
  });

  it('has nothing, and does not throw, for a path that is not valid percent-encoding', () => {
    const malformed = entry({
      operation: 'powerService',
      method: 'POST',
      path: '/v1/services/%E0%A4%A/power',
    });
    expect(toRefctl(malformed, ORIGIN)).toBeUndefined();
  });
});
