import type { ControlAccess } from './control-state';
import { type Faults, faultsControl } from './faults';
import { DEFAULT_RETRY_AFTER, shieldPauseControl } from './shield-pause';

/** `admin.shield`: the Shield pause, as the in-process admin API has always offered it. */
export const shieldShortcuts = (controls: ControlAccess) => ({
  pause(retryAfterSeconds = DEFAULT_RETRY_AFTER): void {
    controls.set(shieldPauseControl, { paused: true, retryAfterSeconds });
  },
  unpause(): void {
    controls.set(shieldPauseControl, { paused: false });
  },
});

/** `admin.faults`: the provider faults, as the in-process admin API has always offered them. */
export const faultShortcuts = (controls: ControlAccess) => ({
  set: (faults: Partial<Faults>): Faults => controls.set(faultsControl, faults),
  get: (): Faults => controls.get(faultsControl),
});
