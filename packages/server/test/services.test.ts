import { operations } from '@refapi/schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { TRANSPORTS, useApi } from './api-harness';
import { apiScenario, KEY, SVC } from './api-scenario';

describe.each(TRANSPORTS)('services over %s', (transport) => {
  const api = useApi(transport, { scenario: apiScenario() });
  beforeEach(() => api.server.admin.reset());

  it('lists only primary services, newest first, with type and status filters', async () => {
    const all = await api.call('GET', '/services', { key: KEY.full });
    operations.listServices.success.schema.parse(all.body);
    const refs = all.body.services.map((s: { service_ref: string }) => s.service_ref);
    expect(refs).toEqual([SVC.expired, SVC.dedicated, SVC.cancelled, SVC.suspended, SVC.kvm]);
    expect(all.body.services[0]).not.toHaveProperty('reseller');
    expect(all.body.services[0]).not.toHaveProperty('account_ref');
    const kvms = await api.call('GET', '/services?type=kvm&status=active', { key: KEY.full });
    expect(kvms.body.services.map((s: { service_ref: string }) => s.service_ref)).toEqual([
      SVC.kvm,
    ]);
    const bad = await api.call('GET', '/services?type=KVM', { key: KEY.full });
    expect([bad.status, bad.body]).toEqual([400, { error: 'invalid_query: type' }]);
  });

  it('lists each service as it is now, after every change to it', async () => {
    const listed = async () =>
      (await api.call('GET', '/services?type=kvm&status=active', { key: KEY.full })).body
        .services[0];
    expect(await listed()).toMatchObject({ service_ref: SVC.kvm, auto_renew: false });
    for (const enabled of [true, false, true]) {
      await api.call('PUT', `/services/${SVC.kvm}/auto-renew`, {
        key: KEY.full,
        body: { enabled },
      });
      expect(await listed()).toMatchObject({ service_ref: SVC.kvm, auto_renew: enabled });
    }
    await api.server.admin.reset();
    expect(await listed()).toMatchObject({ service_ref: SVC.kvm, auto_renew: false });
  });

  it('counts primary services by type and status', async () => {
    const res = await api.call('GET', '/services/stats', { key: KEY.full });
    expect(operations.getServiceStats.success.schema.parse(res.body)).toEqual({
      total: 5,
      active: 2,
      by_type: { kvm: 3, dedicated: 1, storage_box: 1 },
      by_status: { active: 2, suspended: 1, cancelled: 1, expired: 1 },
      server_time: '2026-01-01T00:00:00.000Z',
    });
  });

  it('reads an owned service; foreign, missing and reseller refs are all 404', async () => {
    const res = await api.call('GET', `/services/${SVC.kvm}`, { key: KEY.full });
    expect(operations.getService.success.schema.parse(res.body).service.primary_ip).toBe(
      '203.0.113.10',
    );
    for (const ref of [SVC.foreign, SVC.missing, SVC.reseller]) {
      const miss = await api.call('GET', `/services/${ref}`, { key: KEY.full });
      expect([miss.status, miss.body], ref).toEqual([404, { error: 'not_found' }]);
    }
    expect((await api.call('GET', '/services/REF-SVC-a1', { key: KEY.full })).body).toEqual({
      error: 'invalid_path: service_ref',
    });
  });

  it('sets auto-renew, reports whether it changed, refuses ended services with 409', async () => {
    const put = (ref: string, body: unknown) =>
      api.call('PUT', `/services/${ref}/auto-renew`, { key: KEY.full, body });
    const first = await put(SVC.kvm, { enabled: true });
    expect(operations.setServiceAutoRenew.success.schema.parse(first.body)).toMatchObject({
      auto_renew: true,
      changed: true,
    });
    expect((await put(SVC.kvm, { enabled: true })).body.changed).toBe(false);
    expect(
      (await api.call('GET', `/services/${SVC.kvm}`, { key: KEY.full })).body.service.auto_renew,
    ).toBe(true);
    expect((await put(SVC.cancelled, { enabled: true })).body).toEqual({
      error: 'service_lifecycle_conflict',
      status: 'cancelled',
    });
    expect((await put(SVC.expired, { enabled: false })).status).toBe(409);
    expect((await put(SVC.foreign, { enabled: true })).status).toBe(404);
    expect((await put(SVC.kvm, { enabled: 'yes' })).body).toEqual({
      error: 'invalid_body: enabled',
    });
    expect((await put(SVC.kvm, { enabled: true, extra: 1 })).body).toEqual({
      error: 'invalid_body: extra',
    });
    expect((await put(SVC.kvm, undefined)).body).toEqual({ error: 'invalid_body' });
  });

  it('powers KVMs only, while active, replaying a repeated key', async () => {
    const power = (ref: string, action: string, idempotencyKey?: string) =>
      api.call('POST', `/services/${ref}/power`, {
        key: KEY.full,
        body: { action },
        ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
      });
    const ok = await power(SVC.kvm, 'stop', 'p-1');
    expect(operations.powerService.success.schema.parse(ok.body)).toMatchObject({
      action: 'stop',
      accepted: true,
    });
    const again = await power(SVC.kvm, 'stop', 'p-1');
    expect([again.status, again.body, again.headers.get('idempotent-replayed')]).toEqual([
      200,
      ok.body,
      'true',
    ]);
    expect(
      (await api.call('GET', `/services/${SVC.kvm}`, { key: KEY.full })).body.service.power_state,
    ).toBe('stopped');
    expect((await power(SVC.kvm, 'start', 'p-1')).body).toEqual({
      error: 'idempotency_key_reused',
    });
    expect((await power(SVC.dedicated, 'start', 'p-2')).body).toEqual({
      error: 'power_not_supported',
      status: 'dedicated',
    });
    expect((await power(SVC.suspended, 'start', 'p-3')).body).toEqual({
      error: 'service_not_active',
      status: 'suspended',
    });
    expect((await power(SVC.foreign, 'start', 'p-4')).status).toBe(404);
    expect((await power(SVC.kvm, 'hibernate', 'p-5')).body).toEqual({
      error: 'invalid_body: action',
    });
    expect((await power(SVC.kvm, 'start')).status).toBe(428);
    expect((await power(SVC.kvm, 'start', 'bad key!')).body).toEqual({
      error: 'invalid_header: Idempotency-Key',
    });
  });

  it('answers 502 for provider faults; only a definite failure may be retried with the same key', async () => {
    const power = (idempotencyKey: string) =>
      api.call('POST', `/services/${SVC.kvm}/power`, {
        key: KEY.full,
        body: { action: 'reboot' },
        idempotencyKey,
      });
    api.server.admin.faults.set({ power: 'fail' });
    expect((await power('f-1')).body).toEqual({ error: 'power_failed' });
    api.server.admin.faults.set({ power: 'uncertain' });
    expect((await power('f-2')).body).toEqual({ error: 'power_result_uncertain' });
    api.server.admin.faults.set({ power: 'reject' });
    expect((await power('f-3')).status).toBe(502);
    api.server.admin.faults.set({ power: 'ok' });
    expect((await power('f-1')).status).toBe(200);
    const uncertain = await power('f-2');
    expect([uncertain.status, uncertain.headers.get('idempotent-replayed')]).toEqual([502, 'true']);
  });
});
