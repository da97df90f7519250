// What the READMEs show refctl printing is what it prints: their `text` blocks of the order
// and Shield recipes, compared with the run of the recipe's own command on a fresh demo
// server (`…` in a block stands for what differs per run: ids and times).
import { readFileSync } from 'node:fs';
import { demoScenario } from '@refapi/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { tempConfigHome } from './helpers/run-refctl';
import { startServer, type TestServer } from './helpers/test-server';

const readme = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

/** The `text` block of `doc` whose first line starts with `start`. */
function textBlock(doc: string, start: string): string[] {
  const block = [...doc.matchAll(/```text\n([\s\S]*?)```/g)]
    .map((m) => m[1] ?? '')
    .find((text) => text.startsWith(start));
  if (block === undefined) throw new Error(`no text block starting with ${start}`);
  return block.trimEnd().split('\n');
}

/**
 * A line of a block as a pattern: literal, but `…` (and an id shortened to `5b0f9a4e-…`)
 * matches anything, and the padding between table columns any width.
 */
function pattern(line: string): RegExp {
  const literal = (part: string) =>
    part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ {2,}/g, ' {2,}');
  const parts = line.replace(/\b[0-9a-f]{8}-…/g, '…').split('…');
  return new RegExp(`^${parts.map(literal).join('.*')}$`);
}

let server: TestServer;
const env = () => ({
  REF_BASE_URL: server.baseUrl,
  REF_API_KEY: 'refak_demo_eur_full',
  XDG_CONFIG_HOME: tempConfigHome(),
});
beforeAll(async () => {
  server = await startServer(demoScenario);
});
afterAll(() => server.close());
beforeEach(() => server.admin('POST', 'reset'));

describe('the READMEs show what refctl prints', () => {
  it('README.md: the yearly order, its quote and what it charged', async () => {
    const shown = textBlock(readme('README.md'), 'quote: kvm-s');
    const args = ['orders', 'create', '--type', 'kvm', '--plan', 'kvm-s', '--period'];
    const run = await refctl([...args, 'REF-PERIOD-12', '--yes'], { env: env() });
    expect(run.code).toBe(0);
    expect(run.stderr.trimEnd().split('\n')).toEqual(shown);
  });

  it('apps/refctl/README.md: the yearly order with an addon, asked then charged', async () => {
    const [quote, question, charged] = textBlock(readme('apps/refctl/README.md'), 'quote: kvm-s');
    const run = await refctl(
      ['orders', 'create', '--type', 'kvm', '--plan', 'kvm-s', '--period', 'REF-PERIOD-12'].concat([
        '--os',
        'REF-OS-11',
        '--addon',
        'REF-ADDON-12=1',
        '--yes',
      ]),
      { env: env() },
    );
    expect(run.code).toBe(0);
    expect(run.stderr.trimEnd().split('\n')).toEqual([quote, charged]);
    // The question (asked on a terminal, see interactive.test.ts) names the same total.
    const total = /= (\d+\.\d\d EUR)$/.exec(quote ?? '')?.[1];
    expect(question).toBe(`Buy kvm-s (yearly) for ${total} from the balance? [y/N] y`);
  });

  it('README.md: the Shield rule listing, names and matches', async () => {
    const shown = textBlock(readme('README.md'), 'ID ');
    // One user: refctl names the rules it added from its record in that user's config.
    const user = env();
    const add = await refctl(
      [
        'shield',
        'rules',
        'add',
        'REF-SVC-101',
        '--name',
        'block-dns-amp',
        '--mode',
        'enforce',
      ].concat(
        ['--action', 'drop', '--risk', 'high', '--protocol', 'udp', '--destination-port', '53'],
        ['--source-cidr', '198.51.100.0/24'],
      ),
      { env: user },
    );
    expect(add.code).toBe(0);
    // queued → applying → active, five seconds of server time per step.
    await server.admin('POST', 'clock', { advance_seconds: 10 });
    const list = await refctl(['shield', 'rules', 'list', 'REF-SVC-101'], { env: user });
    expect(list.code).toBe(0);
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(shown.length);
    for (const [i, line] of shown.entries()) expect(lines[i]).toMatch(pattern(line));
  });
});
