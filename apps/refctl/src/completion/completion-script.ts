import type { Command } from 'commander';
import { bashScript } from './bash';
import { fishScript } from './fish';
import { completionModel } from './model';
import { zshScript } from './zsh';

/** The completion script of `program` for one shell. */
export function completionScript(program: Command, shell: 'bash' | 'zsh' | 'fish'): string {
  const nodes = completionModel(program);
  if (shell === 'bash') return bashScript(nodes);
  if (shell === 'zsh') return zshScript(nodes);
  return fishScript(nodes);
}
