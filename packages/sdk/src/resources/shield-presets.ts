import type { ApiPromise } from '../api-promise';
import type { Core } from '../internal/core';
import type { PathParamsOf, SuccessOf } from '../internal/operation-types';
import type { RequestOptions } from '../options';
import type { ApiResult } from '../result-meta';

/** A preset code, e.g. `block-udp-amplification`, `allow-web-only`, `rate-limit-syn`. */
export type PresetCode = PathParamsOf<'applyShieldPreset'>['preset_code'];

/** Preset rules of one service: `client.shield(ref).presets`. */
export class ShieldPresetsResource {
  readonly #core: Core;
  readonly #serviceRef: string;
  constructor(core: Core, serviceRef: string) {
    this.#core = core;
    this.#serviceRef = serviceRef;
  }

  /** Queues a preset rule (202); wait for it with `rules.waitFor(rule.id, …)`. */
  apply(
    code: PresetCode,
    options?: RequestOptions,
  ): ApiPromise<ApiResult<SuccessOf<'applyShieldPreset'>>> {
    return this.#core.call('applyShieldPreset', {
      path: { service_ref: this.#serviceRef, preset_code: code },
      options,
    });
  }
}
