import type { ShieldTelemetry } from '@refapi/schema';
import { useInput, useStdin } from 'ink';
import { useEffect, useState } from 'react';
import { TrafficChart } from './TrafficChart';

/** How a watch ended. */
export type WatchEnd =
  | { readonly reason: 'quit' | 'interrupt' }
  | { readonly reason: 'error'; readonly error: unknown };

/** One refresh: the window and when the server produced it (its clock, not ours). */
export interface TimedTelemetry {
  readonly telemetry: ShieldTelemetry;
  readonly at: Date;
}

/** Props of {@link TrafficWatch}. */
export interface TrafficWatchProps {
  readonly serviceRef: string;
  readonly width: number;
  /** Fetches the current window, with the server's time of the answer. */
  readonly load: () => Promise<TimedTelemetry>;
  readonly onEnd: (end: WatchEnd) => void;
  /** Refresh interval when the server does not say (`cache_seconds`); also a floor. */
  readonly minIntervalMs?: number;
}

/** Refreshes the traffic chart every `cache_seconds` until `q` or Ctrl-C. */
export function TrafficWatch({
  serviceRef,
  width,
  load,
  onEnd,
  minIntervalMs = 1000,
}: TrafficWatchProps) {
  const [telemetry, setTelemetry] = useState<ShieldTelemetry>();
  const [updatedAt, setUpdatedAt] = useState<Date>();
  const { isRawModeSupported } = useStdin();

  useInput(
    (input, key) => {
      if (key.ctrl && input === 'c') onEnd({ reason: 'interrupt' });
      else if (input === 'q' || key.escape) onEnd({ reason: 'quit' });
    },
    { isActive: isRawModeSupported === true },
  );

  useEffect(() => {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const refresh = async () => {
      try {
        const next = await load();
        if (stopped) return;
        setTelemetry(next.telemetry);
        setUpdatedAt(next.at);
        timer = setTimeout(refresh, Math.max(minIntervalMs, next.telemetry.cache_seconds * 1000));
      } catch (error) {
        if (!stopped) onEnd({ reason: 'error', error });
      }
    };
    void refresh();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [load, onEnd, minIntervalMs]);

  return (
    <TrafficChart
      serviceRef={serviceRef}
      telemetry={telemetry}
      width={width}
      updatedAt={updatedAt}
    />
  );
}
