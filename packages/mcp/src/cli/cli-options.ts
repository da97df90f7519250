import { parseArgs } from 'node:util';
import { toCents } from '../money';
import { parseToolSelection, type ToolSelection } from '../tools/select';
import { UsageError } from './usage-error';

/** The parsed command line of `refapi-mcp`. */
export interface CliOptions {
  /** `--tools`; without it, `read`, or `all` with `--sandbox`. */
  readonly tools: ToolSelection;
  /** `--max-spend` in cents of the account currency. */
  readonly maxSpendCents: number | undefined;
  readonly http: boolean;
  readonly port: number;
  readonly profile: string | undefined;
  readonly sandbox: boolean;
  readonly help: boolean;
  readonly version: boolean;
}

/** Default port of `--http`. */
const DEFAULT_PORT = 3333;

/** `refapi-mcp --help`. */
export const USAGE = `Usage: refapi-mcp [options]

An MCP server for the REF account API: one tool per operation.

Options:
  --tools <read|all|names>  which tools to expose: read (default; all with --sandbox),
                            all, or a comma list
  --max-spend <amount>      refuse orders once this much (account currency) is spent
  --http                    serve Streamable HTTP on 127.0.0.1 instead of stdio
  --port <n>                port of --http (default ${DEFAULT_PORT}; 0 picks a free one)
  --profile <name>          read key and base URL from this refctl profile
  --sandbox                 serve an in-process reference server with the demo data,
                            each MCP session on its own copy
  -h, --help                show this help
  -v, --version             show the version

Environment: REF_API_KEY, REF_BASE_URL, REF_PROFILE (refctl profiles).`;

function parseAmount(text: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(text)) {
    throw new UsageError(`--max-spend: expected an amount like 20 or 19.99, got "${text}"`);
  }
  return toCents(Number(text));
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw new UsageError(`--port: expected 0 to 65535, got "${text}"`);
  }
  return port;
}

/** Parses argv (without node and the script); throws UsageError on anything unknown. */
export function parseCliOptions(argv: readonly string[]): CliOptions {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? 'invalid arguments';
    // Never echo a stray argument: it may be a key pasted in the wrong place.
    if (/^Unexpected argument/.test(message)) {
      throw new UsageError('unexpected argument: refapi-mcp takes options only (see --help)');
    }
    throw new UsageError(message);
  }
  let tools: ToolSelection;
  try {
    // The sandbox is the process's own demo account: its writes harm nothing, so it
    // exposes every tool unless told otherwise (orders stay dry runs by default).
    tools = values.tools === undefined && values.sandbox ? 'all' : parseToolSelection(values.tools);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.port !== undefined && !values.http) throw new UsageError('--port needs --http');
  return {
    tools,
    maxSpendCents: values['max-spend'] === undefined ? undefined : parseAmount(values['max-spend']),
    http: values.http ?? false,
    port: values.port === undefined ? DEFAULT_PORT : parsePort(values.port),
    profile: values.profile,
    sandbox: values.sandbox ?? false,
    help: values.help ?? false,
    version: values.version ?? false,
  };
}

const parse = (argv: readonly string[]) =>
  parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      tools: { type: 'string' },
      'max-spend': { type: 'string' },
      http: { type: 'boolean' },
      port: { type: 'string' },
      profile: { type: 'string' },
      sandbox: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
