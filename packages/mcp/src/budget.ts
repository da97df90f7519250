import { CountedOrders, type OrderCharge } from './counted-orders';
import { formatCents } from './money';

/** The outcome of an order that holds a reservation; the first call settles it. */
export interface Reservation {
  /** The API answered: counts the order (once per ref) and frees the reservation. */
  settle(charge: OrderCharge): void;
  /** Nothing was bought (the API refused, or the call never left): frees the reservation. */
  release(): void;
  /**
   * No answer, so the order may have been bought: its reserved price stays spent until a
   * later call with the same idempotency key settles what happened.
   */
  doubt(): void;
}

/** What a budget says about one order before it is sent. */
export type BudgetDecision =
  | ({ readonly allowed: true } & Reservation)
  | { readonly allowed: false; readonly remainingCents: number };

/**
 * The `--max-spend` budget of one process, in whole cents of the account currency. An
 * order reserves its quoted price before it is sent, so orders in flight together can
 * never pass the limit; its answer then settles the reservation to what the API charged
 * for that order (or releases it), so the limit is not reached early either.
 */
export class SpendBudget {
  /** The limit, in cents. */
  readonly limitCents: number;
  #spentCents = 0;
  #reservedCents = 0;
  readonly #orders = new CountedOrders();

  constructor(limitCents: number) {
    if (!isCents(limitCents)) {
      throw new RangeError(`the budget must be a non-negative amount, got ${limitCents} cents`);
    }
    this.limitCents = limitCents;
  }

  /** Cents spent: orders counted, and orders whose answer was lost. */
  get spentCents(): number {
    return this.#spentCents;
  }

  /** Cents held by orders in flight. */
  get reservedCents(): number {
    return this.#reservedCents;
  }

  /** Cents still available to new orders (limit − spent − reserved). */
  get remainingCents(): number {
    return Math.max(0, this.limitCents - this.#spentCents - this.#reservedCents);
  }

  /**
   * Reserves `cents` for an order sent with `idempotencyKey`, or refuses when it would
   * pass the limit. Even a call that repeats a key reserves: the API may have forgotten
   * the key and buy again.
   */
  reserve(cents: number, idempotencyKey: string): BudgetDecision {
    if (!isCents(cents)) throw new RangeError(`a price must be whole cents, got ${cents}`);
    if (cents > this.remainingCents) return { allowed: false, remainingCents: this.remainingCents };
    this.#reservedCents += cents;
    let open = true;
    const close = () => {
      if (!open) return false;
      open = false;
      this.#reservedCents -= cents;
      return true;
    };
    return {
      allowed: true,
      settle: (charge) => {
        if (close()) this.#spentCents += this.#orders.count(idempotencyKey, charge);
      },
      release: () => void close(),
      doubt: () => {
        if (!close()) return;
        this.#spentCents += cents;
        this.#orders.doubt(idempotencyKey, cents);
      },
    };
  }

  /** `spent 5.95 of 20.00 EUR, 14.05 left`. */
  describe(currency: string): string {
    return `spent ${formatCents(this.#spentCents)} of ${formatCents(this.limitCents)} ${currency}, ${formatCents(this.remainingCents)} left`;
  }
}

const isCents = (cents: number) => Number.isSafeInteger(cents) && cents >= 0;
