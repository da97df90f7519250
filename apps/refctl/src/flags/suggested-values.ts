import type { Option } from 'commander';

// Values completion offers for a flag that takes others too: commander's choices would refuse
// the rest. `services list --type` passes on a type the server may know and refctl not;
// `api -X` sends any method, as `gh api` does. `completion/model.ts` reads them.

const SUGGESTED = new WeakMap<Option, readonly string[]>();

/** Marks `values` as what completion offers for `option`, refusing nothing else. */
export function suggestValues(option: Option, values: readonly string[]): Option {
  SUGGESTED.set(option, values);
  return option;
}

/** The values completion offers for `option` besides its choices, if any. */
export const suggestedValues = (option: Option): readonly string[] | undefined =>
  SUGGESTED.get(option);
