import { isRefApiError } from '@refapi/sdk';
import type { CreatedSpace, SpaceList, SpaceRequest } from '@refapi/server/browser';
import type { Ctx } from '../cli/context';
import type { Handler } from '../cli/lazy-action';
import { typedHandler } from '../cli/typed-handler';
import { CliError, UsageError } from '../errors/cli-error';
import { EXIT } from '../errors/exit-codes';
import { SPACE_CREATE_FLAGS } from '../flags/command-flags';
import { flagSchema } from '../flags/flag-schema';
import type { View } from '../output/view';
import { note, print, refuseUnknownColumns } from '../runtime/print';
import { listLimit } from '../runtime/print-list';
import { spaceBaseUrl } from '../runtime/server-root';
import { type AdminApi, adminApi, SPACES_PATH } from './admin-call';
import { ListFlags } from './flags';

// `refctl server spaces list|create|delete`: the reference server's spaces (isolated copies
// of its state, each with its own base URL) through its admin API. Every other command
// works in a space unchanged: `refctl --base-url <its base_url> …`.

/** Every field of a space as the server lists it (the type keeps the list complete). */
const LISTED: Readonly<Record<keyof SpaceList['spaces'][number], true>> = {
  space_id: true,
  name: true,
  created_at: true,
  last_used_at: true,
  expires_at: true,
  requests: true,
};

/** Every field of a space as the server creates it: with its URLs. */
const FIELDS: Readonly<Record<keyof CreatedSpace, true>> = {
  ...LISTED,
  base_url: true,
  admin_url: true,
};

/** Spaces in tables: the listing adds each one's base URL (JSON is the server's listing). */
const spaceView: View = {
  columns: ['space_id', 'name', 'requests', 'last_used_at', 'expires_at', 'base_url'],
  fields: Object.keys(FIELDS),
  json: Object.keys(LISTED),
};

/** What the server answered, when it is not what a reference server answers. */
function offContract(admin: AdminApi, what: string): CliError {
  return new CliError(
    `${admin.origin}${SPACES_PATH} answered without ${what}: is the base URL that of a reference server?`,
  );
}

/** `refctl server spaces list`: JSON is the server's array of spaces. */
export const list = typedHandler(ListFlags, async (ctx, _args, opts) => {
  const limit = listLimit(ctx, opts, spaceView);
  const admin = await adminApi(ctx);
  const answer = (await admin.call('GET', SPACES_PATH)) as Partial<SpaceList> | undefined;
  if (!Array.isArray(answer?.spaces)) throw offContract(admin, 'a list of spaces');
  const spaces = answer.spaces.slice(0, limit);
  // The listing has no URLs: each is the root's base URL under /spaces/<id>.
  const rows = spaces.map((space) => ({
    base_url: spaceBaseUrl(admin, space.space_id),
    ...space,
  }));
  await print(ctx, { kind: 'rows', value: spaces, rows, view: spaceView });
  if (spaces.length === 0 && ctx.render.format === 'table') {
    note(ctx, 'no spaces; create one: refctl server spaces create');
  }
});

/** `refctl server spaces create [--name N] [--from F] [--ttl S]`: prints the new space. */
export const create = typedHandler(flagSchema(SPACE_CREATE_FLAGS), async (ctx, _args, opts) => {
  refuseUnknownColumns(ctx, spaceView.fields);
  const admin = await adminApi(ctx);
  const request: SpaceRequest = {
    ...(opts.name === undefined ? {} : { name: opts.name }),
    ...(opts.from === undefined ? {} : { from: opts.from }),
    ...(opts.ttl === undefined ? {} : { ttl_seconds: opts.ttl }),
  };
  const space = (await admin.call('POST', SPACES_PATH, request).catch((error: unknown) => {
    if (isRefApiError(error) && error.code === 'snapshot_not_found') {
      throw new CliError(
        `snapshot "${opts.from}" not found: --from takes scenario, current or the name of one of the server's snapshots`,
        EXIT.notFound,
        'snapshot_not_found',
      );
    }
    throw error;
  })) as CreatedSpace | undefined;
  if (typeof space?.base_url !== 'string') throw offContract(admin, "the new space's base_url");
  await print(ctx, { kind: 'object', value: space, view: spaceView });
  if (ctx.render.format === 'table') note(ctx, howToUse(space));
});

/** The lines on stderr after a space is created: its base URL, and what to do with it. */
function howToUse(space: CreatedSpace): string {
  const ttl = Math.round((Date.parse(space.expires_at) - Date.parse(space.last_used_at)) / 1000);
  const rows = [
    [`refctl --base-url ${space.base_url} me`, 'one command in the space'],
    [`export REF_BASE_URL=${space.base_url}`, 'every command of this shell'],
    [
      `refctl server spaces delete ${space.space_id}`,
      `when done (else ${ttl} s after its last use)`,
    ],
  ];
  const width = Math.max(...rows.map(([command]) => command!.length));
  return [
    `space ${space.space_id} is ready, with the API keys of the state it copies; its base URL:`,
    '',
    `  ${space.base_url}`,
    '',
    ...rows.map(([command, what]) => `  ${command!.padEnd(width)}   # ${what}`),
  ].join('\n');
}

/** A space id as the server's paths take it (`sp_` and URL-safe characters). */
function checkSpaceId(id: string): string {
  if (/^[A-Za-z0-9_-]{1,64}$/.test(id)) return id;
  throw new UsageError(
    `invalid space id "${id}": expected an id like sp_… (see: refctl server spaces list)`,
    'invalid_input',
  );
}

/** `refctl server spaces delete SPACE_ID`: prints nothing on stdout. */
export const remove: Handler = async (ctx: Ctx, [id]) => {
  const spaceId = checkSpaceId(id!);
  const admin = await adminApi(ctx);
  await admin.call('DELETE', `${SPACES_PATH}/${encodeURIComponent(spaceId)}`);
  note(ctx, `space ${spaceId} deleted`);
};
