import type { ClockEventEntry } from '@refapi/server/browser';
import { expect, it } from 'vitest';
import { clockEntry } from '../test/entry';
import { clockEventText } from './clock-event-text';

const event = clockEntry;

it('says what happened to which service, for how much and until when', () => {
  expect(
    clockEventText(
      event({
        service_ref: 'REF-SVC-101',
        amount: 12.5,
        currency: 'EUR',
        expires_at: '2026-03-01T00:00:00.000Z',
      }),
    ),
  ).toBe('REF-SVC-101 renewed · 12.50 EUR · until 2026-03-01');
  expect(
    clockEventText(
      event({
        event: 'service_suspension',
        service_ref: 'REF-SVC-102',
        amount: 30,
        currency: 'USD',
      }),
    ),
  ).toBe('REF-SVC-102 suspended · 30.00 USD');
  expect(
    clockEventText(
      event({ event: 'service_expiry', service_ref: 'REF-SVC-103', reason: 'plan_not_in_catalog' }),
    ),
  ).toBe('REF-SVC-103 expired · plan not in catalog');
  expect(clockEventText(event({ event: 'shield_grace_end' }))).toBe('Shield grace period ended');
});

it('names an event kind it does not know by its name', () => {
  const unknown = event({ event: 'service_migration' as ClockEventEntry['event'] });
  expect(clockEventText({ ...unknown, service_ref: 'REF-SVC-9' })).toBe(
    'REF-SVC-9 service migration',
  );
});
