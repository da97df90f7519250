import { Argument, type Command } from 'commander';
import type { App } from '../cli/app';
import { examples } from '../cli/command-helpers';

/** `refctl completion bash|zsh|fish`: prints a completion script built from this program. */
export function registerCompletion(program: Command, app: App): void {
  examples(
    program
      .command('completion')
      .description('print a shell completion script')
      .addArgument(new Argument('<shell>', 'your shell').choices(['bash', 'zsh', 'fish']))
      .action(async (shell: 'bash' | 'zsh' | 'fish') => {
        const { completionScript } = await import('../completion/completion-script');
        app.io.stdout.write(completionScript(program, shell));
      }),
    'source <(refctl completion bash)',
    'refctl completion zsh > ~/.zfunc/_refctl   # with ~/.zfunc in $fpath',
    'refctl completion fish > ~/.config/fish/completions/refctl.fish',
  );
}
