import { ServiceRef } from '@refapi/schema/common';
import {
  RulePathParams,
  ShieldEvidenceQuery,
  ShieldExportQuery,
  ShieldTrafficQuery,
  ShieldWindowQuery,
} from '@refapi/schema/shield';
import { LIMITS } from '@refapi/schema/values';
import { typedHandler } from '../cli/typed-handler';
import { UsageError } from '../errors/cli-error';
import {
  ACTIVITY_FLAGS,
  EVIDENCE_FLAGS,
  EXPORT_FLAGS,
  TRAFFIC_FLAGS,
} from '../flags/command-flags';
import { flagSchema } from '../flags/flag-schema';
import { escapeControlsInLines } from '../output/control-chars';
import { toJson } from '../output/json';
import { createClient } from '../runtime/client';
import { note, print } from '../runtime/print';
import { pagingRequest, printList } from '../runtime/print-list';
import { serverTime } from '../runtime/server-time';
import { asFlag, validateArg, validateInput } from '../runtime/validate';
import { writeOutput } from '../runtime/write-output';
import { loadUi } from '../ui/load-ui';
import { evidenceView, telemetryItemView } from './views';
import { liveViews } from './wait';
import { watchTrafficPlain } from './watch-plain';

const windowFlag = (path: readonly PropertyKey[]) =>
  path[0] === 'window_hours' ? '--window' : asFlag(path);

/** `refctl shield traffic REF [--window] [--group-by] [--watch]`. */
export const traffic = typedHandler(flagSchema(TRAFFIC_FLAGS), async (ctx, [ref], opts) => {
  const serviceRef = validateArg(ServiceRef, ref!, 'service reference');
  const query = validateInput(
    ShieldTrafficQuery,
    { window_hours: opts.window, group_by: opts.groupBy },
    windowFlag,
  );
  const shield = (await createClient(ctx)).shield(serviceRef);
  if (opts.watch !== true) {
    const value = await shield.traffic(query, { signal: ctx.signal });
    await print(ctx, { kind: 'rows', value, rows: value.items, view: telemetryItemView });
    return;
  }
  // Each refresh carries the server's time of the answer: the watches print that, not ours.
  const load = async () => {
    const { data, response } = await shield.traffic(query, { signal: ctx.signal }).withResponse();
    return { telemetry: data, at: serverTime(response.headers.get('date'), data.end) };
  };
  if (liveViews(ctx)) {
    const { watchTraffic } = await loadUi();
    const { endWatch } = await import('./watch-end');
    endWatch(await watchTraffic(ctx.io, serviceRef, load));
    return;
  }
  await watchTrafficPlain(ctx, load);
});

/** `refctl shield activity REF [--window]`. */
export const activity = typedHandler(flagSchema(ACTIVITY_FLAGS), async (ctx, [ref], opts) => {
  const serviceRef = validateArg(ServiceRef, ref!, 'service reference');
  const query = validateInput(ShieldWindowQuery, { window_hours: opts.window }, windowFlag);
  const client = await createClient(ctx);
  const value = await client.shield(serviceRef).protectionActivity(query, { signal: ctx.signal });
  await print(ctx, { kind: 'rows', value, rows: value.items, view: telemetryItemView });
});

/**
 * `refctl shield export REF --dataset … --format csv|json [-f file]`: the server's export
 * (its formula-safe CSV, or the telemetry JSON) with control characters shown as in every
 * output; `-o` does not apply.
 */
export const exportData = typedHandler(flagSchema(EXPORT_FLAGS), async (ctx, [ref], opts) => {
  const serviceRef = validateArg(ServiceRef, ref!, 'service reference');
  const query = validateInput(
    ShieldExportQuery,
    {
      dataset: opts.dataset,
      format: opts.format,
      window_hours: opts.window,
      group_by: opts.groupBy,
    },
    windowFlag,
  );
  // `-` is stdout, as for --plan-out and --input, not a file named `-`.
  const file = opts.file ?? '-';
  // --jq filters the JSON refctl prints: refused before any request where there is none to
  // filter, rather than failing in jq on CSV (exit 1) or being dropped for a file.
  if (ctx.globals.jq !== undefined && query.format === 'csv') {
    throw new UsageError(
      '--jq filters JSON output: --format csv exports CSV; use --format json',
      'invalid_input',
    );
  }
  if (ctx.globals.jq !== undefined && file !== '-') {
    throw new UsageError(
      '--jq filters what refctl prints, not what -f writes: drop -f and redirect stdout',
      'invalid_input',
    );
  }
  const shield = (await createClient(ctx)).shield(serviceRef);
  // The server's CSV is formula-safe already; its control characters are shown like any
  // other output's, whether it goes to stdout or a file (`cat`-ed later).
  const text =
    query.format === 'csv'
      ? escapeControlsInLines(
          await shield.export({ ...query, format: 'csv' }, { signal: ctx.signal }),
        )
      : `${toJson(await shield.export({ ...query, format: 'json' }, { signal: ctx.signal }), 2)}\n`;
  await writeOutput(ctx, file, text);
  if (file !== '-') note(ctx, `wrote ${Buffer.byteLength(text)} bytes to ${file}`);
});

/**
 * `refctl shield evidence REF RULE_ID [--action] [-L n | --paginate] [--cursor]`: a list like
 * the others (`--json` fields, `-L`, `--paginate`), paged by the API's opaque cursor.
 */
export const evidence = typedHandler(flagSchema(EVIDENCE_FLAGS), async (ctx, [ref, id], opts) => {
  const { service_ref: serviceRef, rule_id: ruleId } = validateInput(
    RulePathParams,
    { service_ref: ref, rule_id: id },
    (path) => (path[0] === 'service_ref' ? `service reference "${ref}"` : `rule id "${id}"`),
  );
  const paging = pagingRequest(ctx, opts, evidenceView, LIMITS.evidencePageSizeMax);
  const valid = validateInput(
    ShieldEvidenceQuery,
    { ...paging.query, action: opts.action },
    asFlag,
  );
  const client = await createClient(ctx);
  const samples = client.shield(serviceRef).evidence(ruleId, valid, paging.options);
  await printList(ctx, samples, evidenceView, paging);
});
