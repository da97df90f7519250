import type { ClockState, StateDocument } from '@refapi/server/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { admin } from './api';

/** The state document and the server clock, refreshed on demand (after controls, new requests). */
export function useServerState() {
  const [state, setState] = useState<StateDocument | undefined>();
  const [clock, setClock] = useState<ClockState | undefined>();
  const [error, setError] = useState<string | undefined>();
  // Offset of the server clock from the browser's, so a running clock ticks without polling.
  const offset = useRef(0);
  const [, setTick] = useState(0);

  const applyClock = useCallback((next: ClockState) => {
    offset.current = Date.parse(next.now) - Date.now();
    setClock(next);
  }, []);

  const refresh = useCallback(async () => {
    try {
      const [nextState, nextClock] = await Promise.all([admin.state(), admin.clock()]);
      setState(nextState);
      applyClock(nextClock);
      setError(undefined);
    } catch (cause) {
      setError((cause as Error).message);
    }
  }, [applyClock]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (clock === undefined || clock.frozen) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [clock]);

  /** Server time now, in epoch ms (ticks each second unless the clock is frozen). */
  const now =
    clock === undefined
      ? Date.now()
      : clock.frozen
        ? Date.parse(clock.now)
        : Date.now() + offset.current;

  return { state, clock, now, error, refresh, applyClock };
}
