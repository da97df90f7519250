/** One answered order, as the budget counts it. */
export interface OrderCharge {
  /**
   * The order's own reference from its response. The API's order response carries no
   * order ref, so this is its `service_ref`: one new service per order, repeated by a
   * replay of it.
   */
  readonly ref: string;
  /** Cents the API charged for the order. */
  readonly cents: number;
  /** The API answered a stored result: this call charged nothing. */
  readonly replayed: boolean;
}

/**
 * Which orders the budget has counted, so that each order the process bought is counted
 * once, whatever idempotency key bought it and however often it is replayed; and the
 * calls that got no answer (their price stays spent until a later call with the same key
 * tells what they did).
 *
 * Memory is bounded by the budget itself, with nothing to evict: a ref is kept only when
 * its order added at least one cent to the spent total, and a doubt holds its price in it,
 * so there are never more entries than cents spent, and new orders are only sent while
 * they fit the limit (3 refs for `--max-spend 20` at 5.95). Keys are dropped once answered.
 */
export class CountedOrders {
  readonly #refs = new Set<string>();
  // Idempotency key → the prices of its calls that got no answer since its last answer.
  readonly #doubts = new Map<string, number[]>();

  /** Records a call with `key` that got no answer (its `cents` are counted as spent). */
  doubt(key: string, cents: number): void {
    if (cents <= 0) return;
    this.#doubts.set(key, [...(this.#doubts.get(key) ?? []), cents]);
  }

  /**
   * Counts the answer of a call with `key`; returns the cents it adds to the spent total
   * (negative when it shows that a call counted in doubt charged less, or nothing).
   */
  count(key: string, charge: OrderCharge): number {
    const doubts = this.#doubts.get(key) ?? [];
    this.#doubts.delete(key);
    // A replay of a counted order: the key still holds that order, so the calls with it
    // that got no answer replayed it too (or never arrived) and charged nothing.
    if (this.#refs.has(charge.ref)) return doubts.length === 0 ? 0 : -sum(doubts);
    if (charge.replayed) {
      const [bought] = doubts;
      // No lost call to explain it: a call this process did not make bought it (another
      // process given the same idempotency_key).
      if (bought === undefined) return 0;
      // One call that got no answer bought it; the others stay counted, since a key the
      // API forgot between them could have let them buy too.
      this.#remember(charge);
      return charge.cents - bought;
    }
    // A new order. Calls with the key that got no answer stay counted: they may have
    // bought before the API forgot the key (its retention is not part of the contract).
    this.#remember(charge);
    return charge.cents;
  }

  #remember(charge: OrderCharge): void {
    if (charge.cents > 0) this.#refs.add(charge.ref);
  }
}

const sum = (cents: readonly number[]) => cents.reduce((total, c) => total + c, 0);
