import { PassThrough } from 'node:stream';
import { Command, Option } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { UsageError } from '../errors/cli-error';
import { EXIT } from '../errors/exit-codes';
import type { Io } from '../io/io';
import { createProgram } from '../program';
import { lazyAction } from './lazy-action';
import { type Asker, missingRequired, requiredFlag } from './required-flags';
import { createRunState } from './run-state';

/** An Io whose stdin and stdout are terminals, or not. */
function io(terminal: boolean): Io {
  const tty = terminal ? { isTTY: true } : {};
  return {
    stdin: Object.assign(new PassThrough(), tty),
    stdout: { write: () => true, ...tty },
    stderr: { write: () => true, ...tty },
    env: {},
  };
}

/** `refctl buy --type a|b --plan CODE [--note N]`, its action, module loader and asker spied on. */
function buy(terminal: boolean, ask?: Asker) {
  const handler = vi.fn(async () => {});
  const load = vi.fn(async () => ({ handler, ask }));
  const app = { io: io(terminal), state: createRunState(), signal: new AbortController().signal };
  const program = new Command('refctl').option('--no-input').exitOverride();
  program
    .command('buy')
    .addOption(requiredFlag(new Option('--type <type>', 'service type').choices(['a', 'b'])))
    .addOption(requiredFlag(new Option('--plan <code>', 'plan code')))
    .option('--note <text>', 'a note')
    .action(lazyAction(app, load, (m) => m.handler, ask && ((m) => m.ask!)));
  const run = (...args: string[]) => program.parseAsync(['node', 'refctl', ...args]);
  return { run, handler, load, program };
}

describe('required flags', () => {
  it('are marked "(required)" in --help and are not commander-mandatory', () => {
    const option = requiredFlag(new Option('--plan <code>', 'plan code'));
    expect(option.description).toBe('plan code (required)');
    expect(option.mandatory).toBe(false);
  });

  it('missingRequired lists those the command line left out, in --help order', async () => {
    const { run, program } = buy(false);
    await run('buy', '--plan', 'x').catch(() => undefined);
    const command = program.commands[0]!;
    expect(missingRequired(command).map((o) => o.long)).toEqual(['--type']);
  });

  it('off a terminal: one usage error (exit 2) naming every missing flag; nothing loaded', async () => {
    const { run, load, handler } = buy(false);
    const error = await run('buy', '--note', 'n').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe(
      'missing required flags: --type, --plan (or run on a terminal to be asked)',
    );
    expect((error as UsageError).exitCode).toBe(EXIT.usage);
    expect(load).not.toHaveBeenCalled();
    expect(handler).not.toHaveBeenCalled();
  });

  it('one missing flag is named alone', async () => {
    const { run } = buy(false);
    await expect(run('buy', '--type', 'a')).rejects.toThrow(
      /^missing required flag: --plan \(or run on a terminal to be asked\)$/,
    );
  });

  it('--no-input refuses on a terminal too, and says what to drop', async () => {
    const ask = vi.fn<Asker>();
    const { run } = buy(true, ask);
    await expect(run('--no-input', 'buy')).rejects.toThrow(
      'missing required flags: --type, --plan (or drop --no-input to be asked)',
    );
    expect(ask).not.toHaveBeenCalled();
  });

  it("on a terminal the module's asker fills in what is missing, then the command runs", async () => {
    const ask = vi.fn<Asker>(async (_ctx, _args, opts) => ({ ...opts, plan: 'kvm-s' }));
    const { run, handler } = buy(true, ask);
    await run('buy', '--type', 'b', '--note', 'n');
    expect(ask.mock.calls[0]![3].map((o) => o.long)).toEqual(['--plan']);
    expect(handler).toHaveBeenCalledWith(expect.anything(), [], {
      type: 'b',
      plan: 'kvm-s',
      note: 'n',
    });
  });

  it('asks nothing when every required flag is given, even on a terminal', async () => {
    const ask = vi.fn<Asker>();
    const { run, handler } = buy(true, ask);
    await run('buy', '--type', 'a', '--plan', 'p');
    expect(ask).not.toHaveBeenCalled();
    expect(handler).toHaveBeenCalledWith(expect.anything(), [], { type: 'a', plan: 'p' });
  });
});

describe('--help of the commands with required flags', () => {
  const app = { io: io(false), state: createRunState(), signal: new AbortController().signal };
  const helpOf = (...path: string[]) => {
    let command = createProgram(app, path);
    for (const name of path) command = command.commands.find((c) => c.name() === name)!;
    return command.helpInformation({ error: false });
  };
  const requiredLines = (help: string) =>
    help
      // An option starts at the options' indent; a wrapped description line is deeper.
      .split(/\n(?= {2}-)/)
      .filter((entry) => entry.includes('(required)'))
      .map((entry) => entry.trim().split(/\s/)[0]);

  it('marks the five of shield rules add', () => {
    expect(requiredLines(helpOf('shield', 'rules', 'add'))).toEqual([
      '--name',
      '--mode',
      '--action',
      '--risk',
      '--protocol',
    ]);
  });

  it('marks --type and --plan of orders create', () => {
    expect(requiredLines(helpOf('orders', 'create'))).toEqual(['--type', '--plan']);
  });

  it('lists the global --no-input', () => {
    expect(createProgram(app).helpInformation()).toContain('--no-input');
  });
});
