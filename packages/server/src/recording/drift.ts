import { randomBytes } from 'node:crypto';
import { isCredentialName } from '@refapi/schema';
import { createReferenceServer } from '../transport/node/reference-server';
import { bodyText, type RecordedExchange, readRecording } from './recording-format';
import { PLACEHOLDER_TOKEN, scenarioFromRecording } from './scenario-from-recording';
import { UpstreamClock } from './upstream-clock';

// `ref-server drift`: the recording replayed in order against a reference server in process
// loaded with the recording's own scenario, its clock at each exchange's upstream time
// (`upstream-clock.ts`). An exchange matches when the status is the same and so is the body
// once volatile fields are set aside. The recording is read twice (scenario, then replay),
// line by line; the report keeps per-operation counts and at most MAX_DIFFERENCES
// differences, so a recording of any size is replayed in bounded memory.

/** Differences a report keeps; the rest are counted in `differences_omitted`. */
const MAX_DIFFERENCES = 1000;

/**
 * Characters of JSON a difference keeps of each side's value. A recorded body holds up to
 * 1 MiB: kept whole, a thousand differences could hold two gigabytes, and print them.
 */
const SHOWN_VALUE_CHARS = 500;

/** Fields whose values differ on every call: never compared. */
const VOLATILE_FIELDS = new Set(['server_time', 'as_of', 'request_id', 'requestId']);

/** References a server mints: an order's, invoice's… (`REF-ORD-1A`) and rule ids (uuids). */
const MINTED_REF =
  /^(REF-[A-Z]+-[0-9A-F]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

// Headers of one connection or recomputed by the transport: not replayed.
const NOT_REPLAYED = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
]);

/** One difference between a recorded answer and the reference server's. */
interface DriftDifference {
  /** The exchange's number in the recording. */
  readonly seq: number;
  readonly operation: string;
  readonly method: string;
  readonly path: string;
  /** `(status)`, `(body)` for non-JSON bodies, else a JSON path such as `$.plans[0].account_price.base`. */
  readonly json_path: string;
  readonly recorded: unknown;
  readonly replayed: unknown;
}

/** What `ref-server drift` reports (`--json` prints it as is). */
export interface DriftReport {
  /** Per operation (contract operationId; `other` for paths outside the contract). */
  readonly operations: Record<string, { matched: number; total: number }>;
  readonly differences: DriftDifference[];
  readonly differences_omitted: number;
  /** Exchanges matched on status alone: a body was cut at the recording's cap. */
  readonly bodies_unchecked: number;
  readonly matched: number;
  readonly total: number;
}

const kindOf = (ref: string) => (ref.startsWith('REF-') ? ref.split('-')[1] : 'uuid');

/** Compares recorded and replayed answers, learning the refs each side minted. */
class Comparer {
  /** Recorded minted ref → the replay's; its later uses compare through it. */
  readonly refs = new Map<string, string>();

  constructor(private readonly known: ReadonlySet<string>) {}

  /** Rewrites the recorded refs of `text` (a path, query or body) to the replay's. */
  rewrite(text: string): string {
    if (this.refs.size === 0) return text;
    return text.replace(
      /REF-[A-Z]+-[0-9A-F]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
      (ref) => this.refs.get(ref) ?? ref,
    );
  }

