import { version } from '../package.json';

/** Version of this package, as sent in `User-Agent: refapi-sdk/<version>`. */
export const VERSION: string = version;
