// The only module that calls ink's render(); it is imported lazily, and only after
// canRenderLive() said yes, so pipes and CI never get cursor codes.
import { render } from 'ink';
import type { Io } from '../io/io';
import { LiveSpinner } from './LiveSpinner';
import { type TimedTelemetry, TrafficWatch, type WatchEnd } from './TrafficWatch';

const inkOptions = (io: Io, stream: Io['stdout']) => ({
  stdout: stream as NodeJS.WriteStream,
  stdin: io.stdin as NodeJS.ReadStream,
  stderr: io.stderr as NodeJS.WriteStream,
  exitOnCtrlC: false,
  patchConsole: false,
  // canRenderLive() decided: ink's own CI guess (any CI_* variable) would draw no frames
  // until the end and then leave the last one on screen.
  interactive: true,
});

/** A live spinner line on stderr: `relabel` redraws it with a new label, `stop` erases it. */
export interface Spinner {
  relabel(label: string): void;
  /** Resolves once the spinner is off the screen, the cursor where its line was. */
  stop(): Promise<void>;
}

/** Starts a live spinner on stderr; it counts the time waited against `timeoutMs`. */
export function startSpinner(io: Io, label: string, timeoutMs: number): Spinner {
  const view = (text: string) => <LiveSpinner label={text} timeoutMs={timeoutMs} />;
  const instance = render(view(label), inkOptions(io, io.stderr));
  return {
    // Same component in the same place: ink keeps its start time and frame counter.
    relabel: (text) => instance.rerender(view(text)),
    // clear() then unmount() alone is not enough: unmount flushes a frame still waiting for
    // ink's throttle (a relabel, an animation tick), which would draw the spinner again and
    // leave it above the next line. So: stop the animation, let the pending frame out, erase.
    stop: async () => {
      instance.rerender(null);
      await instance.waitUntilRenderFlush();
      instance.clear();
      instance.unmount();
      await instance.waitUntilExit();
    },
  };
}

/** Runs the live traffic chart on stdout until the user quits or a refresh fails. */
export function watchTraffic(
  io: Io,
  serviceRef: string,
  load: () => Promise<TimedTelemetry>,
): Promise<WatchEnd> {
  return new Promise((resolve) => {
    let ended = false;
    const onEnd = (end: WatchEnd) => {
      if (ended) return;
      ended = true;
      instance.unmount();
      resolve(end);
    };
    // A terminal that reports no size (0) gets the classic 80 columns.
    const width = io.stdout.columns || 80;
    const instance = render(
      <TrafficWatch serviceRef={serviceRef} width={width} load={load} onEnd={onEnd} />,
      inkOptions(io, io.stdout),
    );
  });
}
