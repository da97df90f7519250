import { type Command, Option } from 'commander';
import { collect, positiveInt, windowHours } from '../cli/arg-parsers';
import { requiredFlag } from '../cli/required-flags';
import { longFlag } from './command-flags';
import type { FlagSpec, FlagTable } from './flag-table';

const NUMBER_PARSERS = { positiveInt, windowHours };

/** The commander option of one table entry. */
function toOption(key: string, spec: FlagSpec): Option {
  const long = spec.value === undefined ? longFlag(key) : `${longFlag(key)} ${spec.value}`;
  const option = new Option(spec.short ? `${spec.short}, ${long}` : long, spec.description);
  if (spec.choices) option.choices(spec.choices);
  if (spec.number) option.argParser(NUMBER_PARSERS[spec.number]);
  if (spec.repeatable) option.argParser(collect);
  // Not commander's mandatory option: refctl asks for it on a terminal (cli/required-flags).
  return spec.required ? requiredFlag(option) : option;
}

/** Adds the flags of `table` to `command`, in the table's order. */
export function addFlags(command: Command, table: FlagTable): Command {
  for (const [key, spec] of Object.entries(table)) command.addOption(toOption(key, spec));
  return command;
}
