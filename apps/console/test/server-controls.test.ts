import { createReferenceServer, type ListeningServer } from '@refapi/server';
import type { ControlsDocument } from '@refapi/server/browser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { controlFields } from '../src/control-form';

// The form model against the reference server's own `GET /__admin/controls`: every
// property of every control's body becomes a field of the kind its schema says.

const TOKEN = 'refadm_console_controls_test_0001';
let listening: ListeningServer;
let document: ControlsDocument;

beforeAll(async () => {
  listening = await createReferenceServer({ adminToken: TOKEN }).listen({ port: 0 });
  const response = await fetch(`${listening.url}/__admin/controls`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status).toBe(200);
  document = (await response.json()) as ControlsDocument;
});
afterAll(() => listening.close());

it('reads every property of every control as a field, enums with their values', () => {
  for (const control of document.controls) {
    const properties = control.body.properties as Record<string, { enum?: string[] }>;
    const fields = controlFields(control.body);
    expect(
      fields.map((f) => f.name),
      control.name,
    ).toEqual(Object.keys(properties));
    for (const field of fields) {
      expect(field.options, `${control.name}.${field.name}`).toEqual(properties[field.name]?.enum);
    }
  }
});

// A new control or fault kind changes nothing here: only the clock's own body is pinned.
it('reads the clock body: a number, a duration, a date-time and a boolean', () => {
  const clock = document.controls.find((control) => control.name === 'clock')!;
  expect(controlFields(clock.body).map((f) => [f.name, f.kind])).toEqual([
    ['advance_seconds', 'number'],
    ['advance', 'string'],
    ['now', 'date-time'],
    ['frozen', 'boolean'],
  ]);
  expect(document.controls.map((control) => control.name)).toEqual(
    expect.arrayContaining(['clock', 'faults', 'shield']),
  );
});
