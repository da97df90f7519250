import type { Option } from 'commander';
import type { Asker } from '../cli/required-flags';
import { loadUi } from '../ui/load-ui';
import { answer } from './answer';

/** `A name for the rule. (required)` → `A name for the rule`: a prompt's hint in parentheses. */
const purpose = (option: Option) => option.description.replace(/\.?\s*\(required\)$/, '');

/**
 * The generic prompts for missing required flags, one per flag in `--help` order: a list
 * for a flag with choices, a line of text otherwise. What the flags mean is still checked
 * by the command afterwards, as if they had been typed.
 */
export const askFlags: Asker = async (ctx, _args, opts, missing) => {
  const answers: Record<string, unknown> = { ...opts };
  const { select, text } = await loadUi();
  for (const option of missing) {
    const name = option.long ?? option.flags;
    const choices = option.argChoices;
    const end = choices
      ? await select(
          ctx.io,
          `${name} (${purpose(option)})`,
          choices.map((c) => ({ label: c, value: c })),
        )
      : await text(ctx.io, {
          message: name,
          hint: purpose(option),
          validate: (t) => (t.trim() === '' ? `${name} is required` : undefined),
        });
    answers[option.attributeName()] = answer(end, 'nothing was done');
  }
  return answers;
};
