import type { Command, Option } from 'commander';

/** A flag as completion sees it. */
export interface FlagSpec {
  /** `-o`, `--output`. */
  readonly names: readonly string[];
  /** `none`: a switch; `file`: a path; `free`: any text; `choices`: one of `choices`. */
  readonly value: 'none' | 'file' | 'free' | 'choices';
  readonly choices: readonly string[];
  readonly description: string;
}

/** One command path (`""` is the root, `"shield rules"` a nested group). */
export interface CompletionNode {
  readonly path: string;
  readonly commands: readonly { name: string; description: string }[];
  /** The node's own flags plus the global ones. */
  readonly flags: readonly FlagSpec[];
  /** Choices of each positional argument, by position; empty when free. */
  readonly args: readonly (readonly string[])[];
}

const FILE_VALUES = /<(file|path)>/;

function flagSpec(option: Option): FlagSpec {
  const names = [option.short, option.long].filter((n): n is string => n !== undefined);
  const takesValue = option.required || option.optional;
  const choices = option.argChoices ?? [];
  const value = !takesValue
    ? 'none'
    : choices.length > 0
      ? 'choices'
      : FILE_VALUES.test(option.flags)
        ? 'file'
        : 'free';
  return { names, value, choices, description: option.description };
}

const HELP: FlagSpec = {
  names: ['-h', '--help'],
  value: 'none',
  choices: [],
  description: 'show help',
};

/** Flattens a commander program into one node per command path. */
export function completionModel(program: Command): CompletionNode[] {
  const globals = program.options.map(flagSpec);
  const nodes: CompletionNode[] = [];
  const visit = (command: Command, path: string) => {
    const own = command === program ? [] : command.options.map(flagSpec);
    nodes.push({
      path,
      commands: command.commands.map((c) => ({ name: c.name(), description: c.description() })),
      flags: [...own, ...globals, HELP],
      args: command.registeredArguments.map((a) => a.argChoices ?? []),
    });
    for (const sub of command.commands) visit(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  visit(program, '');
  return nodes;
}
