import type { RateLimitState } from './rate-limit';

/** A result with the raw exchange: what `withResponse()` resolves to. */
export interface ApiResponse<T> {
  /** The parsed (and, unless disabled, validated) result. */
  readonly data: T;
  /** The raw response; its body has already been read. */
  readonly response: Response;
  /** Parsed `RateLimit-*` headers of the response. */
  readonly rateLimit: RateLimitState | undefined;
  /** The server's `Request-Id` of the response, when it sent one. */
  readonly requestId: string | undefined;
  /**
   * Whether the answer is the stored result of an earlier call with the same
   * `Idempotency-Key` (the `Idempotent-Replayed` header, or an order's `idempotent_replayed`):
   * that call did the work, this one did nothing again. False for a retry answered with
   * this very call's attempt whose answer was lost, which did the work.
   */
  readonly replayed: boolean;
}

/**
 * The promise every method returns: await it for the data, or call `withResponse()`
 * for the raw `Response` and rate-limit state too. The request starts immediately.
 */
export class ApiPromise<T> extends Promise<T> {
  // Built-ins that derive promises (e.g. Promise.all) must not construct this class.
  static override get [Symbol.species]() {
    return Promise;
  }

  readonly #result: Promise<ApiResponse<T>>;
  #observed = false;

  constructor(result: Promise<ApiResponse<T>>) {
    // The promise itself settles as the call does: test matchers that read a promise's own
    // state (bun test's `expect(p).rejects`) see the data or the error, not `undefined`.
    super((resolve, reject) => {
      result.then((response) => resolve(response.data), reject);
    });
    this.#result = result;
  }

  /**
   * Marks the promise itself handled once anyone waits on the call (the outcome reaches them
   * through `#result`), so a failed call is reported unhandled only when nobody waits on it.
   */
  #observe(): void {
    if (this.#observed) return;
    this.#observed = true;
    super.then(undefined, () => undefined);
  }

  /** Resolves to `{ data, response, rateLimit, requestId }`. */
  withResponse(): Promise<ApiResponse<T>> {
    this.#observe();
    return this.#result;
  }

  // biome-ignore lint/suspicious/noThenProperty: this class is a Promise on purpose.
  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    this.#observe();
    // One hop, not two: every `await` of a call goes through here.
    return this.#result.then(
      onfulfilled ? (r) => onfulfilled(r.data) : (r) => r.data as unknown as R1,
      onrejected,
    );
  }

  override catch<R = never>(
    onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null,
  ): Promise<T | R> {
    return this.then(undefined, onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }
}
