import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveSpinner } from './LiveSpinner';
import { SPINNER_FRAMES, SpinnerLine } from './SpinnerLine';

const strip = (text: string | undefined) => stripVTControlCharacters(text ?? '');

describe('SpinnerLine', () => {
  it('shows a frame, the label and the time waited against the timeout', () => {
    const { lastFrame, unmount } = render(
      <SpinnerLine
        label="waiting for rule r1 to be active"
        frame={2}
        elapsedMs={4200}
        timeoutMs={120_000}
      />,
    );
    expect(strip(lastFrame())).toBe(
      `${SPINNER_FRAMES[2]} waiting for rule r1 to be active 4s / 120s`,
    );
    unmount();
  });
});

describe('LiveSpinner', () => {
  let cleanup: (() => void) | undefined;
  afterEach(() => cleanup?.());

  it('animates through frames as time passes', async () => {
    let clock = 1_000;
    const { lastFrame, unmount } = render(
      <LiveSpinner label="waiting" timeoutMs={30_000} now={() => clock} />,
    );
    cleanup = unmount;
    const first = strip(lastFrame());
    expect(first).toBe(`${SPINNER_FRAMES[0]} waiting 0s / 30s`);
    clock += 3_000;
    await new Promise((r) => setTimeout(r, 200));
    const later = strip(lastFrame());
    expect(later).toMatch(/ waiting 3s \/ 30s$/);
    expect(later.charAt(0)).not.toBe(SPINNER_FRAMES[0]);
  });
});

describe('startSpinner', () => {
  it('leaves no frame behind when stopped, even right after a relabel', async () => {
    const { PassThrough } = await import('node:stream');
    const { startSpinner } = await import('./render-live');
    const stderr = Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
    let written = '';
    stderr.on('data', (chunk: Buffer) => {
      written += chunk.toString();
    });
    const io = { stdin: new PassThrough(), stdout: stderr, stderr, env: {} };
    const spinner = startSpinner(io, 'waiting for rule r1 to be deleted', 120_000);
    await new Promise((r) => setTimeout(r, 100));
    // The last poll relabels just before the wait ends: that frame is still throttled.
    spinner.relabel('waiting for rule r1 to be deleted (now: absent)');
    await spinner.stop();
    const lastFrame = written.lastIndexOf('waiting for rule r1');
    // After the last frame drawn, the line is erased (and nothing is drawn again).
    expect(written.indexOf('\u001b[2K', lastFrame)).toBeGreaterThan(lastFrame);
    expect(strip(written.slice(written.lastIndexOf('\u001b[2K'))).trim()).toBe('');
  });
});
