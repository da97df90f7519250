import { API_KEY_PREFIX } from '@refapi/schema';
import { parseFlags } from './internal/parse-flags';
import { DEFAULT_JOURNAL_SIZE } from './request-journal';
import type { LogFormat } from './request-log';
import { parseAllowedHosts } from './server/allowed-hosts';
import { type CorsOrigins, parseCorsOrigins } from './server/cors';
import { MAX_SPACE_TTL_SECONDS } from './spaces/spaces';

/** Parsed `ref-server` flags. */
export interface CliOptions {
  readonly host: string;
  readonly port: number;
  readonly scenario?: string;
  readonly adminToken?: string;
  readonly stateFile?: string;
  /** Largest admin body (scenario upload) in bytes (`--max-admin-body`). */
  readonly adminBodyBytes?: number;
  /** JSON bytes the snapshots of one space may hold (`--max-snapshot-bytes`). */
  readonly maxSnapshotBytes?: number;
  readonly log: LogFormat;
  /** Origins allowed by CORS; absent: the default (any localhost port). */
  readonly cors?: CorsOrigins;
  readonly journalSize: number;
  /** Host names answered besides the loopback ones (`--allowed-hosts`). */
  readonly allowedHosts?: readonly string[];
  /** Open connections per remote address (`--max-connections-per-address`); absent: the default, loopback uncapped. */
  readonly maxConnectionsPerAddress?: number;
  /** Spaces held at once (`--max-spaces`) and their idle time in seconds (`--space-ttl`). */
  readonly spaces?: { readonly max?: number; readonly ttlSeconds?: number };
  readonly help: boolean;
  readonly version: boolean;
}

/** A flag was wrong; the message is one line for stderr (exit 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Usage text of `ref-server --help`. */
export const USAGE = `Usage: ref-server [options]

Serves the API at /v1, its OpenAPI document at /openapi.json (servers: this server's /v1),
the admin API at /__admin and the web console at /__console/.

  --host <host>          interface to listen on (default 127.0.0.1)
  --port <port>          port, 0 picks a free one (default 4010)
  --scenario <file>      scenario JSON (default: the built-in demo)
  --admin-token <token>  admin token for /__admin (default: $REF_ADMIN_TOKEN or random)
  --state-file <path>    keep state in this file (loaded on start; every change durable)
  --max-admin-body <size>  largest admin body, refused with 413 before it is parsed
                         (bytes, or with KiB, MiB or GiB; default 128MiB)
  --max-snapshot-bytes <size>  state JSON the snapshots of one space may hold together
                         (bytes, or with KiB, MiB or GiB; default 512MiB)
  --log <format>         pretty | json | silent (default pretty)
  --cors <origins>       browser origins allowed to call the API: * or a comma list
                         (default http://localhost:* and http://127.0.0.1:*)
  --journal-size <n>     API requests kept by GET /__admin/requests (default 1000, at most 100000)
  --allowed-hosts <hosts>  host names answered besides localhost, 127.0.0.1 and [::1], comma
                         list; others get 403 (on a non-loopback --host, checked only when given)
  --max-connections-per-address <n>  open connections per client address; requests on
                         more get 503 (default: loopback uncapped, others 256, or a quarter
                         of the open-file limit where that is lower)
  --max-spaces <n>       spaces (POST /__admin/spaces) held at once (default 256)
  --space-ttl <seconds>  a space unused this long is deleted (default 3600)
  -V, --version          print the version
  -h, --help             show this help`;

