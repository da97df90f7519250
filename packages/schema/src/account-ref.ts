import { z } from 'zod';
import { ACCOUNT_REF_PATTERN } from './ref-patterns';

// A module of its own: the account schema, which `refctl me` and the SDK's first
// `account.get()` build to check the answer, builds it alone, not the other reference
// schemas of refs.ts.

/** An account reference. */
export const AccountRef = z.string().regex(ACCOUNT_REF_PATTERN);
