import type { RefClient, ShieldRuleIntent } from '@refapi/sdk';
import { addRules } from './add-rules';
import { trafficReportCsv } from './export-report';
import { type WaitOptions, waitUntilActive } from './wait-active';

/** Adds the rules, waits until all are active, and returns the 24 h traffic report (CSV). */
export async function automateShield(
  client: RefClient,
  serviceRef: string,
  intents: readonly ShieldRuleIntent[],
  wait: WaitOptions = {},
) {
  const queued = await addRules(client, serviceRef, intents);
  const active = await waitUntilActive(
    client,
    serviceRef,
    queued.map((rule) => rule.id),
    wait,
  );
  console.log(`${active.length} rule(s) active on ${serviceRef}`);
  const csv = await trafficReportCsv(client, serviceRef);
  return { rules: active, csv };
}
