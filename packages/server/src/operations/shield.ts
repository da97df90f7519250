import { shieldEvidenceOperations } from './shield-evidence';
import { shieldMutationOperations } from './shield-mutations';
import { shieldReadOperations } from './shield-read';
import { shieldTelemetryOperations } from './shield-telemetry';

/** The 11 Shield operations, over the pure domain in `src/domain/shield`. */
export const shieldOperations = {
  ...shieldReadOperations,
  ...shieldMutationOperations,
  ...shieldTelemetryOperations,
  ...shieldEvidenceOperations,
};
