import { faultsControl } from '../controls/faults';
import type { ServerContext } from '../server-context';
import type { ApiResponse } from './api-request';

const POWER_FAULTS: Readonly<Record<string, string>> = {
  power_rejected: 'power:reject',
  power_failed: 'power:fail',
  power_result_uncertain: 'power:uncertain',
};

/**
 * Names the injected fault that shaped a response, for the request journal: a power
 * outcome (502), the Shield apply failure (the one-shot switch was consumed), the Shield
 * pause (503) or added latency. Null when the server behaved.
 * @param shieldFailArmed whether `faults.shield` was `fail` when the request came in
 */
export function faultLabel(
  ctx: ServerContext,
  response: ApiResponse,
  shieldFailArmed: boolean,
): string | null {
  if (response.status === 502) {
    const code = errorCode(response.body);
    if (code !== undefined && POWER_FAULTS[code] !== undefined) return POWER_FAULTS[code];
  }
  const faults = ctx.controls.read(faultsControl);
  if (shieldFailArmed && faults.shield === 'ok') return 'shield:fail';
  if (response.status === 503 && errorCode(response.body) === 'shield_paused')
    return 'shield:paused';
  if (faults.latencyMs > 0) return 'latency';
  return null;
}

function errorCode(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'error' in parsed) {
      return typeof parsed.error === 'string' ? parsed.error : undefined;
    }
  } catch {
    // Not JSON: no error code.
  }
  return undefined;
}
