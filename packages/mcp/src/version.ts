import { version } from '../package.json';

/** Version of this package, as sent in the MCP `serverInfo`. */
export const VERSION: string = version;
