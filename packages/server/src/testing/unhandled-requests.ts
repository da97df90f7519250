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
