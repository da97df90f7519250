import { z } from 'zod';
import { version } from '../../package.json';
import { recordSchemas } from '../domain/records';
import { sha256Hex } from '../internal/crypto';
import { ScenarioApiKey } from '../scenario/schema';

let format: string | undefined;

/**
 * This build's record format: the server version plus a hash of the stored records' JSON
 * Schema. A snapshot stamped with it holds records this very build validated as it stored
 * them (its checksums prove them unchanged since), so loading it skips validating each of
 * them again: at 100k records that check is about a third of the start. A snapshot from
 * any other build, or from before the stamp, is validated record by record.
 */
export function recordFormat(): string {
  if (format === undefined) {
    const schemas = { ...recordSchemas, api_keys: ScenarioApiKey };
    // `any` for a part JSON Schema cannot express (a transform, say), rather than throwing
    // on every snapshot; the version in front still tells such builds apart.
    const shapes = Object.entries(schemas).map(([kind, schema]) => [
      kind,
      z.toJSONSchema(schema, { unrepresentable: 'any' }),
    ]);
    const hash = sha256Hex(JSON.stringify(shapes));
    format = `${version}+${hash.slice(0, 16)}`;
  }
  return format;
}
