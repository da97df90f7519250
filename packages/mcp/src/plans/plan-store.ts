import type { RequestPlan } from '@refapi/schema';

/** How many plans a server process holds at most; the oldest goes first past it. */
const MAX_HELD_PLANS = 100;

/**
 * The plans `orders_create` dry runs made, by `plan_id`, until a purchase names them.
 * Bounded by count ({@link MAX_HELD_PLANS}, oldest dropped first) and by age (a plan is
 * dropped once its own `expires_at` has passed), so an agent that plans in a loop cannot
 * grow the process.
 */
export class PlanStore {
  // With the plan, the catalog name of what it buys as the dry run showed it (a plan itself
  // names the plan by its code only).
  readonly #plans = new Map<string, { readonly plan: RequestPlan; readonly name?: string }>();
  readonly #max: number;
  readonly #now: () => number;

  constructor(options: { readonly max?: number; readonly now?: () => number } = {}) {
    this.#max = options.max ?? MAX_HELD_PLANS;
    this.#now = options.now ?? Date.now;
  }

  /** Keeps `plan` (and the catalog `name` of what it buys) and returns its new `plan_id`. */
  hold(plan: RequestPlan, name?: string): string {
    this.#dropExpired();
    const id = `plan_${globalThis.crypto.randomUUID().replaceAll('-', '')}`;
    this.#plans.set(id, name === undefined ? { plan } : { plan, name });
    // A Map iterates in insertion order: the first key is the oldest plan.
    while (this.#plans.size > this.#max) {
      const oldest = this.#plans.keys().next().value;
      if (oldest === undefined) break;
      this.#plans.delete(oldest);
    }
    return id;
  }

  /** The plan held under `id`, or undefined when there is none (unknown, dropped or expired). */
  get(id: string): RequestPlan | undefined {
    this.#dropExpired();
    return this.#plans.get(id)?.plan;
  }

  /** The catalog name of what the plan held under `id` buys, as its dry run showed it. */
  nameOf(id: string): string | undefined {
    return this.#plans.get(id)?.name;
  }

  /** How many plans are held now. */
  get size(): number {
    this.#dropExpired();
    return this.#plans.size;
  }

  #dropExpired(): void {
    const now = this.#now();
    for (const [id, { plan }] of this.#plans) {
      if (Date.parse(plan.expires_at) <= now) this.#plans.delete(id);
    }
  }
}
