import { z } from 'zod';

/**
 * The admin controls as the state file keeps them (snapshot header, write-ahead log stamps): one
 * member per control, by name. Each control's own schema checks its value when it is
 * imported (`ControlState.import`), so this envelope names none of them.
 */
export const ControlsExport = z.record(z.string(), z.unknown());