  diff(
    recorded: unknown,
    replayed: unknown,
    path: string,
    out: Array<[string, unknown, unknown]>,
  ): void {
    if (typeof recorded === 'string' && typeof replayed === 'string') {
      const mapped = this.refs.get(recorded);
      if (mapped !== undefined) {
        if (mapped !== replayed) out.push([path, recorded, replayed]);
        return;
      }
      if (recorded === replayed) return;
      // A ref the recording's writes minted (not in the scenario): the replay minted its own.
      if (
        MINTED_REF.test(recorded) &&
        MINTED_REF.test(replayed) &&
        !this.known.has(recorded) &&
        kindOf(recorded) === kindOf(replayed)
      ) {
        this.refs.set(recorded, replayed);
        return;
      }
      out.push([path, recorded, replayed]);
      return;
    }
    if (Array.isArray(recorded) && Array.isArray(replayed)) {
      const length = Math.max(recorded.length, replayed.length);
      for (let i = 0; i < length; i++) {
        if (i >= recorded.length) out.push([`${path}[${i}]`, undefined, replayed[i]]);
        else if (i >= replayed.length) out.push([`${path}[${i}]`, recorded[i], undefined]);
        else this.diff(recorded[i], replayed[i], `${path}[${i}]`, out);
      }
      return;
    }
    if (isPlainObject(recorded) && isPlainObject(replayed)) {
      const keys = new Set([...Object.keys(recorded), ...Object.keys(replayed)]);
      for (const key of keys) {
        if (VOLATILE_FIELDS.has(key)) continue;
        const at = /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)
          ? `${path}.${key}`
          : `${path}[${JSON.stringify(key)}]`;
        if (!(key in recorded)) out.push([at, undefined, replayed[key]]);
        else if (!(key in replayed)) out.push([at, recorded[key], undefined]);
        else this.diff(recorded[key], replayed[key], at, out);
      }
      return;
    }
    if (recorded !== replayed) out.push([path, recorded, replayed]);
  }
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every ref and id a scenario holds (the account's records, its catalog, Shield rules). */
function refsOf(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') {
    if (MINTED_REF.test(value)) into.add(value);
  } else if (Array.isArray(value)) for (const item of value) refsOf(item, into);
  else if (isPlainObject(value)) for (const item of Object.values(value)) refsOf(item, into);
  return into;
}

/**
 * The token a replayed request carries when the upstream refused the recorded one (401): no
 * key of the scenario holds it. The recording never holds the token itself, so a request made
 * with a wrong key would otherwise be replayed with the scenario's key and succeed.
 */
const REFUSED_TOKEN = 'refak_recorded_refused';

/** The request of a recorded exchange as the reference server in process gets it. */
function replayRequest(exchange: RecordedExchange, comparer: Comparer): RequestInit {
  const headers = new Headers();
  const token = exchange.status === 401 ? REFUSED_TOKEN : PLACEHOLDER_TOKEN;
  for (const [name, value] of Object.entries(exchange.request.headers)) {
    if (NOT_REPLAYED.has(name)) continue;
    if (name === 'authorization') headers.set(name, `Bearer ${token}`);
    // Other credentials were redacted in the recording: not sent.
    else if (!isCredentialName(name)) headers.set(name, comparer.rewrite(value));
  }
  const { body, body_encoding } = exchange.request;
  if (body === null || exchange.method === 'GET' || exchange.method === 'HEAD')
    return { method: exchange.method, headers };
  return {
    method: exchange.method,
    headers,
    body: body_encoding === 'base64' ? Buffer.from(body, 'base64') : comparer.rewrite(body),
  };
}

/**
 * Replays `file` against a reference server in process loaded with the recording's own
 * scenario (`scenarioFromRecording`) and reports what differs.
 */
