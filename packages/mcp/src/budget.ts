import { formatCents } from './money';

/** What a budget says about one order before it is sent. */
export type BudgetDecision =
  | {
      readonly allowed: true;
      readonly release: () => void;
      readonly commit: (cents: number) => void;
    }
  | { readonly allowed: false; readonly remainingCents: number };

/**
 * The `--max-spend` budget of one process, in cents of the account currency. An order
 * reserves its price before it is sent, so two orders in flight can never pass the limit
 * together; the reservation is then committed (money spent) or released (nothing bought).
 */
export class SpendBudget {
  /** The limit, in cents. */
  readonly limitCents: number;
  #spentCents = 0;
  #reservedCents = 0;

  constructor(limitCents: number) {
    if (!Number.isSafeInteger(limitCents) || limitCents < 0) {
      throw new RangeError(`the budget must be a non-negative amount, got ${limitCents} cents`);
    }
    this.limitCents = limitCents;
  }

  /** Cents spent by committed orders. */
  get spentCents(): number {
    return this.#spentCents;
  }

  /** Cents still available to new orders (limit − spent − reserved). */
  get remainingCents(): number {
    return Math.max(0, this.limitCents - this.#spentCents - this.#reservedCents);
  }

  /** Reserves `cents` for an order, or refuses when the order would pass the limit. */
  reserve(cents: number): BudgetDecision {
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
      release: () => void close(),
      // The real charge may differ from the quote; whatever it was is spent.
      commit: (spent: number) => {
        if (close()) this.#spentCents += spent;
      },
    };
  }

  /** `spent 5.95 of 20.00 EUR, 14.05 left`. */
  describe(currency: string): string {
    return `spent ${formatCents(this.#spentCents)} of ${formatCents(this.limitCents)} ${currency}, ${formatCents(this.remainingCents)} left`;
  }
}
