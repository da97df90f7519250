import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { admin, isUnreachable } from './api';

/** How often an unreachable server is asked again (`GET /__admin/health`, no credentials). */
const PROBE_MS = 2_000;

/** The server stopped answering: since when, and the time of the last data it gave. */
export interface Outage {
  /** Epoch ms (browser clock) when the console found it unreachable. */
  readonly since: number;
  /** Epoch ms (browser clock) of its last answer: the views show data from then. */
  readonly dataFrom: number;
}

/** Whether the server answers; the data hooks report to it. */
export interface Connection {
  /** Undefined while the server answers. */
  readonly outage: Outage | undefined;
  /** The server answered something (any status). */
  answered(): void;
  /** A call or the journal stream failed: unless the server answered, find out whether it is down. */
  failed(cause?: unknown): void;
}

/**
 * Watches whether the reference server answers. A failed call that got no answer (or a
 * journal stream error) is followed by a health probe; if that gets no answer either, the
 * server is down and is probed every {@link PROBE_MS} until it answers, then `onBack` runs
 * (the views reload).
 */
export function useConnection(onBack: () => void): Connection {
  const [outage, setOutage] = useState<Outage | undefined>();
  const lastAnswer = useRef(Date.now());
  const down = useRef(false);
  const probing = useRef(false);
  const back = useRef(onBack);
  useEffect(() => {
    back.current = onBack;
  });

  const answered = useCallback(() => {
    lastAnswer.current = Date.now();
    if (!down.current) return;
    down.current = false;
    setOutage(undefined);
    back.current();
  }, []);

  const probe = useCallback(async () => {
    if (probing.current) return;
    probing.current = true;
    try {
      await admin.health();
      answered();
    } catch (cause) {
      if (!isUnreachable(cause)) answered();
      else if (!down.current) {
        down.current = true;
        setOutage({ since: Date.now(), dataFrom: lastAnswer.current });
      }
    } finally {
      probing.current = false;
    }
  }, [answered]);

  const failed = useCallback(
    (cause?: unknown) => {
      if (cause !== undefined && !isUnreachable(cause)) answered();
      else void probe();
    },
    [answered, probe],
  );

  useEffect(() => {
    if (outage === undefined) return;
    const timer = setInterval(() => void probe(), PROBE_MS);
    return () => clearInterval(timer);
  }, [outage, probe]);

  return useMemo(() => ({ outage, answered, failed }), [outage, answered, failed]);
}
