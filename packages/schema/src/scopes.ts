import { z } from 'zod';

/** The ten permission scopes an API key can hold. */
export const SCOPES = [
  'account:read',
  'balance:read',
  'finance:read',
  'orders:write',
  'services:read',
  'services:write',
  'services:power',
  'shield:read',
  'shield:write',
  'catalog:read',
] as const;

/** One permission scope. */
export const Scope = z.enum(SCOPES);

/** A permission scope. */
export type Scope = z.infer<typeof Scope>;
