import type { Argument, Option } from 'commander';

// Values completion offers for a flag or argument that takes others too: commander's choices
// would refuse the rest. `services list --type` passes on a type the server may know and
// refctl not; `api -X` sends any method, as `gh api` does; `shield presets apply REF <code>`
// any preset code (the spec leaves them open). `completion/model.ts` reads them.

const SUGGESTED = new WeakMap<Option | Argument, readonly string[]>();

/** Marks `values` as what completion offers for `option` (or argument), refusing nothing else. */
export function suggestValues<T extends Option | Argument>(
  option: T,
  values: readonly string[],
): T {
  SUGGESTED.set(option, values);
  return option;
}

/** The values completion offers for `option` (or argument) besides its choices, if any. */
export const suggestedValues = (option: Option | Argument): readonly string[] | undefined =>
  SUGGESTED.get(option);
