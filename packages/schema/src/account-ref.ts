import { z } from 'zod';
import { ACCOUNT_REF_PATTERN } from './ref-patterns';

// A module of its own: the account schema (all `refctl me` and the SDK's `me()` check) builds
// it alone, not the ten other reference schemas of refs.ts.

/** An account reference. */
export const AccountRef = z.string().regex(ACCOUNT_REF_PATTERN);
