import { stringify } from 'yaml';

/** YAML text of an API object; only imported for `-o yaml`. */
export function toYamlText(value: unknown): string {
  return stringify(value);
}
