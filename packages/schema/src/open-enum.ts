import { z } from 'zod';

/**
 * A value of a set the spec leaves open: one of the values `V` the reference server uses
 * (so an editor completes them and `===` narrows), or any other string a newer server may
 * send. `string & {}` keeps the known values from collapsing into plain `string`.
 * @example const status: OpenEnum<'active' | 'suspended'> = service.status;
 */
export type OpenEnum<V extends string> = V | (string & {});

/**
 * A string field of an open value set: any string parses (an unknown status from a newer
 * server is not a validation failure), while its type names the known values.
 */
export function openEnum<const V extends readonly string[]>(
  _known: V,
): z.ZodType<OpenEnum<V[number]>, string> {
  // The values only type the field: at run time it stays the plain string the spec says.
  return z.string() as z.ZodType<OpenEnum<V[number]>, string>;
}
