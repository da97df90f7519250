import type { UnhandledFrameHandle } from 'msw';
import type { UnhandledRequestStrategy } from './test-controls';

/** The part of msw's life-cycle emitter the tracker needs (setupServer and setupWorker). */
export interface RequestEvents {
  on(type: 'request:unhandled', listener: (event: { request: Request }) => void): unknown;
}

/**
 * Remembers requests no handler answered. msw's `onUnhandledRequest: 'error'` only makes
 * the fetch itself fail, which app code may catch and swallow; the test kit reports the
 * list once the test is over so that the test fails regardless.
 */
export class UnhandledRequests {
  #seen: string[] = [];

  constructor(events: RequestEvents) {
    events.on('request:unhandled', ({ request }) => {
      this.#seen.push(`${request.method} ${request.url}`);
    });
  }

  /** The requests seen since the last call, as `METHOD URL` lines; forgets them. */
  take(): string[] {
    const seen = this.#seen;
    this.#seen = [];
    return seen;
  }

  /** Throws when any request was unhandled since the last check. */
  assertNone(): void {
    const seen = this.take();
    if (seen.length === 0) return;
    throw new Error(
      `${seen.length} request(s) matched no handler of the reference server or server.use(): ${seen.join(', ')}`,
    );
  }
}

/**
 * msw 3's `onUnhandledFrame` for the test kit's `onUnhandledRequest`: the strategies pass
 * through unchanged; a function of ours sees each HTTP request (WebSocket frames get msw's
 * warning, as the test kit serves none).
 */
export function toUnhandledFrame(strategy: UnhandledRequestStrategy): UnhandledFrameHandle {
  if (typeof strategy !== 'function') return strategy;
  return ({ frame, defaults }) => {
    if (frame.protocol !== 'http') return defaults.warn();
    // msw types every frame's data as unknown; an HTTP frame's holds the request.
    const { request } = frame.data as { request: Request };
    strategy(request, { warning: defaults.warn, error: defaults.error });
  };
}
