import { shieldPauseControl } from '../../controls/shield-pause';
import { DomainError } from '../../domain/errors';
import type { OperationState } from './state';

/** 503 `shield_paused` (with `Retry-After`) for a pausable operation while the Shield is paused. */
export function pauseGate(state: OperationState): void {
  const shield = state.ctx.controls.read(shieldPauseControl);
  if (shield.paused && state.op.pausable === true) {
    throw new DomainError(503, 'shield_paused', {
      headers: { 'retry-after': String(shield.retryAfterSeconds) },
    });
  }
}
