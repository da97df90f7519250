import { z } from 'zod';
import { ShieldProfileCode } from './common';
import { RuleId, ServiceRef } from './refs';

/** Path parameters of every `/services/{service_ref}…` operation. */
export const ServicePathParams = z.object({ service_ref: ServiceRef });
/** Path parameters of the rule operations. */
export const RulePathParams = ServicePathParams.extend({ rule_id: RuleId });
/** Path parameters of POST …/shield/presets/{preset_code}. */
export const PresetPathParams = ServicePathParams.extend({
  preset_code: z.string().min(1).max(64),
});
/** Path parameters of POST …/shield/profiles/{profile_code}. */
export const ProfilePathParams = ServicePathParams.extend({ profile_code: ShieldProfileCode });
