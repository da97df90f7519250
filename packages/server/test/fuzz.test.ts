import { operationList } from '@refapi/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRANSPORTS, useApi } from './api-harness';
import { apiScenario, KEY, SVC } from './api-scenario';

// Property: whatever arrives, the server answers below 500 and every error body is
// `{error}` (plus `status` on 409) — never a crash, never a stack trace.

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});
const segment = fc.oneof(
  fc.constantFrom(
    SVC.kvm,
    SVC.foreign,
    SVC.reseller,
    'REF-SVC-',
    'stats',
    '%',
    '%E0%A4%A',
    '..',
    'REF-SVC-1F',
  ),
  fc.uuid(),
  printable.map(encodeURIComponent),
);
const path = fc.oneof(
  fc.constantFrom(...operationList.map((op) => op.path)).chain((template) =>
    fc.array(segment, { minLength: 3, maxLength: 3 }).map(([a, b, c]) =>
      template
        .replace('{service_ref}', a as string)
        .replace('{rule_id}', b as string)
        .replace(/\{\w+\}/, c as string),
    ),
  ),
  fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`),
);
const query = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'limit',
        'cursor',
        'type',
        'status',
        'display_currency',
        'window_hours',
        'format',
        'dataset',
        'x',
      ),
      printable,
    ),
    { maxLength: 4 },
  )
  .map((pairs) => (pairs.length === 0 ? '' : `?${new URLSearchParams(pairs).toString()}`));
const body = fc.oneof(
  fc.constant(undefined),
  fc.json().map((text) => text),
  printable,
  fc
    .record({
      type: fc.constantFrom('kvm', 'dedicated', 'x'),
      plan_code: fc.constantFrom('kvm-s', 'kvm-m', ''),
      addons: fc.anything(),
    })
    .map((v) => JSON.stringify(v)),
  fc
    .record({ enabled: fc.anything(), action: fc.constantFrom('start', 'stop', 1, null) })
    .map((v) => JSON.stringify(v)),
  fc.nat({ max: 80_000 }).map((n) => `"${'a'.repeat(n)}"`),
);
const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
  path,
  query,
  body,
  key: fc.constantFrom(KEY.full, KEY.catalogOnly, KEY.foreign, 'refak_x', 'not a bearer', ''),
  idempotencyKey: fc.option(fc.oneof(printable, fc.uuid()), { nil: undefined }),
  contentType: fc.constantFrom(
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
  ),
});

describe.each(TRANSPORTS)('fuzz over %s', (transport) => {
  const api = useApi(transport, { scenario: apiScenario() });

  it('never answers 5xx and always answers errors as {error}', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        api.server.admin.clock.advance(1);
        const headers: Record<string, string> = { 'content-type': r.contentType };
        if (r.idempotencyKey !== undefined) headers['idempotency-key'] = r.idempotencyKey;
        if (r.key !== '')
          headers.authorization = r.key.startsWith('refak_') ? `Bearer ${r.key}` : r.key;
        const res = await api.call(r.method, `${r.path}${r.query}`, {
          headers,
          ...(r.body === undefined || r.method === 'GET' ? {} : { rawBody: r.body }),
        });
        expect(res.status, res.text).toBeLessThan(500);
        if (res.status >= 400) {
          expect(typeof res.body?.error).toBe('string');
          const allowed = res.status === 409 ? ['error', 'status'] : ['error'];
          for (const field of Object.keys(res.body)) expect(allowed).toContain(field);
        }
      }),
      { numRuns: 200 },
    );
    // 200 requests take about a second; a loaded CI machine has taken over the default 15 s.
  }, 60_000);
});
