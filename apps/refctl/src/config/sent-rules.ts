import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type ShieldRuleIntent, shieldRuleMatch } from '@refapi/schema/shield';
import { z } from 'zod';
import { writePrivateFile } from './config-file';
import { FileLockedError, whileLocked } from './file-lock';

// The API answers a Shield rule with its id, kind and state, never with the name, mode, action
// and match it was created with (the real service does not return them). refctl keeps its own
// record of what it sent for the rules it created, per base URL and account, so its listings
// can show them; a rule created elsewhere shows `-`.

/** Rules kept per account: the API's account quota (300) twice over, oldest dropped first. */
export const SENT_RULES_PER_ACCOUNT = 600;
/** Accounts kept (a base URL and account each), the longest unused dropped first. */
export const SENT_RULE_ACCOUNTS = 32;

/** What refctl sent for one rule it created. */
const SentRule = z.object({
  service_ref: z.string(),
  name: z.string(),
  mode: z.string(),
  action: z.string(),
  match: z.string(),
  sent_at: z.string(),
});

/** What refctl sent for one rule it created: its intent's name, mode, action and match. */
export type SentRule = z.infer<typeof SentRule>;

const AccountRules = z.object({
  used_at: z.string(),
  rules: z.record(z.string(), SentRule),
});

const SentRulesFile = z.object({
  version: z.literal(1),
  accounts: z.record(z.string(), AccountRules),
});
type SentRulesFile = z.infer<typeof SentRulesFile>;

/** `rules.json` beside the config file (same directory, same privacy). */
export const sentRulesPath = (configPath: string): string =>
  join(dirname(configPath), 'rules.json');

/** The account a record belongs to: the API's base URL and the key's account. */
export interface RuleAccount {
  readonly baseUrl: string;
  readonly accountRef: string;
}

const accountKey = ({ baseUrl, accountRef }: RuleAccount) => `${baseUrl} ${accountRef}`;

/**
 * Reads the record; a missing, unreadable or malformed file is an empty record: it only adds
 * names to listings, and a listing never fails for it.
 */
async function readRecord(path: string): Promise<SentRulesFile> {
  try {
    const parsed = SentRulesFile.safeParse(JSON.parse(await readFile(path, 'utf8')));
    if (parsed.success) return parsed.data;
  } catch {}
  return { version: 1, accounts: {} };
}

/** Whether the record holds any rule sent to `baseUrl` (a listing asks the account only then). */
export async function hasSentRules(path: string, baseUrl: string): Promise<boolean> {
  const { accounts } = await readRecord(path);
  return Object.keys(accounts).some((key) => key.startsWith(`${baseUrl} `));
}

/** The rules refctl created for one account, by rule id. */
export async function readSentRules(
  path: string,
  account: RuleAccount,
): Promise<ReadonlyMap<string, SentRule>> {
  const { accounts } = await readRecord(path);
  return new Map(Object.entries(accounts[accountKey(account)]?.rules ?? {}));
}

/** The oldest entries of `record` past `max`, by `at`. */
function overflow<T>(record: Record<string, T>, max: number, at: (value: T) => string): string[] {
  const keys = Object.keys(record);
  if (keys.length <= max) return [];
  return keys
    .sort((a, b) => at(record[a]!).localeCompare(at(record[b]!)))
    .slice(0, keys.length - max);
}

/**
 * Records what was sent for rule `ruleId`, and forgets `gone` (rules of the account a listing
 * no longer shows). The file is private to its owner, like the config file.
 */
export async function recordSentRules(
  path: string,
  account: RuleAccount,
  change: {
    readonly sent?: {
      readonly ruleId: string;
      readonly serviceRef: string;
      readonly intent: ShieldRuleIntent;
    };
    readonly gone?: readonly string[];
  },
  now: Date = new Date(),
): Promise<void> {
  const write = () => changeRecord(path, account, change, now);
  // Only names for listings: without the lock in time, written all the same.
  await whileLocked(path, write).catch((error: unknown) => {
    if (error instanceof FileLockedError) return write();
    throw error;
  });
}

async function changeRecord(
  path: string,
  account: RuleAccount,
  change: Parameters<typeof recordSentRules>[2],
  now: Date,
): Promise<void> {
  const record = await readRecord(path);
  const key = accountKey(account);
  const rules = { ...record.accounts[key]?.rules };
  for (const id of change.gone ?? []) delete rules[id];
  if (change.sent !== undefined) {
    const { ruleId, serviceRef, intent } = change.sent;
    rules[ruleId] = {
      service_ref: serviceRef,
      name: intent.name,
      mode: intent.mode,
      action: intent.action,
      match: shieldRuleMatch(intent),
      sent_at: now.toISOString(),
    };
  }
  for (const id of overflow(rules, SENT_RULES_PER_ACCOUNT, (rule) => rule.sent_at))
    delete rules[id];
  const accounts = { ...record.accounts, [key]: { used_at: now.toISOString(), rules } };
  for (const old of overflow(accounts, SENT_RULE_ACCOUNTS, (entry) => entry.used_at)) {
    delete accounts[old];
  }
  await writePrivateFile(path, `${JSON.stringify({ version: 1, accounts })}\n`);
}
