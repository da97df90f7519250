// The only module that calls ink's render(); it is imported lazily, and only after
// canRenderLive() said yes, so pipes and CI never get cursor codes.
import type { ShieldTelemetry } from '@refapi/schema';
import { render } from 'ink';
import type { Io } from '../runtime/io';
import { LiveSpinner } from './LiveSpinner';
import { TrafficWatch, type WatchEnd } from './TrafficWatch';

const inkOptions = (io: Io, stream: Io['stdout']) => ({
  stdout: stream as NodeJS.WriteStream,
  stdin: io.stdin as NodeJS.ReadStream,
  stderr: io.stderr as NodeJS.WriteStream,
  exitOnCtrlC: false,
  patchConsole: false,
});

/** Shows a live spinner on stderr while `work` runs; the line is cleared when it settles. */
export async function withSpinner<T>(
  io: Io,
  label: string,
  timeoutMs: number,
  work: Promise<T>,
): Promise<T> {
  const instance = render(
    <LiveSpinner label={label} timeoutMs={timeoutMs} />,
    inkOptions(io, io.stderr),
  );
  try {
    return await work;
  } finally {
    instance.clear();
    instance.unmount();
  }
}

/** Runs the live traffic chart on stdout until the user quits or a refresh fails. */
export function watchTraffic(
  io: Io,
  serviceRef: string,
  load: () => Promise<ShieldTelemetry>,
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
