import type { ShieldRuleMutation } from '@refapi/schema';
import type { ApiPromise } from '../api-promise';
import type { PathParamsOf } from '../internal/operation-types';
import type { RequestOptions } from '../options';
import type { ApiResult } from '../result-meta';
import { ShieldBundleResource } from './shield-bundle';

/** A preset code, e.g. `block-udp-amplification`, `allow-web-only`, `rate-limit-syn`. */
export type PresetCode = PathParamsOf<'applyShieldPreset'>['preset_code'];

/**
 * Preset rules of one service: `client.shield(ref).presets`. `apply(code)` queues a preset
 * rule (202); wait for it with `rules.waitFor(rule.id, …)`.
 */
export class ShieldPresetsResource extends ShieldBundleResource<'applyShieldPreset', PresetCode> {
  protected readonly operationId = 'applyShieldPreset';

  /** Queues the preset rule `code` (202): `{ rule }`, the queued rule. */
  override apply(
    code: PresetCode,
    options?: RequestOptions,
  ): ApiPromise<ApiResult<ShieldRuleMutation>> {
    return super.apply(code, options);
  }

  protected pathFor(code: PresetCode): PathParamsOf<'applyShieldPreset'> {
    return { service_ref: this.serviceRef, preset_code: code };
  }
}
