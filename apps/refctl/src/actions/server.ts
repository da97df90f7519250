import { readFile } from 'node:fs/promises';
import { UsageError } from '../cli/cli-error';
import type { Handler } from '../cli/lazy-action';
import { print } from '../runtime/print';

/**
 * `refctl server start`: serves the reference server until Ctrl-C and prints what a
 * client needs: the base URL, the admin token and the API keys of the scenario.
 */
export const start: Handler = async (ctx, _args, opts) => {
  const scenario =
    typeof opts.scenario === 'string' ? await readScenario(opts.scenario) : undefined;
  const { createReferenceServer } = await import('@refapi/server');
  const adminToken = (opts.adminToken as string | undefined) ?? ctx.io.env.REF_ADMIN_TOKEN;
  const server = createReferenceServer({
    ...(scenario === undefined ? {} : { scenario }),
    ...(adminToken ? { adminToken } : {}),
    onError: (error) =>
      ctx.io.stderr.write(
        `server error: ${error instanceof Error ? error.message : String(error)}\n`,
      ),
  });
  await server.ready;
  const listening = await server.listen({ port: opts.port as number, host: opts.host as string });
  const accounts = server.admin.state().accounts.map((a) => ({
    account_ref: a.account_ref,
    api_keys: a.api_keys.map((k) => k.token),
  }));
  await print(ctx, {
    kind: 'object',
    value: { base_url: listening.baseUrl, admin_token: server.adminToken, accounts },
    table: {
      base_url: listening.baseUrl,
      admin_token: server.adminToken,
      ...Object.fromEntries(accounts.map((a) => [a.account_ref, a.api_keys])),
    },
  });
  await new Promise<void>((resolve) =>
    ctx.signal.addEventListener('abort', () => resolve(), { once: true }),
  );
  await listening.close();
};

async function readScenario(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read scenario file ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`scenario file ${file} is not valid JSON`);
  }
}
