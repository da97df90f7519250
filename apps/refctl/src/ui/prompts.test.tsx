import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PromptEnd } from './prompt-end';
import { type Choice, SelectPrompt } from './SelectPrompt';
import { TextPrompt } from './TextPrompt';

const strip = (text: string | undefined) => stripVTControlCharacters(text ?? '');
const KEY = { up: '\u001b[A', down: '\u001b[B', enter: '\r', esc: '\u001b', ctrlC: '\u0003' };

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

/** Renders a prompt and collects how it ended; keys are typed one `write` each. */
function mount(view: (onEnd: (end: PromptEnd<unknown>) => void) => React.ReactElement) {
  const ends: PromptEnd<unknown>[] = [];
  const rendered = render(view((end) => ends.push(end)));
  cleanup = rendered.unmount;
  // ink reads stdin once its input hook is subscribed: give it that tick.
  const type = async (...keys: string[]) => {
    for (const key of keys) {
      await new Promise((r) => setTimeout(r, 10));
      rendered.stdin.write(key);
    }
  };
  return { ...rendered, ends, type, frame: () => strip(rendered.lastFrame()) };
}

const PLANS: Choice<string>[] = [
  { label: 'kvm-m', value: 'kvm-m', hint: '11.90 EUR incl. 19% VAT', disabled: 'out of stock' },
  { label: 'kvm-s', value: 'kvm-s', hint: '5.95 EUR incl. 19% VAT · in stock' },
  { label: 'kvm-l', value: 'kvm-l', hint: '19.90 EUR incl. 19% VAT · in stock' },
];

describe('SelectPrompt', () => {
  it('lists every choice, out-of-stock ones too, with the cursor on the first selectable', () => {
    const { frame } = mount((onEnd) => (
      <SelectPrompt message="Plan (kvm)" choices={PLANS} onEnd={onEnd} />
    ));
    expect(frame().split('\n')).toEqual([
      '? Plan (kvm) (↑/↓ to move, Enter to pick, Esc to cancel)',
      '  kvm-m  11.90 EUR incl. 19% VAT · out of stock',
      '❯ kvm-s  5.95 EUR incl. 19% VAT · in stock',
      '  kvm-l  19.90 EUR incl. 19% VAT · in stock',
    ]);
  });

  it('moves with the arrow keys over the selectable entries only, and Enter picks', async () => {
    const { type, ends, frame } = mount((onEnd) => (
      <SelectPrompt message="Plan (kvm)" choices={PLANS} onEnd={onEnd} />
    ));
    await type(KEY.down);
    await vi.waitFor(() => expect(frame()).toContain('❯ kvm-l'));
    // Down wraps to the top and skips kvm-m (out of stock); up goes back.
    await type(KEY.down);
    await vi.waitFor(() => expect(frame()).toContain('❯ kvm-s'));
    await type(KEY.up, KEY.up);
    await vi.waitFor(() => expect(frame()).toContain('❯ kvm-s'));
    await type(KEY.down, KEY.enter);
    await vi.waitFor(() => expect(ends).toEqual([{ kind: 'answer', value: 'kvm-l' }]));
    // The answered prompt collapses to one line.
    expect(frame()).toBe('✔ Plan (kvm) kvm-l');
  });

  it('handles keys read in one chunk (↓ ↓ Enter typed ahead) in order', async () => {
    const choices = ['a', 'b', 'c'].map((c) => ({ label: c, value: c }));
    const { stdin, ends } = mount((onEnd) => (
      <SelectPrompt message="Pick" choices={choices} onEnd={onEnd} />
    ));
    await new Promise((r) => setTimeout(r, 10));
    stdin.write(`${KEY.down}${KEY.down}${KEY.enter}`);
    await vi.waitFor(() => expect(ends).toEqual([{ kind: 'answer', value: 'c' }]));
  });

  it.each([
    [KEY.esc, 'cancel'],
    [KEY.ctrlC, 'interrupt'],
  ])('%j ends it as %s and leaves nothing on screen', async (key, kind) => {
    const { type, ends, frame } = mount((onEnd) => (
      <SelectPrompt message="Plan (kvm)" choices={PLANS} onEnd={onEnd} />
    ));
    await type(key);
    await vi.waitFor(() => expect(ends).toEqual([{ kind }]));
    expect(frame()).toBe('');
  });

  it('cannot pick when nothing is selectable, but Esc still cancels', async () => {
    const soldOut = PLANS.map((p) => ({ ...p, disabled: 'out of stock' }));
    const { type, ends, frame } = mount((onEnd) => (
      <SelectPrompt message="Plan (kvm)" choices={soldOut} onEnd={onEnd} />
    ));
    expect(frame()).toContain('(nothing to pick; Esc cancels)');
    await type(KEY.enter, KEY.down, KEY.enter);
    await new Promise((r) => setTimeout(r, 50));
    expect(ends).toEqual([]);
    await type(KEY.esc);
    await vi.waitFor(() => expect(ends).toEqual([{ kind: 'cancel' }]));
  });

  it('shows control characters of server text instead of sending them to the terminal', () => {
    const evil = [{ label: 'x\u001b]0;pwned\u0007', value: 'x', hint: 'a\u202eb' }];
    const { lastFrame } = mount((onEnd) => (
      <SelectPrompt message="Plan" choices={evil} onEnd={onEnd} />
    ));
    expect(lastFrame()).toContain('x^[]0;pwned^G');
    expect(lastFrame()).toContain('a<U+202E>b');
    expect(lastFrame()).not.toContain('\u0007');
  });
});

describe('TextPrompt', () => {
  const required = (t: string) => (t.trim() === '' ? '--name is required' : undefined);

  it('takes typed text, Backspace, and submits on Enter', async () => {
    const { type, ends, frame } = mount((onEnd) => (
      <TextPrompt message="--name" hint="rule name" validate={required} onEnd={onEnd} />
    ));
    expect(frame()).toBe('? --name (rule name)');
    await type('w', 'e', 'x', '\u007f', 'b');
    await vi.waitFor(() => expect(frame()).toBe('? --name (rule name) web'));
    await type(KEY.enter);
    await vi.waitFor(() => expect(ends).toEqual([{ kind: 'answer', value: 'web' }]));
    expect(frame()).toBe('✔ --name web');
  });

  it('refuses what validate refuses, and says why', async () => {
    const { type, ends, frame } = mount((onEnd) => (
      <TextPrompt message="--name" validate={required} onEnd={onEnd} />
    ));
    await type(KEY.enter);
    await vi.waitFor(() => expect(frame()).toContain('--name is required'));
    expect(ends).toEqual([]);
  });

  it('submits text and Enter read in one chunk; keeps control characters out', async () => {
    const { stdin, ends } = mount((onEnd) => <TextPrompt message="--name" onEnd={onEnd} />);
    await new Promise((r) => setTimeout(r, 10));
    stdin.write('we\u0007b\r');
    await vi.waitFor(() => expect(ends).toEqual([{ kind: 'answer', value: 'web' }]));
  });

  it.each([
    [KEY.esc, 'cancel'],
    [KEY.ctrlC, 'interrupt'],
  ])('%j ends it as %s', async (key, kind) => {
    const { type, ends } = mount((onEnd) => <TextPrompt message="--name" onEnd={onEnd} />);
    await type('a', key);
    await vi.waitFor(() => expect(ends).toEqual([{ kind }]));
  });
});
