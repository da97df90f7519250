import packageJson from '../package.json' with { type: 'json' };

/** The version `refctl --version` prints. */
export const VERSION: string = packageJson.version;
