import type { ClockState, ClockView, StateDocument } from '@refapi/server/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStateAdmin } from './space-context';
import { type Connection, useConnection } from './use-connection';

/**
 * The state document and the server clock of the state shown (the root's or the selected
 * space's), refreshed on demand (after controls, new
 * requests) and when the server answers again after an outage (`connection`).
 */
export function useServerState() {
  const admin = useStateAdmin();
  const [state, setState] = useState<StateDocument | undefined>();
  const [clock, setClock] = useState<(ClockState & Partial<ClockView>) | undefined>();
  const [error, setError] = useState<string | undefined>();
  // Offset of the server clock from the browser's, so a running clock ticks without polling.
  const offset = useRef(0);
  const [, setTick] = useState(0);
  const reload = useRef<() => void>(() => undefined);
  const connection: Connection = useConnection(() => reload.current());
  const { answered, failed, outage } = connection;

  // A move answers the clock without the next events: those shown stay until the refresh.
  const applyClock = useCallback((next: ClockState & Partial<ClockView>) => {
    offset.current = Date.parse(next.now) - Date.now();
    setClock((before) => ({
      ...next,
      ...(next.next_events === undefined && before?.next_events !== undefined
        ? { next_events: before.next_events }
        : {}),
    }));
  }, []);

  // Refreshes overlap (one on mount, one after each burst of requests): an older one that
  // answers last must not put back the state from before a newer one (a loaded server took
  // longer over the first than over the second, and the new service never showed).
  const asked = useRef(0);
  const shown = useRef(0);
  const refresh = useCallback(async () => {
    const mine = ++asked.current;
    try {
      const [nextState, nextClock] = await Promise.all([admin.state(), admin.clock()]);
      if (mine < shown.current) return;
      shown.current = mine;
      setState(nextState);
      applyClock(nextClock);
      setError(undefined);
      answered();
    } catch (cause) {
      // Nor may its failure mark as failed the state a newer one showed.
      if (mine > shown.current) setError((cause as Error).message);
      failed(cause);
    }
  }, [admin, applyClock, answered, failed]);

  useEffect(() => {
    reload.current = () => void refresh();
  });

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // The header clock ticks each second while the clock runs and the server answers; it
  // stops while the server is unreachable, at the server time of its last answer.
  useEffect(() => {
    if (clock === undefined || clock.frozen || outage !== undefined) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [clock, outage]);

  /**
   * Server time now, in epoch ms (ticks each second unless frozen or unreachable); undefined
   * until the server has said its time (a scenario's clock can be years from the browser's).
   */
  const now =
    clock === undefined
      ? undefined
      : clock.frozen
        ? Date.parse(clock.now)
        : (outage?.dataFrom ?? Date.now()) + offset.current;

  return { state, clock, now, error, refresh, applyClock, connection };
}
