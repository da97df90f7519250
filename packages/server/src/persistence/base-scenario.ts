import type { Scenario } from '../scenario/schema';
import { parseScenario } from '../scenario/validate';
import type { ResetTarget } from '../state/control-plane';

/**
 * The scenario `reset` returns to, kept as JSON text for snapshots and parsed only when a
 * reset needs it (a restart should not pay for validating a big scenario twice).
 */
export class BaseScenario {
  #parsed: Scenario | undefined;

  private constructor(
    readonly text: string,
    readonly startOverride: number | undefined,
  ) {}

  /** From a validated scenario in memory. */
  static of(scenario: Scenario, startOverride?: number): BaseScenario {
    const base = new BaseScenario(JSON.stringify(scenario), startOverride);
    base.#parsed = scenario;
    return base;
  }

  /** From the JSON text of a snapshot. */
  static fromText(text: string, startOverride?: number): BaseScenario {
    return new BaseScenario(text, startOverride);
  }

  /** The validated scenario. */
  scenario(): Scenario {
    this.#parsed ??= parseScenario(JSON.parse(this.text));
    return this.#parsed;
  }

  /** What the control plane's `reset` returns to. */
  resetTarget(): ResetTarget {
    return {
      scenario: () => this.scenario(),
      ...(this.startOverride === undefined ? {} : { startOverride: this.startOverride }),
    };
  }
}
