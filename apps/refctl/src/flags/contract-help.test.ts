import { parameterDescription } from '@refapi/schema/client';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createRunState } from '../cli/run-state';
import { processIo } from '../io/io';
import { createProgram } from '../program';
import { OPERATION_COMMANDS } from './operation-commands';

const program = createProgram({
  io: processIo(),
  state: createRunState(),
  signal: new AbortController().signal,
});

const commandAt = (path: string): Command => {
  let command = program;
  for (const name of path.split(' ')) {
    const next = command.commands.find((c) => c.name() === name);
    if (next === undefined) throw new Error(`no command ${path}`);
    command = next;
  }
  return command;
};

/** The line of `flag` in the command's --help, wide enough that nothing wraps. */
function helpLine(path: string, flag: string): string {
  const command = commandAt(path);
  let text = '';
  command.configureOutput({ writeOut: (s) => (text += s) });
  command.configureHelp({ helpWidth: 1000 });
  command.outputHelp();
  const line = text.split('\n').find((l) => l.trimStart().startsWith(`${flag} `));
  if (line === undefined) throw new Error(`no ${flag} in the help of ${path}`);
  return line.trim().replace(/ {2,}/, '  ');
}

describe('flag help from the contract', () => {
  it.each([
    ['orders create', '--plan <code>', 'createOrder', 'plan_code', ' (required)'],
    ['orders create', '--period <ref>', 'createOrder', 'period_ref', ''],
    ['orders create', '--ipv6-only', 'createOrder', 'ipv6_only', ''],
    ['services list', '--status <status>', 'listServices', 'status', ''],
    ['invoices list', '--cursor <ref>', 'listInvoices', 'cursor', ''],
    ['shield rules add', '--rate-pps <n>', 'createShieldRule', 'rate_pps', ''],
    ['shield rules add', '--explicit-broad-ack', 'createShieldRule', 'explicit_broad_ack', ''],
    ['shield evidence', '--cursor <ref>', 'getShieldRuleEvidence', 'cursor', ''],
  ] as const)('%s %s is the description of %s.%s', (path, flag, operation, name, after) => {
    const description = parameterDescription(operation, name, (id) => OPERATION_COMMANDS[id]);
    expect(description).toBeDefined();
    expect(helpLine(path, flag)).toBe(`${flag}  ${description}${after}`);
  });

  it('names other operations by their refctl command, not their HTTP route', () => {
    expect(helpLine('orders create', '--plan <code>')).toBe(
      '--plan <code>  A plan code from refctl plans list, like kvm-s. (required)',
    );
    expect(helpLine('shield rules add', '--mode <mode>')).toBe(
      '--mode <mode>  observe: only watch matching traffic; enforce: apply the action to it. (required) (choices: "observe", "enforce")',
    );
  });

  it("names the operation's other inputs by the flags that send them", () => {
    expect(helpLine('orders create', '--os-name <name>')).toBe(
      '--os-name <name>  An OS image of the plan by name, from refctl plans list (or give --os).',
    );
    expect(helpLine('shield rules add', '--tcp-flags-mask <n>')).toBe(
      '--tcp-flags-mask <n>  TCP flags to test, as a bit mask; with --tcp-flags-value; protocol tcp only (422 tcp_flags_need_tcp).',
    );
    // Words of the API that are no input here stay as they are.
    expect(helpLine('shield rules add', '--action <action>')).toBe(
      '--action <action>  What to do with matching traffic; rate_limit needs --rate-pps or --rate-bps (422 rate_limit_needs_rate). (required) (choices: "pass", "drop", "rate_limit")',
    );
  });

  it('adds what only refctl takes after the contract text, and keeps its own words where the flag differs', () => {
    const window = parameterDescription('getShieldTraffic', 'window_hours');
    expect(helpLine('shield traffic', '--window <window>')).toBe(
      `--window <window>  ${window} Written in hours or days: 24h, 7d.`,
    );
    // refctl's --limit counts items across pages; the API's limit is one page's size.
    expect(helpLine('invoices list', '-L, --limit <n>')).toBe(
      '-L, --limit <n>  print at most n items (pages are fetched as needed)',
    );
  });
});

describe('OPERATION_COMMANDS', () => {
  it.each(Object.entries(OPERATION_COMMANDS))(
    '%s is sent by %s, a command of refctl',
    (_, line) => {
      const command = commandAt(line.replace(/^refctl /, ''));
      expect(command.commands).toEqual([]);
    },
  );
});
