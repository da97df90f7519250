import { CancelledError } from '../errors/cli-error';
import { EXIT } from '../errors/exit-codes';
import type { PromptEnd } from '../ui/prompt-end';

/**
 * The answer of a prompt; Esc or Ctrl-C become the one plain line `cancelled; <nothing>`
 * (exit 8, or 130 for Ctrl-C).
 * @example const plan = answer(await select(io, 'Plan', choices), 'nothing was ordered');
 */
export function answer<T>(end: PromptEnd<T>, nothing: string): T {
  if (end.kind === 'answer') return end.value;
  throw new CancelledError(
    `cancelled; ${nothing}`,
    end.kind === 'interrupt' ? EXIT.interrupted : EXIT.cancelled,
  );
}
