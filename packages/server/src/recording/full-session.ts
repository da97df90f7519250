// A session of ordinary use that calls every one of the contract's 23 operations, as a
// client of the account API would: paged lists followed page by page, an order, a power
// action, auto-renew, a Shield rule created and deleted, a preset, a profile, telemetry, an
// export and evidence. The recording tests run it through the recorder against a second
// reference server and expect `drift` to find nothing.

const json = (method: string, body: unknown, key?: string): RequestInit => ({
  method,
  headers: {
    'content-type': 'application/json',
    ...(key === undefined ? {} : { 'idempotency-key': key }),
  },
  body: JSON.stringify(body),
});
const keyed = (method: string, key: string): RequestInit => ({
  method,
  headers: { 'idempotency-key': key },
});

/**
 * Runs the session against `base` (a `/v1` base URL) with `fetch`, authorising with `key`;
 * resolves to each call's status. Later calls use refs that earlier answers gave.
 */
export async function runFullSession(
  base: string,
  key: string,
  kvm = 'REF-SVC-101',
): Promise<Array<[string, number]>> {
  const statuses: Array<[string, number]> = [];
  const call = async (path: string, init: RequestInit = {}): Promise<unknown> => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
    });
    statuses.push([`${init.method ?? 'GET'} ${path}`, response.status]);
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  };
  /** Every page of a list, following next_cursor, `limit` at a time. */
  const pages = async (path: string, limit: number, most = 3) => {
    let cursor: string | undefined;
    for (let page = 0; page < most; page++) {
      const answer = (await call(
        `${path}?limit=${limit}${cursor === undefined ? '' : `&cursor=${cursor}`}`,
      )) as { pagination?: { has_more: boolean; next_cursor?: string } };
      if (answer.pagination?.has_more !== true) return;
      cursor = answer.pagination.next_cursor;
    }
  };
  await call('/me');
  await call('/balance');
  await call('/balance?display_currency=USD');
  await pages('/invoices', 5, 2);
  await pages('/orders', 2);
  await pages('/transactions', 3, 2);
  await pages('/services', 2, 2);
  await call('/services/stats');
  await pages('/plans', 3);
  await call(`/services/${kvm}`);
  await call(`/services/${kvm}/shield`);
  await call(`/services/${kvm}/shield/capabilities`);
  await call(`/services/${kvm}/shield/rules`);
  const created = (await call(
    `/services/${kvm}/shield/rules`,
    json(
      'POST',
      {
        name: 'drop dns floods',
        mode: 'enforce',
        action: 'drop',
        risk: 'high',
        protocol: 'udp',
        destination_port: 53,
        source_cidr: '198.51.100.0/24',
      },
      'session-rule-1',
    ),
  )) as { rule?: { id: string } };
  await call(`/services/${kvm}/shield/presets/rate-limit-syn`, keyed('POST', 'session-preset-1'));
  await call(`/services/${kvm}/shield/profiles/default`, keyed('POST', 'session-profile-1'));
  await call(`/services/${kvm}/shield/rules`);
  if (created.rule !== undefined) {
    await call(`/services/${kvm}/shield/rules/${created.rule.id}/evidence?limit=5`);
    await call(
      `/services/${kvm}/shield/rules/${created.rule.id}`,
      keyed('DELETE', 'session-del-1'),
    );
  }
  await call(`/services/${kvm}/shield/rules`);
  await call(`/services/${kvm}/shield/traffic?window_hours=2&group_by=protocol`);
  await call(`/services/${kvm}/shield/protection-activity`);
  await call(`/services/${kvm}/shield/export?dataset=traffic&format=json`);
  await call(`/services/${kvm}/shield/export?dataset=protection_activity&format=csv`);
  await call(`/services/${kvm}/auto-renew`, json('PUT', { enabled: false }));
  await call(`/services/${kvm}/auto-renew`, json('PUT', { enabled: false }));
  await call(`/services/${kvm}/power`, json('POST', { action: 'reboot' }, 'session-power-1'));
  const plans = (await call('/plans?type=kvm')) as {
    plans?: Array<{
      code: string;
      periods?: Array<{ period_ref: string }>;
      os_images?: Array<{ os_image_ref: string }>;
      regions?: Array<{ region_ref: string }>;
    }>;
  };
  const plan = plans.plans?.[0];
  if (plan !== undefined) {
    const order = {
      type: 'kvm',
      plan_code: plan.code,
      ...(plan.periods?.[0] ? { period_ref: plan.periods[0].period_ref } : {}),
      ...(plan.os_images?.[0] ? { os_image_ref: plan.os_images[0].os_image_ref } : {}),
      ...(plan.regions?.[0] ? { region_ref: plan.regions[0].region_ref } : {}),
    };
    await call('/orders', json('POST', order, 'session-order-1'));
    await call('/orders', json('POST', order, 'session-order-1'));
  }
  await call('/balance');
  await pages('/orders', 2, 1);
  await pages('/services', 2, 1);
  await call('/services/stats');
  await call(`/services/${kvm}/shield/rules`);
  return statuses;
}
