import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  hasSentRules,
  readSentRules,
  recordSentRules,
  SENT_RULE_ACCOUNTS,
  SENT_RULES_PER_ACCOUNT,
} from './sent-rules';

const recordIn = async () =>
  join(await mkdtemp(join(tmpdir(), 'refctl-rules-')), 'refctl', 'rules.json');
const ACCOUNT = { baseUrl: 'http://127.0.0.1:4010/v1', accountRef: 'REF-ACCT-1' };
const INTENT = {
  name: 'dns',
  mode: 'enforce',
  action: 'drop',
  risk: 'low',
  protocol: 'udp',
  destination_port: 53,
  source_cidr: '198.51.100.0/24',
} as const;
const sent = (ruleId: string) => ({ sent: { ruleId, serviceRef: 'REF-SVC-1', intent: INTENT } });
const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second));

describe("refctl's record of the rules it sent", () => {
  it('keeps name, mode, action and match per base URL and account, private to its owner', async () => {
    const path = await recordIn();
    expect(await hasSentRules(path, ACCOUNT.baseUrl)).toBe(false);
    await recordSentRules(path, ACCOUNT, sent('r-1'), at(0));
    expect(await readSentRules(path, ACCOUNT)).toEqual(
      new Map([
        [
          'r-1',
          {
            service_ref: 'REF-SVC-1',
            name: 'dns',
            mode: 'enforce',
            action: 'drop',
            match: 'udp dst 53 from 198.51.100.0/24',
            sent_at: at(0).toISOString(),
          },
        ],
      ]),
    );
    expect(await hasSentRules(path, ACCOUNT.baseUrl)).toBe(true);
    // Another account on the same server, or the same account elsewhere, sees nothing.
    expect((await readSentRules(path, { ...ACCOUNT, accountRef: 'REF-ACCT-2' })).size).toBe(0);
    expect(await hasSentRules(path, 'http://127.0.0.1:4011/v1')).toBe(false);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(path, '..'))).mode & 0o777).toBe(0o700);
  });

  it('forgets rules no longer listed', async () => {
    const path = await recordIn();
    await recordSentRules(path, ACCOUNT, sent('r-1'));
    await recordSentRules(path, ACCOUNT, sent('r-2'));
    await recordSentRules(path, ACCOUNT, { gone: ['r-1'] });
    expect([...(await readSentRules(path, ACCOUNT)).keys()]).toEqual(['r-2']);
  });

  it('is bounded: the oldest rules and the longest unused accounts go first', async () => {
    const path = await recordIn();
    for (let i = 0; i <= SENT_RULES_PER_ACCOUNT; i++) {
      await recordSentRules(path, ACCOUNT, sent(`r-${i}`), at(i));
    }
    const kept = await readSentRules(path, ACCOUNT);
    expect(kept.size).toBe(SENT_RULES_PER_ACCOUNT);
    expect(kept.has('r-0')).toBe(false);
    expect(kept.has(`r-${SENT_RULES_PER_ACCOUNT}`)).toBe(true);
    for (let i = 1; i <= SENT_RULE_ACCOUNTS; i++) {
      await recordSentRules(
        path,
        { ...ACCOUNT, accountRef: `REF-ACCT-${i + 1}` },
        sent('x'),
        at(5000 + i),
      );
    }
    expect((await readSentRules(path, ACCOUNT)).size).toBe(0);
    const { accounts } = JSON.parse(await readFile(path, 'utf8')) as { accounts: object };
    expect(Object.keys(accounts)).toHaveLength(SENT_RULE_ACCOUNTS);
  });

  it('reads a damaged file as an empty record, and writes a whole one over it', async () => {
    const path = await recordIn();
    await recordSentRules(path, ACCOUNT, sent('r-1'));
    await writeFile(path, '{"version":1,"accounts":');
    expect((await readSentRules(path, ACCOUNT)).size).toBe(0);
    await recordSentRules(path, ACCOUNT, sent('r-2'));
    expect([...(await readSentRules(path, ACCOUNT)).keys()]).toEqual(['r-2']);
  });
});
