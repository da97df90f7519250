import { readFileSync, writeFileSync } from 'node:fs';
import { isRefSdkError, RefClient, type ShieldRuleIntent } from '@refapi/sdk';
import { automateShield } from './automate';
import { reportFileName } from './export-report';

// Against `pnpm start` (the reference server), in this folder:
//   REF_API_KEY=refak_demo_eur_full pnpm start [SERVICE_REF] [RULES_JSON]
// Each Shield step takes 5 s of server time, so this takes about 10 s on a real clock.
try {
  const serviceRef = process.argv[2] ?? 'REF-SVC-101';
  const rulesFile = process.argv[3] ?? new URL('../rules.json', import.meta.url);
  const intents = JSON.parse(readFileSync(rulesFile, 'utf8')) as ShieldRuleIntent[];
  const { csv } = await automateShield(new RefClient(), serviceRef, intents);
  writeFileSync(reportFileName(serviceRef), csv);
  console.log(`wrote ${reportFileName(serviceRef)} (${csv.split('\r\n').length - 2} rows)`);
} catch (error) {
  console.error(isRefSdkError(error) ? error.message : error);
  process.exitCode = 1;
}
