import type { PathParamsOf } from '../internal/operation-types';
import { ShieldBundleResource } from './shield-bundle';

/** A preset code, e.g. `block-udp-amplification`, `allow-web-only`, `rate-limit-syn`. */
export type PresetCode = PathParamsOf<'applyShieldPreset'>['preset_code'];

/**
 * Preset rules of one service: `client.shield(ref).presets`. `apply(code)` queues a preset
 * rule (202); wait for it with `rules.waitFor(rule.id, …)`.
 */
export class ShieldPresetsResource extends ShieldBundleResource<'applyShieldPreset', PresetCode> {
  protected readonly operationId = 'applyShieldPreset';

  protected pathFor(code: PresetCode): PathParamsOf<'applyShieldPreset'> {
    return { service_ref: this.serviceRef, preset_code: code };
  }
}
