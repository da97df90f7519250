import { describe, expect, it } from 'vitest';
import { CONTROLS } from '../test/controls-document';
import { controlBody, controlFields, fieldLabel, fieldValues } from './control-form';

const [clock, faults, shield] = CONTROLS.map((control) => controlFields(control.body));

describe('controlFields', () => {
  it('reads enums, integers and their bounds in the schema order', () => {
    expect(faults).toEqual([
      {
        name: 'power',
        label: 'Power',
        kind: 'enum',
        required: false,
        nullable: false,
        options: ['ok', 'reject', 'fail', 'uncertain'],
      },
      {
        name: 'shield',
        label: 'Shield',
        kind: 'enum',
        required: false,
        nullable: false,
        options: ['ok', 'fail'],
      },
      {
        name: 'latency_ms',
        label: 'Latency (ms)',
        kind: 'integer',
        required: false,
        nullable: false,
        min: 0,
        max: 60_000,
      },
    ]);
  });

  it('reads numbers, date-times, booleans, required and nullable fields', () => {
    expect(clock!.map((f) => [f.name, f.kind])).toEqual([
      ['advance_seconds', 'number'],
      ['now', 'date-time'],
      ['frozen', 'boolean'],
    ]);
    expect(shield!.map((f) => [f.name, f.kind, f.required, f.nullable])).toEqual([
      ['paused', 'boolean', true, false],
      ['retry_after', 'integer', false, false],
      ['until', 'date-time', false, true],
      ['reason', 'string', false, true],
    ]);
  });

  it('leaves out what a form cannot edit', () => {
    const body = {
      type: 'object',
      properties: { tags: { type: 'array' }, on: { type: 'boolean' } },
    };
    expect(controlFields(body).map((f) => f.name)).toEqual(['on']);
    expect(controlFields({})).toEqual([]);
  });

  it('labels names with their unit', () => {
    expect(fieldLabel('advance_seconds')).toBe('Advance (s)');
    expect(fieldLabel('retry_after')).toBe('Retry after');
  });
});

describe('fieldValues and controlBody', () => {
  it('round-trip a value through the form', () => {
    const value = { power: 'reject', shield: 'ok', latency_ms: 250 };
    const values = fieldValues(faults!, value);
    expect(values).toEqual({ power: 'reject', shield: 'ok', latency_ms: '250' });
    expect(controlBody(faults!, values)).toEqual(value);
  });

  it('sends date-times as UTC ISO, booleans as they stand, empty nullable fields as null', () => {
    const values = fieldValues(shield!, {
      paused: true,
      retry_after: 5,
      until: '2026-02-01T10:00:00.000Z',
      reason: null,
    });
    expect(values).toEqual({
      paused: 'true',
      retry_after: '5',
      until: '2026-02-01T10:00:00',
      reason: '',
    });
    expect(controlBody(shield!, values)).toEqual({
      paused: true,
      retry_after: 5,
      until: '2026-02-01T10:00:00.000Z',
      reason: null,
    });
  });

  it('leaves an empty optional field out of the body', () => {
    expect(controlBody(clock!, { advance_seconds: '', now: '', frozen: 'false' })).toEqual({
      frozen: false,
    });
  });
});