export async function driftReport(file: string): Promise<DriftReport> {
  const { scenario } = await scenarioFromRecording(file);
  const server = createReferenceServer({
    // Frozen from the start: the clock moves only to each exchange's time, never past it.
    scenario: { ...scenario, frozen: true },
    adminToken: randomBytes(24).toString('hex'),
    onError: () => {},
  });
  await server.ready;
  const comparer = new Comparer(refsOf(scenario, new Set()));
  const clock = new UpstreamClock(
    scenario.now === undefined ? undefined : Date.parse(scenario.now),
  );
  const operations: Record<string, { matched: number; total: number }> = {};
  const differences: DriftDifference[] = [];
  let omitted = 0;
  let unchecked = 0;
  let matched = 0;
  let total = 0;
  const base = server.baseUrl;
  try {
    for await (const exchange of readRecording(file)) {
      const at = clock.timeOf(exchange);
      if (at > Date.parse(server.admin.clock.now().now)) server.admin.clock.set(new Date(at));
      const operation = exchange.operation ?? 'other';
      const url = `${base}${comparer.rewrite(exchange.path.slice(3))}${exchange.query === '' ? '' : `?${comparer.rewrite(exchange.query)}`}`;
      const found: Array<[string, unknown, unknown]> = [];
      if (exchange.request.body_truncated) {
        found.push(['(request)', 'body cut at the recording cap: not replayed', null]);
      } else {
        const response = await server.fetch(url, replayRequest(exchange, comparer));
        const text = await response.text();
        if (response.status !== exchange.status)
          found.push(['(status)', exchange.status, response.status]);
        else if (exchange.response.body === null) {
          if (text !== '') found.push(['(body)', null, text]);
        } else {
          const recordedText = bodyText(exchange.response);
          // Cut at the recording cap, binary, or in an encoding we cannot read: status only.
          if (recordedText === undefined) unchecked++;
          else {
            const recorded = parseJson(recordedText);
            const replayed = parseJson(text);
            if (recorded !== undefined && replayed !== undefined)
              comparer.diff(recorded, replayed, '$', found);
            else if (recordedText !== text) found.push(['(body)', recordedText, text]);
          }
        }
      }
      const counts = operations[operation] ?? { matched: 0, total: 0 };
      operations[operation] = counts;
      counts.total++;
      total++;
      if (found.length === 0) {
        counts.matched++;
        matched++;
        continue;
      }
      for (const [json_path, recorded, replayed] of found) {
        if (differences.length >= MAX_DIFFERENCES) {
          omitted++;
          continue;
        }
        differences.push({
          seq: exchange.seq,
          operation,
          method: exchange.method,
          path: exchange.path,
          json_path,
          recorded: shown(recorded),
          replayed: shown(replayed),
        });
      }
    }
  } finally {
    await server.close();
  }
  return {
    operations,
    differences,
    differences_omitted: omitted,
    bodies_unchecked: unchecked,
    matched,
    total,
  };
}

/**
 * A value as a difference keeps it: whole when its JSON is at most SHOWN_VALUE_CHARS
 * characters, else a string of its first SHOWN_VALUE_CHARS characters of JSON and how long
 * it was, so the report's memory does not follow the recording's bodies.
 */
function shown(value: unknown): unknown {
  if (value === undefined) return value;
  const json = JSON.stringify(value);
  if (json.length <= SHOWN_VALUE_CHARS) return value;
  // Not cut inside a surrogate pair, and copied: a slice of a string keeps the whole alive.
  const end = /[\uD800-\uDBFF]/.test(json.charAt(SHOWN_VALUE_CHARS - 1))
    ? SHOWN_VALUE_CHARS - 1
    : SHOWN_VALUE_CHARS;
  const head = Buffer.from(json.slice(0, end), 'utf8').toString('utf8');
  return `${head}… (${json.length} characters of JSON)`;
}

const show = (value: unknown): string => (value === undefined ? '(absent)' : JSON.stringify(value));

/** The text report: matched/total per operation, each difference, then `fidelity m/n`. */
export function formatDriftReport(report: DriftReport): string {
  const names = Object.keys(report.operations).sort();
  const width = Math.max(9, ...names.map((n) => n.length));
  const lines = [`${'operation'.padEnd(width)}  matched/total`];
  for (const name of names) {
    const { matched, total } = report.operations[name] as { matched: number; total: number };
    lines.push(`${name.padEnd(width)}  ${matched}/${total}`);
  }
  if (report.differences.length > 0) lines.push('', 'differences (recorded -> reference server):');
  for (const d of report.differences) {
    lines.push(
      `  #${d.seq} ${d.operation} ${d.method} ${d.path}: ${d.json_path}: ${show(d.recorded)} -> ${show(d.replayed)}`,
    );
  }
  if (report.differences_omitted > 0)
    lines.push(`  … ${report.differences_omitted} more differences not shown`);
  if (report.bodies_unchecked > 0) {
    lines.push(
      `${report.bodies_unchecked} answers compared on status only (body cut at the recording cap)`,
    );
  }
  lines.push(`fidelity ${report.matched}/${report.total}`);
  return `${lines.join('\n')}\n`;
}
