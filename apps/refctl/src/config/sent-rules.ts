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
//
// Nothing can bring a lost name back, so no write loses one: the file is read entry by entry,
// an entry refctl cannot read (hand-edited, or of a later refctl) is skipped and written back
// as it was, and a file it cannot read at all (not JSON, another version) is never written.

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

/** A JSON object as read from the file, kept whole whatever refctl makes of its members. */
type Entries = Record<string, unknown>;
const isEntries = (value: unknown): value is Entries =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** The text at `field` of an entry, for ordering; '' (the oldest) when it has none. */
const textAt = (entry: unknown, field: string): string =>
  isEntries(entry) && typeof entry[field] === 'string' ? entry[field] : '';

/** The record as found: a version-1 file, or why refctl must not write over it. */
type Found = { readonly file: Entries & { accounts: Entries } } | { readonly unreadable: string };

/** Whether a record was written, and why not. */
type Outcome = { readonly saved: true } | { readonly saved: false; readonly why: string };

/** `rules.json` beside the config file (same directory, same privacy). */
export const sentRulesPath = (configPath: string): string =>
  join(dirname(configPath), 'rules.json');

/** The account a record belongs to: the API's base URL and the key's account. */
export interface RuleAccount {
  readonly baseUrl: string;
  readonly accountRef: string;
}

const accountKey = ({ baseUrl, accountRef }: RuleAccount) => `${baseUrl} ${accountRef}`;

/** A missing file is an empty record; one refctl cannot read says why. */
async function readRecord(path: string): Promise<Found> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT') return { file: { version: 1, accounts: {} } };
    return { unreadable: `cannot read ${path} (${code ?? (error as Error).message})` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { unreadable: `${path} is not valid JSON` };
  }
  if (isEntries(json) && typeof json.version === 'number' && json.version !== 1) {
    return { unreadable: `${path} is of version ${json.version}, which this refctl does not know` };
  }
  if (!isEntries(json) || json.version !== 1 || !isEntries(json.accounts)) {
    return { unreadable: `${path} is not a record of rules this refctl knows` };
  }
  return { file: { ...json, accounts: json.accounts } };
}

/** `key`'s entry, an empty one when there is none; undefined when refctl cannot read it. */
function accountEntry(accounts: Entries, key: string): (Entries & { rules: Entries }) | undefined {
  if (!Object.hasOwn(accounts, key)) return { rules: {} };
  const entry = accounts[key];
  return isEntries(entry) && isEntries(entry.rules) ? { ...entry, rules: entry.rules } : undefined;
}

/**
 * Whether the record holds any rule sent to `baseUrl` (a listing asks the account only then),
 * or why refctl cannot read it (a listing then says its names are not shown).
 */
export async function hasSentRules(
  path: string,
  baseUrl: string,
): Promise<boolean | { readonly unreadable: string }> {
  const found = await readRecord(path);
  if ('unreadable' in found) return found;
  return Object.keys(found.file.accounts).some((key) => key.startsWith(`${baseUrl} `));
}

/**
 * The rules refctl created for one account, by rule id: those it can read. A file it cannot
 * read is an empty record: it only adds names to listings, and a listing never fails for it.
 */
export async function readSentRules(
  path: string,
  account: RuleAccount,
): Promise<ReadonlyMap<string, SentRule>> {
  const found = await readRecord(path);
  const entry =
    'file' in found ? accountEntry(found.file.accounts, accountKey(account)) : undefined;
  return new Map(
    Object.entries(entry?.rules ?? {}).flatMap(([id, kept]) => {
      const rule = SentRule.safeParse(kept);
      return rule.success ? [[id, rule.data] as const] : [];
    }),
  );
}

/** The oldest entries of `record` past `max`, by `at`. */
function overflow(record: Entries, max: number, at: (value: unknown) => string): string[] {
  const keys = Object.keys(record);
  if (keys.length <= max) return [];
  return keys
    .sort((a, b) => at(record[a]).localeCompare(at(record[b])))
    .slice(0, keys.length - max);
}

/**
 * Records what was sent for rule `ruleId`, and forgets `gone` (rules of the account a listing
 * no longer shows). The file is private to its owner, like the config file. Resolves to
 * `saved: false` and why when it was left as it was: a file refctl cannot read, or another
 * run holding it past the lock's wait.
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
): Promise<Outcome> {
  try {
    return await whileLocked(path, () => changeRecord(path, account, change, now));
  } catch (error) {
    // Written without the lock, the file would drop what the run holding it writes meanwhile.
    if (error instanceof FileLockedError) return { saved: false, why: error.why };
    throw error;
  }
}

async function changeRecord(
  path: string,
  account: RuleAccount,
  change: Parameters<typeof recordSentRules>[2],
  now: Date,
): Promise<Outcome> {
  const found = await readRecord(path);
  if ('unreadable' in found) return { saved: false, why: found.unreadable };
  const { file } = found;
  const key = accountKey(account);
  const entry = accountEntry(file.accounts, key);
  if (entry === undefined) {
    return { saved: false, why: `${path} holds an entry for this account that refctl cannot read` };
  }
  const rules = { ...entry.rules };
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
    } satisfies SentRule;
  }
  for (const id of overflow(rules, SENT_RULES_PER_ACCOUNT, (rule) => textAt(rule, 'sent_at')))
    delete rules[id];
  // The account's other members, and every other account, go back as they were read.
  const accounts = { ...file.accounts, [key]: { ...entry, used_at: now.toISOString(), rules } };
  for (const old of overflow(accounts, SENT_RULE_ACCOUNTS, (e) => textAt(e, 'used_at'))) {
    delete accounts[old];
  }
  await writePrivateFile(path, `${JSON.stringify({ ...file, accounts })}\n`);
  return { saved: true };
}
