import type { ControlSlice } from './control-slice';
import { faultsControl } from './faults';
import { shieldPauseControl } from './shield-pause';

/** Every admin control of the server, in state-file order. A new control is one line here. */
export const controlSlices: readonly ControlSlice<unknown>[] = [faultsControl, shieldPauseControl];
