import { z } from 'zod';
import type { FlagSpec, FlagTable, FlagValue } from './flag-table';

// The other half of a flag table: the zod schema of what commander parsed (after its own
// choices and parsers). Contract rules stay in the contract schemas the actions validate
// against, so messages keep naming the flag and the rule it broke.

type FlagZod<S extends FlagSpec> = S extends { readonly required: true }
  ? z.ZodType<FlagValue<S>>
  : z.ZodOptional<z.ZodType<FlagValue<S>>>;

/** The schema of the options commander parsed for the flags of table T. */
export type FlagSchema<T extends FlagTable> = z.ZodObject<{
  -readonly [K in keyof T]: FlagZod<T[K]>;
}>;

function valueSchema(spec: FlagSpec): z.ZodType {
  if (spec.value === undefined) return z.boolean();
  if (spec.value.startsWith('[')) return z.union([z.string(), z.literal(true)]);
  if (spec.repeatable) return z.array(z.string());
  return spec.number ? z.number() : z.string();
}

/** The schema of the options commander parsed for the flags of `table`. */
export function flagSchema<const T extends FlagTable>(table: T): FlagSchema<T> {
  const shape = Object.fromEntries(
    Object.entries(table).map(([key, spec]) => {
      const value = valueSchema(spec);
      return [key, spec.required ? value : value.optional()];
    }),
  );
  return z.object(shape) as unknown as FlagSchema<T>;
}
