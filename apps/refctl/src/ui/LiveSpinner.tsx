import { useEffect, useState } from 'react';
import { SpinnerLine } from './SpinnerLine';

/** Props of {@link LiveSpinner}. */
export interface LiveSpinnerProps {
  readonly label: string;
  readonly timeoutMs: number;
  /** Clock, injectable for tests. */
  readonly now?: () => number;
}

/** A {@link SpinnerLine} that animates itself and counts the time waited. */
export function LiveSpinner({ label, timeoutMs, now = Date.now }: LiveSpinnerProps) {
  const [start] = useState(now);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), 80);
    return () => clearInterval(timer);
  }, []);
  return <SpinnerLine label={label} frame={tick} elapsedMs={now() - start} timeoutMs={timeoutMs} />;
}
