import { parameterDescription } from '@refapi/schema/client';
import { type Command, Option } from 'commander';
import { collect, nameList, nonEmpty, positiveInt, windowHours } from '../cli/arg-parsers';
import { requiredFlag } from '../cli/required-flags';
import { longFlag } from './command-flags';
import type { FlagSpec, FlagTable } from './flag-table';
import { commandOf } from './operation-commands';
import { suggestValues } from './suggested-values';

const NUMBER_PARSERS = { positiveInt, windowHours };

/**
 * The help text of a flag: the contract's description of the input it sends, or refctl's own
 * words. The contract's text is the API's: it names other operations by their refctl
 * command, and the inputs of its own operation that are flags here (`os_image_ref`) by
 * their flag (`--os`). Plain strings from `@refapi/schema/client`: no zod schema is built.
 */
function flagHelp(spec: FlagSpec, flagOf: ReadonlyMap<string, string> = new Map()): string {
  if (spec.parameter === undefined) return spec.description;
  const [operation, name] = spec.parameter;
  const text = (parameterDescription(operation, name, commandOf) ?? name).replace(
    /\b[a-z0-9]+(?:_[a-z0-9]+)+\b/g,
    (word) => flagOf.get(word) ?? word,
  );
  return spec.more === undefined ? text : `${text} ${spec.more}`;
}

/** The commander option of one table entry. */
function toOption(key: string, spec: FlagSpec, flagOf: ReadonlyMap<string, string>): Option {
  const long = spec.value === undefined ? longFlag(key) : `${longFlag(key)} ${spec.value}`;
  const option = new Option(spec.short ? `${spec.short}, ${long}` : long, flagHelp(spec, flagOf));
  if (spec.choices) option.choices(spec.choices);
  // Text no flag may be empty; choices and numbers are refused by their own checks.
  else if (spec.number) option.argParser(NUMBER_PARSERS[spec.number]);
  else if (spec.repeatable) option.argParser(collect);
  else if (spec.nameList) option.argParser(nameList);
  else if (spec.value !== undefined) option.argParser(nonEmpty);
  if (spec.suggest) suggestValues(option, spec.suggest);
  if (spec.hidden) option.hideHelp();
  // Not commander's mandatory option: refctl asks for it on a terminal (cli/required-flags).
  return spec.required ? requiredFlag(option) : option;
}

/** Adds the flags of `table` to `command`, in the table's order. */
export function addFlags(command: Command, table: FlagTable): Command {
  // Each contract input of the table → its flag; a snake_case name is never prose.
  const flagOf = new Map<string, string>();
  for (const [key, spec] of Object.entries(table)) {
    const name = spec.parameter?.[1];
    if (name?.includes('_')) flagOf.set(name, longFlag(key));
  }
  for (const [key, spec] of Object.entries(table)) command.addOption(toOption(key, spec, flagOf));
  return command;
}
