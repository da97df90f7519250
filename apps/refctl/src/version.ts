// A named import, so the bundle keeps the version string and not the whole package.json.
import { version } from '../package.json';

/** The version `refctl --version` prints. */
export const VERSION: string = version;
