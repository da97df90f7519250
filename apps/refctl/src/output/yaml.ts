import { Document, visit } from 'yaml';
import { escapeSerialized, hasControls } from './control-chars';

/** YAML text of an API object; only imported for `-o yaml`. */
export function toYamlText(value: unknown): string {
  const doc = new Document(value);
  // Only double-quoted scalars have escapes, and yaml writes a bidi control (printable to
  // YAML) plain: a string holding a control character is double-quoted, keys included, so
  // every such character of the text sits where `\u` escapes it.
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && hasControls(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  return escapeSerialized(doc.toString());
}
