import { escapeSerialized } from './control-chars';

/**
 * JSON text of an API value (indented when `indent` is given) that a terminal shows as
 * is: the C1 and bidi controls JSON.stringify leaves raw are `\u` escapes, same data.
 */
export function toJson(value: unknown, indent?: number): string {
  return escapeSerialized(JSON.stringify(value, null, indent));
}
