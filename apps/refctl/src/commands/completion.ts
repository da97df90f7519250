import { Argument, type Command } from 'commander';
import type { App } from '../cli/app';
import { examples } from '../cli/command-helpers';
import { lazyAction } from '../cli/lazy-action';

/**
 * `refctl completion bash|zsh|fish`: prints a completion script built from this program.
 * `refctl __complete KIND` (hidden): the values of the API the scripts ask for.
 */
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

  examples(
    program
      .command('__complete', { hidden: true })
      .description(
        'values only the API or the config file knows, one a line, for the completion scripts',
      )
      .argument('<kind>', 'services, statuses, rules or profiles')
      .argument('[args...]', 'the positional arguments of the command line being completed')
      .action(
        lazyAction(
          app,
          () => import('../actions/complete-values'),
          (m) => m.complete,
        ),
      ),
    'refctl __complete rules REF-SVC-101',
  );
}