/** Parses argv (without node and script) and the environment. */
export function parseCliOptions(argv: readonly string[], env: NodeJS.ProcessEnv): CliOptions {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const port = Number(values.port ?? '4010');
  if (!/^\d+$/.test(values.port ?? '4010') || port > 65_535) {
    throw new UsageError(`--port must be an integer 0..65535, got "${values.port}"`);
  }
  const log = values.log ?? 'pretty';
  if (log !== 'pretty' && log !== 'json' && log !== 'silent') {
    throw new UsageError(`--log must be pretty, json or silent, got "${log}"`);
  }
  const journalSize = Number(values['journal-size'] ?? DEFAULT_JOURNAL_SIZE);
  if (
    !/^\d{1,6}$/.test(values['journal-size'] ?? '1') ||
    journalSize < 1 ||
    journalSize > 100_000
  ) {
    throw new UsageError(
      `--journal-size must be an integer 1..100000, got "${values['journal-size']}"`,
    );
  }
  let cors: CorsOrigins | undefined;
  if (values.cors !== undefined) {
    try {
      cors = parseCorsOrigins(values.cors);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  let allowedHosts: string[] | undefined;
  if (values['allowed-hosts'] !== undefined) {
    try {
      allowedHosts = parseAllowedHosts(values['allowed-hosts']);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  const perAddress = values['max-connections-per-address'];
  if (perAddress !== undefined && !/^[1-9]\d{0,5}$/.test(perAddress)) {
    throw new UsageError(
      `--max-connections-per-address must be an integer 1..999999, got "${perAddress}"`,
    );
  }
  const maxSpaces = values['max-spaces'];
  if (maxSpaces !== undefined && !/^\d{1,5}$/.test(maxSpaces)) {
    throw new UsageError(`--max-spaces must be an integer 0..99999, got "${maxSpaces}"`);
  }
  const spaceTtl = values['space-ttl'];
  if (
    spaceTtl !== undefined &&
    (!/^[1-9]\d{0,6}$/.test(spaceTtl) || Number(spaceTtl) > MAX_SPACE_TTL_SECONDS)
  ) {
    throw new UsageError(
      `--space-ttl must be an integer 1..${MAX_SPACE_TTL_SECONDS} (seconds), got "${spaceTtl}"`,
    );
  }
  const adminToken = values['admin-token'] ?? env.REF_ADMIN_TOKEN;
  if (adminToken !== undefined && !/^[\x21-\x7E]{8,256}$/.test(adminToken)) {
    throw new UsageError('--admin-token must be 8..256 printable characters without spaces');
  }
  if (adminToken?.startsWith(API_KEY_PREFIX)) {
    // A customer key could then be the admin token, and reach /__admin.
    throw new UsageError(`--admin-token must not begin with ${API_KEY_PREFIX}, as API keys do`);
  }
  const adminBody = values['admin-body-limit'];
  if (adminBody !== undefined && !/^[1-9]\d{0,3}$/.test(adminBody)) {
    throw new UsageError(`--admin-body-limit must be an integer 1..9999 (MiB), got "${adminBody}"`);
  }
  const host = values.host ?? '127.0.0.1';
  // An empty one is Node's unspecified address (every interface): never what was meant, and
  // the banner's URLs cannot name it.
  if (host.trim() === '')
    throw new UsageError(`--host needs a host name or address, got "${host}"`);
  const maxAdminBody = sizeFlag('--max-admin-body', values['max-admin-body']);
  const maxSnapshotBytes = sizeFlag('--max-snapshot-bytes', values['max-snapshot-bytes']);
  return {
    host,
    port,
    log,
    journalSize,
    ...(perAddress === undefined ? {} : { maxConnectionsPerAddress: Number(perAddress) }),
    help: values.help ?? false,
    ...(maxSpaces === undefined && spaceTtl === undefined
      ? {}
      : {
          spaces: {
            ...(maxSpaces === undefined ? {} : { max: Number(maxSpaces) }),
            ...(spaceTtl === undefined ? {} : { ttlSeconds: Number(spaceTtl) }),
          },
        }),
    ...(cors === undefined ? {} : { cors }),
    ...(allowedHosts === undefined ? {} : { allowedHosts }),
    version: values.version ?? false,
    ...(values.scenario === undefined ? {} : { scenario: values.scenario }),
    ...(adminToken === undefined || adminToken === '' ? {} : { adminToken }),
    ...(values['state-file'] === undefined ? {} : { stateFile: values['state-file'] }),
    // `--admin-body-limit <MiB>` is the older spelling of `--max-admin-body`.
    ...(adminBody === undefined ? {} : { adminBodyBytes: Number(adminBody) * MIB }),
    ...(maxAdminBody === undefined ? {} : { adminBodyBytes: maxAdminBody }),
    ...(maxSnapshotBytes === undefined ? {} : { maxSnapshotBytes }),
  };
}

const MIB = 1024 * 1024;
const UNITS: Readonly<Record<string, number>> = { '': 1, KiB: 1024, MiB: MIB, GiB: 1024 * MIB };

/** A size flag: bytes, or a number with KiB, MiB or GiB; 1 byte to 64 GiB. */
function sizeFlag(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^([1-9]\d{0,11})(KiB|MiB|GiB)?$/.exec(value);
  const bytes = match === null ? Number.NaN : Number(match[1]) * (UNITS[match[2] ?? ''] ?? 1);
  if (!(bytes <= 64 * 1024 * MIB)) {
    throw new UsageError(`${flag} must be a size such as 128MiB (at most 64GiB), got "${value}"`);
  }
  return bytes;
}

function parse(argv: readonly string[]) {
  return parseFlags(
    argv,
    {
      host: { type: 'string' },
      port: { type: 'string' },
      scenario: { type: 'string' },
      'admin-token': { type: 'string' },
      'state-file': { type: 'string' },
      'admin-body-limit': { type: 'string' },
      'max-admin-body': { type: 'string' },
      'max-snapshot-bytes': { type: 'string' },
      log: { type: 'string' },
      cors: { type: 'string' },
      'journal-size': { type: 'string' },
      'allowed-hosts': { type: 'string' },
      'max-connections-per-address': { type: 'string' },
      'max-spaces': { type: 'string' },
      'space-ttl': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'V' },
    },
    false,
  );
}
