import type { ControlDescription } from '@refapi/server/browser';

// A `GET /__admin/controls` document as the server writes it (zod's JSON Schema of each
// control's POST body): every kind the form renders, the clock's date-time included.

const DATE_TIME = { type: 'string', format: 'date-time', pattern: '^\\d{4}-.+$' };

/** The clock, the faults and the Shield pause, plus a nullable field. */
export const CONTROLS: ControlDescription[] = [
  {
    name: 'clock',
    path: '/__admin/clock',
    body: {
      type: 'object',
      properties: {
        advance_seconds: { type: 'number', minimum: 0, maximum: 315_360_000 },
        now: DATE_TIME,
        frozen: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    value: { now: '2026-01-01T00:00:00.000Z', frozen: true },
  },
  {
    name: 'faults',
    path: '/__admin/faults',
    description: 'Makes the simulated provider misbehave.',
    body: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        power: {
          description: 'Outcome of power actions from now on.',
          type: 'string',
          enum: ['ok', 'reject', 'fail', 'uncertain'],
        },
        shield: { type: 'string', enum: ['ok', 'fail'] },
        latency_ms: { type: 'integer', minimum: 0, maximum: 60_000 },
      },
      additionalProperties: false,
    },
    value: { power: 'ok', shield: 'ok', latency_ms: 0 },
  },
  {
    name: 'shield',
    path: '/__admin/shield',
    body: {
      type: 'object',
      properties: {
        paused: { type: 'boolean' },
        retry_after: { type: 'integer', minimum: 0, maximum: 86_400 },
        until: { anyOf: [DATE_TIME, { type: 'null' }] },
        reason: { type: ['string', 'null'] },
      },
      required: ['paused'],
      additionalProperties: false,
    },
    value: { paused: false, retry_after: 30, until: null, reason: null },
  },
];
