import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { canRenderLive, colorEnabled, type Io, processIo } from './io';

const io = (env: Io['env']): Io => ({
  stdout: { write: () => true, isTTY: true },
  stderr: { write: () => true },
  stdin: new PassThrough(),
  env,
});
const tty = { write: () => true, isTTY: true };
const pipe = { write: () => true };

describe('canRenderLive', () => {
  it('allows ink only on a terminal outside CI', () => {
    expect(canRenderLive(io({}), tty)).toBe(true);
    expect(canRenderLive(io({}), pipe)).toBe(false);
    expect(canRenderLive(io({ CI: 'true' }), tty)).toBe(false);
    expect(canRenderLive(io({ CI: '1' }), tty)).toBe(false);
    // CI=false (or empty) is how some runners say "not CI".
    expect(canRenderLive(io({ CI: 'false' }), tty)).toBe(true);
    expect(canRenderLive(io({ CI: '' }), tty)).toBe(true);
  });

  it('draws nothing live on a dumb terminal (no cursor movement there)', () => {
    expect(canRenderLive(io({ TERM: 'dumb' }), tty)).toBe(false);
    expect(canRenderLive(io({ TERM: 'xterm-256color' }), tty)).toBe(true);
  });
});

describe('colorEnabled', () => {
  it('colors terminals unless NO_COLOR is set or --no-color was given', () => {
    expect(colorEnabled(io({}), tty, true)).toBe(true);
    expect(colorEnabled(io({}), pipe, true)).toBe(false);
    expect(colorEnabled(io({ NO_COLOR: '1' }), tty, true)).toBe(false);
    expect(colorEnabled(io({}), tty, false)).toBe(false);
    // https://no-color.org: an empty NO_COLOR does not disable colors.
    expect(colorEnabled(io({ NO_COLOR: '' }), tty, true)).toBe(true);
  });

  it('never colors a dumb terminal', () => {
    expect(colorEnabled(io({ TERM: 'dumb' }), tty, true)).toBe(false);
    expect(colorEnabled(io({ TERM: 'xterm-256color' }), tty, true)).toBe(true);
  });
});

describe('colorEnabled, forced', () => {
  it('FORCE_COLOR=1..3 or true colours pipes, dumb terminals and over NO_COLOR', () => {
    for (const force of ['1', '2', '3', 'true']) {
      expect(colorEnabled(io({ FORCE_COLOR: force }), pipe, true), force).toBe(true);
      expect(colorEnabled(io({ FORCE_COLOR: force, TERM: 'dumb' }), tty, true)).toBe(true);
      expect(colorEnabled(io({ FORCE_COLOR: force, NO_COLOR: '1' }), pipe, true)).toBe(true);
    }
  });

  it('FORCE_COLOR=0 or false turns colours off, even on a terminal and with CLICOLOR_FORCE', () => {
    for (const force of ['0', 'false', 'FALSE']) {
      expect(colorEnabled(io({ FORCE_COLOR: force }), tty, true), force).toBe(false);
      expect(colorEnabled(io({ FORCE_COLOR: force, CLICOLOR_FORCE: '1' }), tty, true)).toBe(false);
    }
  });

  it("CLICOLOR_FORCE (but 0) forces colours, as gh's does; CLICOLOR=0 turns them off", () => {
    expect(colorEnabled(io({ CLICOLOR_FORCE: '1' }), pipe, true)).toBe(true);
    expect(colorEnabled(io({ CLICOLOR_FORCE: '0' }), pipe, true)).toBe(false);
    expect(colorEnabled(io({ CLICOLOR: '0' }), tty, true)).toBe(false);
    expect(colorEnabled(io({ CLICOLOR: '1' }), tty, true)).toBe(true);
  });

  it('--no-color wins over every forcing variable; an empty FORCE_COLOR forces nothing', () => {
    expect(colorEnabled(io({ FORCE_COLOR: '1', CLICOLOR_FORCE: '1' }), pipe, false)).toBe(false);
    expect(colorEnabled(io({ FORCE_COLOR: '' }), pipe, true)).toBe(false);
    expect(colorEnabled(io({ FORCE_COLOR: '' }), tty, true)).toBe(true);
  });

  it('never draws a live view off a terminal, however forced', () => {
    expect(canRenderLive(io({ FORCE_COLOR: '3', CLICOLOR_FORCE: '1' }), pipe)).toBe(false);
  });
});

describe('processIo', () => {
  it('makes each process stream on first use, watched once, and leaves unused ones unmade', () => {
    const made: unknown[] = [];
    const io = processIo((stream) => made.push(stream));
    expect(made).toEqual([]);
    expect(io.stdout).toBe(process.stdout);
    expect(io.stdout).toBe(process.stdout);
    expect(made).toEqual([process.stdout]);
    expect(io.stderr).toBe(process.stderr);
    expect(made).toEqual([process.stdout, process.stderr]);
    expect(io.env).toBe(process.env);
  });
});
