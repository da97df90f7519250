import { Option } from 'commander';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { captureCtx } from '../../test/helpers/capture-io';
import { requiredFlag } from '../cli/required-flags';
import { CancelledError } from '../errors/cli-error';
import { EXIT } from '../errors/exit-codes';
import type { PromptEnd } from '../ui/prompt-end';

// What ink would answer, scripted; the prompts themselves are tested in ui/prompts.test.tsx.
const asked: unknown[] = [];
let script: PromptEnd<string>[] = [];
// loadUi is the seam: the prompts come from the terminal UI's module, never loaded here.
vi.mock('../ui/load-ui', () => ({
  loadUi: async () => ({
    select: async (_io: unknown, message: string, choices: { label: string }[]) => {
      asked.push({ select: message, choices: choices.map((c) => c.label) });
      return script.shift();
    },
    text: async (_io: unknown, props: { message: string; hint?: string }) => {
      asked.push({ text: props.message, hint: props.hint });
      return script.shift();
    },
  }),
}));

const { askFlags } = await import('./ask-flags');

const name = requiredFlag(new Option('--name <name>', 'rule name, 1 to 200 characters'));
const mode = requiredFlag(
  new Option('--mode <mode>', 'observe only or enforce').choices(['observe', 'enforce']),
);

beforeEach(() => {
  asked.length = 0;
  script = [];
});

describe('askFlags (the prompts of shield rules add and other required flags)', () => {
  it('asks text for a free flag and a list for one with choices, in order', async () => {
    script = [
      { kind: 'answer', value: 'web' },
      { kind: 'answer', value: 'enforce' },
    ];
    const { ctx } = captureCtx();
    const opts = await askFlags(ctx, ['REF-SVC-A1'], { wait: true }, [name, mode]);
    expect(opts).toEqual({ wait: true, name: 'web', mode: 'enforce' });
    expect(asked).toEqual([
      { text: '--name', hint: 'rule name, 1 to 200 characters' },
      { select: '--mode (observe only or enforce)', choices: ['observe', 'enforce'] },
    ]);
  });

  it.each([
    ['cancel', EXIT.cancelled],
    ['interrupt', EXIT.interrupted],
  ] as const)(
    '%s: "cancelled; nothing was done" (exit %i), nothing more asked',
    async (kind, code) => {
      script = [{ kind }];
      const { ctx } = captureCtx();
      const error = await askFlags(ctx, [], {}, [name, mode]).catch((e) => e);
      expect(error).toBeInstanceOf(CancelledError);
      expect(error).toMatchObject({ message: 'cancelled; nothing was done', exitCode: code });
      expect(asked).toHaveLength(1);
    },
  );

  it('shows a sentence of help (the contract style) without its full stop', async () => {
    script = [{ kind: 'answer', value: 'web' }];
    const { ctx } = captureCtx();
    const described = requiredFlag(new Option('--name <name>', 'A name for the rule.'));
    await askFlags(ctx, [], {}, [described]);
    expect(asked).toEqual([{ text: '--name', hint: 'A name for the rule' }]);
  });
});
