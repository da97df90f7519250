import { describe, expect, it } from 'vitest';
import { CONTROLS } from '../test/controls-document';
import {
  appliedSummary,
  controlBody,
  controlFields,
  fieldError,
  fieldLabel,
  fieldValues,
} from './control-form';

const [clock, faults, shield] = CONTROLS.map((control) => controlFields(control.body));

describe('controlFields', () => {
  it('reads enums, integers, their bounds and descriptions in the schema order', () => {
    expect(faults).toEqual([
      {
        name: 'power',
        label: 'Power',
        description: 'Outcome of power actions from now on.',
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

describe('appliedSummary', () => {
  it('shows every value of a control on one line', () => {
    expect(appliedSummary({ power: 'fail', shield: 'ok', latency_ms: 0 })).toBe(
      'power=fail · shield=ok · latency_ms=0',
    );
    expect(appliedSummary({ paused: true, until: null })).toBe('paused=true · until=none');
    expect(appliedSummary(undefined)).toBe('');
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
      until: '2026-02-01T10:00:00Z',
      reason: '',
    });
    expect(controlBody(shield!, values)).toEqual({
      paused: true,
      retry_after: 5,
      until: '2026-02-01T10:00:00.000Z',
      reason: null,
    });
  });

  it('refuses a date-time that is not ISO 8601, naming the field', () => {
    const until = shield!.find((field) => field.name === 'until')!;
    expect(fieldError(until, '02/01/2026 10:00')).toMatch(/^Use ISO 8601 in UTC/);
    expect(fieldError(until, '2026-02-01 10:00')).toBeUndefined();
    expect(fieldError(until, '')).toBeUndefined();
    expect(() =>
      controlBody(shield!, { paused: 'true', retry_after: '', until: '02/01/2026', reason: '' }),
    ).toThrow(/^Until: Use ISO 8601 in UTC/);
  });

  it('leaves an empty optional field out of the body', () => {
    expect(controlBody(clock!, { advance_seconds: '', now: '', frozen: 'false' })).toEqual({
      frozen: false,
    });
  });
});
