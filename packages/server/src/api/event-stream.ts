import { isRequestEntry, type RequestJournal } from '../request-journal';
import type { ApiResponse, BodyStream } from './api-request';
import { MAX_UNSENT_BYTES } from './unsent-limit';

/** Interval of the `: ping` comment that keeps idle proxies and clients from timing out. */
export const PING_MS = 15_000;

/**
 * The journal as server-sent events: one `request` event per new request and one
 * `clock_event` event (no id: no request made it) per event the clock applied (old entries
 * are not replayed; `GET /__admin/requests` gives those) and a `: ping` comment every 15 s.
 * The stream ends once the journal is closed (its space deleted or expired).
 */
export function journalEvents(journal: RequestJournal, pingMs = PING_MS): BodyStream {
  return (write, end) => {
    const unsubscribe = journal.subscribe((entry) => {
      write(
        isRequestEntry(entry)
          ? `event: request\nid: ${entry.id}\ndata: ${JSON.stringify(entry)}\n\n`
          : `event: clock_event\ndata: ${JSON.stringify(entry)}\n\n`,
      );
    }, end);
    const ping = setInterval(() => write(': ping\n\n'), pingMs);
    // A forgotten stream must never keep a process alive.
    (ping as { unref?: () => void }).unref?.();
    return () => {
      clearInterval(ping);
      unsubscribe();
    };
  };
}

/** A `text/event-stream` response writing `stream`. */
export function eventStreamResponse(stream: BodyStream): ApiResponse {
  return {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    },
    body: '',
    stream,
  };
}

/**
 * The stream as a WHATWG body (msw and in-process fetch); cancelling the reader stops it, and
 * a reader more than 1 MiB behind is dropped (the body errors), as over node:http.
 */
export function readableBody(stream: BodyStream): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let stop: (() => void) | undefined;
  let dropped = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        stop = stream(
          (chunk) => {
            if (dropped) return;
            controller.enqueue(encoder.encode(chunk));
            // With a high-water mark of 0 bytes, desiredSize is minus the bytes queued.
            if ((controller.desiredSize ?? 0) < -MAX_UNSENT_BYTES) {
              dropped = true;
              stop?.();
              controller.error(new Error('event stream reader fell more than 1 MiB behind'));
            }
          },
          () => {
            if (dropped) return;
            dropped = true;
            stop?.();
            controller.close();
          },
        );
        if (dropped) stop();
      },
      cancel() {
        stop?.();
      },
    },
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );
}
