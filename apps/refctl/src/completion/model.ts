import type { Command, Option } from 'commander';
import { helpTopics } from '../cli/help-command';
import { suggestedValues } from '../flags/suggested-values';

/**
 * Values known only when completing, asked of `refctl __complete KIND`: what the API has
 * (service references, the statuses the account's services have, the rule ids of a service)
 * and the profile names of the local config file (no network).
 */
type ApiValues = 'services' | 'statuses' | 'rules' | 'profiles';

/** A flag as completion sees it. */
export interface FlagSpec {
  /** `-o`, `--output`. */
  readonly names: readonly string[];
  /**
   * `none`: a switch; `file`: a path; `free`: any text; `choices`: one of `choices` (offered
   * only, for a flag that takes others too); `api`: one of the values of kind `api` the API has.
   */
  readonly value: 'none' | 'file' | 'free' | 'choices' | 'api';
  readonly choices: readonly string[];
  readonly api?: ApiValues;
  readonly description: string;
}

/**
 * A positional argument as completion sees it: fixed choices, values of the API, a file
 * (`apply <file>`), or free.
 */
type ArgSpec =
  | { readonly choices: readonly string[]; readonly api?: undefined; readonly file?: false }
  | { readonly choices: readonly []; readonly api: ApiValues; readonly file?: false }
  | { readonly choices: readonly []; readonly api?: undefined; readonly file: true };

/** One command path (`""` is the root, `"shield rules"` a nested group). */
export interface CompletionNode {
  readonly path: string;
  readonly commands: readonly { name: string; description: string }[];
  /** The node's own flags plus the global ones. */
  readonly flags: readonly FlagSpec[];
  /** Each positional argument, by position. */
  readonly args: readonly ArgSpec[];
}

// What the API completes, by argument name and by flag: every `<ref>` of refctl is a service
// reference, every `<rule-id>` a rule of the service named before it.
const API_ARGS: Readonly<Record<string, ApiValues>> = { ref: 'services', 'rule-id': 'rules' };
const API_FLAGS: Readonly<Record<string, ApiValues>> = {
  '--status': 'statuses',
  '--profile': 'profiles',
};
// The `<name>` of the config commands is a profile's (set-profile: to update one).
const PROFILE_COMMANDS = new Set(['config use', 'config delete', 'config set-profile']);

const FILE_VALUES = /<(file|path)>/;
// Arguments named `<file>` are files (`apply <file>`); `api <path>` is an API path, not one.
const FILE_ARGS = new Set(['file']);

function flagSpec(option: Option): FlagSpec {
  const names = [option.short, option.long].filter((n): n is string => n !== undefined);
  const takesValue = option.required || option.optional;
  // Choices commander enforces, or values offered for a flag that takes others too.
  const choices = option.argChoices ?? suggestedValues(option) ?? [];
  const api = option.long === undefined ? undefined : API_FLAGS[option.long];
  const base = { names, choices, description: option.description };
  if (!takesValue) return { ...base, value: 'none' };
  if (choices.length > 0) return { ...base, value: 'choices' };
  if (api !== undefined) return { ...base, value: 'api', api };
  return { ...base, value: FILE_VALUES.test(option.flags) ? 'file' : 'free' };
}

const HELP: FlagSpec = {
  names: ['-h', '--help'],
  value: 'none',
  choices: [],
  description: 'show help',
};

/**
 * Flattens a commander program into one node per command path. Hidden commands and flags
 * (help topics, `__complete`, `--all`) are left out, as `--help` leaves them out.
 */
export function completionModel(program: Command): CompletionNode[] {
  const help = program.createHelp();
  const shown = (options: readonly Option[]) => options.filter((o) => !o.hidden).map(flagSpec);
  const globals = shown(program.options);
  const nodes: CompletionNode[] = [];
  const visit = (command: Command, path: string) => {
    const own = command === program ? [] : shown(command.options);
    // visibleCommands adds commander's own `help`: only the commands the program defines.
    const commands = help.visibleCommands(command).filter((c) => command.commands.includes(c));
    nodes.push({
      path,
      commands: commands.map((c) => ({ name: c.name(), description: c.description() })),
      flags: [...own, ...globals, HELP],
      args: command.registeredArguments.map((a, i): ArgSpec => {
        const api = i === 0 && PROFILE_COMMANDS.has(path) ? 'profiles' : API_ARGS[a.name()];
        if (api !== undefined) return { choices: [], api };
        if (FILE_ARGS.has(a.name())) return { choices: [], file: true };
        return { choices: a.argChoices ?? suggestedValues(a) ?? [] };
      }),
    });
    for (const sub of commands) visit(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  visit(program, '');
  return [...withHelp(nodes), ...helpNodes(nodes, program)];
}

const HELP_COMMAND = { name: 'help', description: 'show help for a command or a help topic' };

/** The root offers `help` after its commands, as gh does. */
const withHelp = (nodes: readonly CompletionNode[]) =>
  nodes.map((n) => (n.path === '' ? { ...n, commands: [...n.commands, HELP_COMMAND] } : n));

/**
 * `refctl help …`: the command tree again under `help` (commands only: `help shield rules`),
 * the root's help topics (`exit-codes`, hidden from the command list) beside its commands.
 */
function helpNodes(nodes: readonly CompletionNode[], program: Command): CompletionNode[] {
  const topics = helpTopics(program).map((c) => ({ name: c.name(), description: c.description() }));
  return nodes
    .filter((n) => n.commands.length > 0)
    .map((n) => ({
      path: n.path === '' ? 'help' : `help ${n.path}`,
      commands: n.path === '' ? [...n.commands, ...topics] : n.commands,
      flags: [],
      args: [],
    }));
}
