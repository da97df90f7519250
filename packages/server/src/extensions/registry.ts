import { z } from 'zod';
import { shieldExtension } from './shield-module';

/** Every extension module of the server: registered here once, looked up by name. */
export const extensionModules = [shieldExtension] as const;

type Registered = (typeof extensionModules)[number];
type SnapshotShape = {
  [M in Registered as M['name']]: z.ZodOptional<z.ZodNullable<M['snapshotSchema']>>;
};

/**
 * The `extensions` member of a scenario document: each registered module's snapshot,
 * checked by its own schema (null or absent: none yet); other names pass through
 * untouched, for documents written by newer servers.
 */
export const ExtensionSnapshots = z
  .object(
    Object.fromEntries(
      extensionModules.map((module) => [module.name, module.snapshotSchema.nullable().optional()]),
    ) as SnapshotShape,
  )
  .catchall(z.unknown());
