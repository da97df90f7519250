import { RefSdkError } from '../errors/ref-error';

/**
 * Why `client.apply()` refused a plan before sending anything: `invalid` (not a plan
 * document), `tampered` (its digest or its path does not match what it says),
 * `expired`, `other_account` (the key is of another account), `other_base_url`,
 * `price_changed` (the catalog prices the order differently now), `not_for_sale` (the
 * catalog no longer sells what the plan orders).
 */
export type PlanRefusalReason =
  | 'invalid'
  | 'tampered'
  | 'expired'
  | 'other_account'
  | 'other_base_url'
  | 'price_changed'
  | 'not_for_sale';

/** A plan was refused (by `plan()` or `apply()`): nothing was sent to change anything. */
export class PlanRefusedError extends RefSdkError {
  override readonly name: string = 'PlanRefusedError';
  /** Why, as a stable code. */
  readonly reason: PlanRefusalReason;

  constructor(reason: PlanRefusalReason, message: string, options: { cause?: unknown } = {}) {
    super(`${message}; nothing was sent`, options);
    this.reason = reason;
  }
}

/** Money in integer cents of a currency. */
export interface Cents {
  readonly cents: number;
  readonly currency: string;
}

const show = (m: Cents) => `${(m.cents / 100).toFixed(2)} ${m.currency}`;

/**
 * The catalog prices the planned order differently now: `planned` is the plan's total,
 * `current` the total the same order costs today. Make a new plan to buy at the new price.
 */
export class PlanPriceChangedError extends PlanRefusedError {
  override readonly name: string = 'PlanPriceChangedError';
  /** The total the plan was made with. */
  readonly planned: Cents;
  /** The total the catalog gives the same order now. */
  readonly current: Cents;

  constructor(planned: Cents, current: Cents) {
    super(
      'price_changed',
      `the price changed since the plan was made: planned ${show(planned)}, now ${show(current)}; make a new plan to buy at the new price`,
    );
    this.planned = planned;
    this.current = current;
  }
}

/**
 * The order of the plan's idempotency key charged another amount than the plan's total.
 * When `replayed` is false this call bought it (the purchase stands: see the order); when
 * true the key had bought it before (another plan made with the same key, at another
 * price) and the server replayed that order: nothing was bought now. Never thrown before
 * the request was sent.
 */
export class PlanChargeMismatchError extends RefSdkError {
  override readonly name: string = 'PlanChargeMismatchError';
  /** The plan's total. */
  readonly planned: Cents;
  /** What the order charged. */
  readonly charged: Cents;
  /** The order that charged it. */
  readonly orderRef: string;
  /** True when the server replayed an order the plan's key had bought before: nothing was bought now. */
  readonly replayed: boolean;

  constructor(planned: Cents, charged: Cents, orderRef: string, replayed = false) {
    super(
      replayed
        ? `the plan's idempotency key had already bought order ${orderRef} for ${show(charged)}, which the server replayed: nothing was bought now, and the plan's total ${show(planned)} was not charged; make a plan with another idempotency key to buy it`
        : `order ${orderRef} charged ${show(charged)}, but the plan's total was ${show(planned)}`,
    );
    this.planned = planned;
    this.charged = charged;
    this.orderRef = orderRef;
    this.replayed = replayed;
  }
}
