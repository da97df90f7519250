// `refctl server start`: ref-server's own command line, from the optional peer
// @refapi/server. bin.ts runs it before commander, so every flag ref-server has (and gains)
// works here unchanged, and it ends the way ref-server does (SIGTERM: one line, exit 0).

/**
 * The one line printed when `@refapi/server` is not installed (exit 2). It is not on the npm
 * registry yet (`npm install @refapi/server` is a 404): the repository's tarballs are.
 */
export const SERVER_MISSING =
  'refctl: server start needs @refapi/server beside refctl, not on the npm registry yet: ' +
  'npm install /path/to/refapi/packs/*.tgz msw@3 (the tarballs `pnpm pack:all` makes in the refapi repository)\n';

/** The one line the refctl executable prints instead (exit 2): it carries no @refapi/server. */
const SERVER_NOT_IN_BINARY =
  'refctl: server start is not in the refctl executable: run refctl from npm with @refapi/server beside it (or ref-server itself)\n';

/** Runs the reference server with ref-server's flags; resolves to the exit code. */
export async function serverStart(argv: readonly string[]): Promise<number> {
  let cli: typeof import('@refapi/server/cli');
  try {
    cli = await import('@refapi/server/cli');
  } catch (error) {
    if (isMissing(error)) {
      process.stderr.write(SERVER_MISSING);
      return 2;
    }
    // The executable's main script can import built-ins only.
    if ((await import('./runtime/binary')).inBinary()) {
      process.stderr.write(SERVER_NOT_IN_BINARY);
      return 2;
    }
    throw error;
  }
  return cli.runServerCli(argv, { name: 'refctl server start' });
}

// Missing means @refapi/server itself cannot be found, not a module it imports.
function isMissing(error: unknown): boolean {
  const { code, message } = error as NodeJS.ErrnoException;
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    /['"]@refapi\/server(\/cli)?['"]/.test(String(message))
  );
}
