import type { Core } from '../internal/core';

// Every resource is a few thin methods over the client's one core (transport, retries,
// errors, pagination). The core and the service reference stay in true private fields,
// behind protected getters, so a logged or serialized client shows neither.

/** Base of the resource classes: the client's core, which every method calls through. */
export abstract class APIResource {
  readonly #core: Core;

  constructor(core: Core) {
    this.#core = core;
  }

  /** @internal */
  protected get core(): Core {
    return this.#core;
  }
}

/** Base of the resources of one service's Shield: the core and the service's reference. */
export abstract class ServiceResource extends APIResource {
  readonly #serviceRef: string;

  constructor(core: Core, serviceRef: string) {
    super(core);
    this.#serviceRef = serviceRef;
  }

  /** @internal */
  protected get serviceRef(): string {
    return this.#serviceRef;
  }
}
