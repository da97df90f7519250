import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createCtx } from '../cli/context';
import { createRunState } from '../cli/run-state';
import type { Io } from '../io/io';
import { type RenderSettings, render } from './render';
import { colorState } from './state-colors';

const GREEN = '\u001b[32m';
const YELLOW = '\u001b[33m';
const RED = '\u001b[31m';
const DIM = '\u001b[2m';

const services = [
  { service_ref: 'REF-SVC-1', status: 'active', name: 'active-box' },
  { service_ref: 'REF-SVC-2', status: 'suspended', name: 'b' },
  { service_ref: 'REF-SVC-3', status: 'brand_new_status', name: 'c' },
];
const view = {
  columns: ['service_ref', 'status', 'name'],
  fields: ['service_ref', 'status', 'name'],
};
const settings = (format: RenderSettings['format'], color: boolean): RenderSettings => ({
  format,
  headers: true,
  color,
});
const rows = (format: RenderSettings['format'], color: boolean) =>
  render({ kind: 'rows', value: services, rows: services, view }, settings(format, color));

describe('colorState', () => {
  it('colours states by meaning: fine green, on the way yellow, wrong red, ended dim', () => {
    expect(colorState('active')).toBe(`${GREEN}active\u001b[39m`);
    expect(colorState('queued')).toBe(`${YELLOW}queued\u001b[39m`);
    expect(colorState('applying')).toContain(YELLOW);
    expect(colorState('failed')).toBe(`${RED}failed\u001b[39m`);
    expect(colorState('suspended')).toContain(RED);
    expect(colorState('expired')).toBe(`${DIM}expired\u001b[22m`);
    expect(colorState('completed')).toContain(GREEN);
  });

  it('keeps padding outside the colour and leaves unknown values alone', () => {
    expect(colorState('active  ')).toBe(`${GREEN}active\u001b[39m  `);
    expect(colorState('brand_new_status')).toBe('brand_new_status');
  });
});

describe('state colours in output', () => {
  it('colours the status column of a table, and only its cells', async () => {
    const lines = (await rows('table', true)).split('\n');
    expect(lines[1]).toContain(`${GREEN}active\u001b[39m`);
    expect(lines[1]).toMatch(/active-box$/); // a name that merely says "active" stays plain
    expect(lines[2]).toContain(`${RED}suspended\u001b[39m`);
    expect(lines[3]).not.toContain('\u001b[');
    // Colour adds no width: the columns still line up.
    const plain = (await rows('table', false)).split('\n');
    const strip = stripVTControlCharacters;
    expect(lines.slice(1).map(strip)).toEqual(plain.slice(1));
  });

  it('colours the state field of a one-object table', async () => {
    const rule = { id: 'r1', state: 'queued', kind: 'custom' };
    const text = await render({ kind: 'object', value: rule }, settings('table', true));
    expect(text).toContain(`state  ${YELLOW}queued\u001b[39m`);
    expect(text).toMatch(/^kind +custom$/m);
  });

  it('never colours when colours are off (NO_COLOR, --no-color, not a terminal)', async () => {
    expect(await rows('table', false)).not.toContain('\u001b[');
    const colorOf = (env: Io['env'], isTTY: boolean, flag = true) => {
      const stdout = { write: () => true, ...(isTTY ? { isTTY } : {}) };
      const io = { stdout, stderr: stdout, stdin: process.stdin, env };
      const globals = {
        output: 'table',
        headers: true,
        debug: false,
        color: flag,
        input: true,
      } as const;
      return createCtx(io, globals, createRunState(), new AbortController().signal).render.color;
    };
    expect(colorOf({}, true)).toBe(true);
    expect(colorOf({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colorOf({}, false)).toBe(false);
    expect(colorOf({}, true, false)).toBe(false);
  });

  it.each(['json', 'yaml', 'csv', 'ndjson'] as const)('never colours %s', async (format) => {
    expect(await rows(format, true)).not.toContain('\u001b[');
  });
});
