import type { ParameterName, RouteId } from '@refapi/schema/client';

// A command's own flags are declared once, in a table (`command-flags.ts`): the command
// adds them to commander (`addFlags`, at start-up, without zod) and its action validates
// what commander parsed with the schema built from the same table (`flagSchema`, in the
// lazily loaded action). Types only: a table is plain data, so sharing it between the
// start-up code and the actions costs one small chunk.

/** Commander's parsers of a flag's text into a number (`cli/arg-parsers.ts`). */
type NumberParser = 'positiveInt' | 'windowHours';

/** A contract input: an operation and the name of one of its path, query or body fields. */
type ContractParameter = {
  readonly [K in RouteId]: readonly [operation: K, name: ParameterName<K>];
}[RouteId];

/**
 * A flag's help text. A flag that sends a contract input says which (`parameter`) and takes
 * the contract's description of it, with `more` after it for what only refctl adds (the
 * flag's own format); a flag of refctl's own, or one that means something else than the
 * input it fills (`--limit` counts items across pages), has its own `description`.
 */
type FlagHelp =
  | { readonly description: string; readonly parameter?: undefined; readonly more?: undefined }
  | {
      readonly parameter: ContractParameter;
      readonly more?: string;
      readonly description?: undefined;
    };

/** One flag of a command: `--name <value>` from its key (`displayCurrency` → `--display-currency`). */
export type FlagSpec = FlagHelp & {
  /**
   * The value's placeholder, e.g. `<n>`; a flag without one is a switch (a boolean). In
   * brackets (`[fields]`) the value is optional: the flag alone parses as `true`.
   */
  readonly value?: string;
  /** A one-letter alias, e.g. `-y`. */
  readonly short?: string;
  /** The parser that turns the text into a number. */
  readonly number?: NumberParser;
  /** The value is comma-separated names (`--json a,b`): one naming none is refused. */
  readonly nameList?: boolean;
  /** Repeatable: each use adds one value to a list (`--addon A=1 --addon B=2`). */
  readonly repeatable?: boolean;
  readonly choices?: readonly string[];
  /**
   * Values completion offers without refusing others (choices refuse them): an open filter
   * such as `services list --type`, or `api -X`.
   */
  readonly suggest?: readonly string[];
  /** Asked for on a terminal when missing, else refused (exit 2); `(required)` in `--help`. */
  readonly required?: boolean;
  /** Left out of `--help` and completion: an old name that still works (`--all`). */
  readonly hidden?: boolean;
};

/** A command's flags, keyed by the name commander stores each value under. */
export type FlagTable = Readonly<Record<string, FlagSpec>>;

/** The value of one flag as commander hands it over. */
export type FlagValue<S extends FlagSpec> = S extends { readonly value: `[${string}]` }
  ? string | true
  : S extends { readonly value: string }
    ? S extends { readonly repeatable: true }
      ? string[]
      : S extends { readonly number: NumberParser }
        ? number
        : string
    : boolean;

/** What commander parsed for the flags of table T (absent unless given or required). */
export type FlagValues<T extends FlagTable> = {
  readonly [K in keyof T as T[K] extends { readonly required: true } ? K : never]: FlagValue<T[K]>;
} & {
  readonly [K in keyof T as T[K] extends { readonly required: true } ? never : K]?:
    | FlagValue<T[K]>
    | undefined;
};
