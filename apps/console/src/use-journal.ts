import type { JournalItem } from '@refapi/server/browser';
import { useEffect, useRef, useState } from 'react';
import { AdminError } from './api';
import { mergeEntries } from './journal';
import { useStateAdmin } from './space-context';
import type { Connection } from './use-connection';

/** Connection state of the live journal. */
export type StreamState = 'connecting' | 'live' | 'reconnecting';

/** How long to wait before opening a new stream once the browser gave one up. */
const REOPEN_MS = 3_000;

/**
 * The journal of the state shown (the root's or the selected space's), newest first: its
 * requests and its clock's events, the stored entries once, then every new one as the server pushes it (server-sent events;
 * EventSource reconnects by itself and the list is topped up from the journal listing on
 * each reconnect, so nothing is missed while away). The stream lives as long as the
 * component: unmounting it (signing out, another space) closes it at once.
 * `onSessionEnded` runs when the stream dropped because the session is gone; `connection`
 * hears of every answer and every stream error (to notice a server that stopped).
 */
export function useJournal(
  onEntry?: () => void,
  onSessionEnded?: () => void,
  connection?: Pick<Connection, 'answered' | 'failed'>,
): {
  entries: JournalItem[];
  stream: StreamState;
  error: string | undefined;
  clear: () => void;
} {
  const admin = useStateAdmin();
  const [entries, setEntries] = useState<JournalItem[]>([]);
  const [stream, setStream] = useState<StreamState>('connecting');
  const [error, setError] = useState<string | undefined>();
  // Bumped to open a new EventSource after the browser gave up on one (e.g. a 401 or 5xx
  // answer, which EventSource does not retry by itself).
  const [attempt, setAttempt] = useState(0);
  // The latest callback, without reopening the stream when the caller passes a new one.
  const sessionEnded = useRef(onSessionEnded);
  const health = useRef(connection);
  useEffect(() => {
    sessionEnded.current = onSessionEnded;
    health.current = connection;
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the effect on purpose
  useEffect(() => {
    let closed = false;
    const topUp = () =>
      admin
        .requests()
        .then((stored) => {
          if (!closed) setEntries((current) => mergeEntries(current, stored));
          setError(undefined);
          health.current?.answered();
        })
        .catch((cause: Error) => {
          setError(cause.message);
          health.current?.failed(cause);
        });
    const source = new EventSource(admin.requestsStreamUrl);
    source.addEventListener('open', () => {
      setStream('live');
      void topUp();
    });
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const reopenLater = () => {
      if (!closed) reopen = setTimeout(() => setAttempt((n) => n + 1), REOPEN_MS);
    };
    source.addEventListener('error', () => {
      setStream('reconnecting');
      if (!closed) health.current?.failed();
      if (source.readyState !== EventSource.CLOSED || closed) return;
      // The browser gave up (401, 404, 5xx). Reopen only while the session holds (and the
      // space is there: its 404 takes the console back to the root): after a sign-out
      // elsewhere or an expired cookie, a retry loop would knock every 3 s forever.
      admin.whoami().then(reopenLater, (cause: unknown) => {
        if (closed) return;
        if (cause instanceof AdminError && cause.status === 401) sessionEnded.current?.();
        else reopenLater();
      });
    });
    const onJournalEvent = (event: Event) => {
      try {
        const entry = JSON.parse((event as MessageEvent<string>).data) as JournalItem;
        setEntries((current) => mergeEntries(current, [entry]));
        health.current?.answered();
        onEntry?.();
      } catch {
        // A malformed event is skipped; the next top-up brings the entry from the list.
      }
    };
    source.addEventListener('request', onJournalEvent);
    source.addEventListener('clock_event', onJournalEvent);
    return () => {
      closed = true;
      clearTimeout(reopen);
      source.close();
    };
  }, [admin, onEntry, attempt]);

  return { entries, stream, error, clear: () => setEntries([]) };
}
