import { mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { lock } from 'proper-lockfile';
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
/** A rule as the record keeps it. */
const STORED = {
  service_ref: 'REF-SVC-1',
  name: 'kept',
  mode: 'enforce',
  action: 'drop',
  match: 'udp dst 53',
  sent_at: at(0).toISOString(),
};

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

  it('skips an entry it cannot read, and writes it back as it was', async () => {
    const path = await recordIn();
    const other = 'https://prod.example/v1 REF-ACCT-9';
    const mine = `${ACCOUNT.baseUrl} ${ACCOUNT.accountRef}`;
    const { match: _, ...noMatch } = STORED;
    const stored = {
      version: 1,
      accounts: {
        [other]: {
          used_at: at(0).toISOString(),
          rules: { good: STORED, 'no-match': noMatch },
          note: 'a member of a later refctl',
        },
        [mine]: {
          used_at: at(0).toISOString(),
          rules: { 'r-1': STORED, 'r-bad': { name: 42 } },
        },
        'a broken account': 5,
      },
    };
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, JSON.stringify(stored));
    expect(await readSentRules(path, ACCOUNT)).toEqual(new Map([['r-1', STORED]]));
    expect(await recordSentRules(path, ACCOUNT, sent('r-2'), at(1))).toEqual({ saved: true });
    const written = JSON.parse(await readFile(path, 'utf8')) as {
      accounts: Record<string, { rules: object }>;
    };
    expect(written.accounts[other]).toEqual(stored.accounts[other]);
    expect(written.accounts['a broken account']).toBe(5);
    expect(Object.keys(written.accounts[mine]!.rules)).toEqual(['r-1', 'r-bad', 'r-2']);
    expect([...(await readSentRules(path, ACCOUNT)).keys()]).toEqual(['r-1', 'r-2']);
  });

  it('never writes over a file it cannot read, and says why', async () => {
    const path = await recordIn();
    await mkdir(dirname(path), { recursive: true });
    const cases = [
      ['{"version":1,"accounts":', `${path} is not valid JSON`],
      ['{"version":2,"accounts":{}}', `${path} is of version 2, which this refctl does not know`],
      ['[]', `${path} is not a record of rules this refctl knows`],
      [
        JSON.stringify({
          version: 1,
          accounts: { [`${ACCOUNT.baseUrl} ${ACCOUNT.accountRef}`]: [] },
        }),
        `${path} holds an entry for this account that refctl cannot read`,
      ],
    ];
    for (const [text, why] of cases) {
      await writeFile(path, text!);
      expect((await readSentRules(path, ACCOUNT)).size).toBe(0);
      expect(await recordSentRules(path, ACCOUNT, sent('r-1'))).toEqual({ saved: false, why });
      expect(await readFile(path, 'utf8')).toBe(text);
    }
  });

  it('leaves the file alone while another run holds it past the wait', async () => {
    const path = await recordIn();
    await recordSentRules(path, ACCOUNT, sent('r-1'));
    const before = await readFile(path, 'utf8');
    const release = await lock(path, { realpath: false });
    try {
      expect(await recordSentRules(path, ACCOUNT, sent('r-2'))).toEqual({
        saved: false,
        why: `${path} is being changed by another refctl run`,
      });
    } finally {
      await release();
    }
    expect(await readFile(path, 'utf8')).toBe(before);
  });
});
