import { z } from 'zod';
import { type RecordKind, refFields } from '../domain/records';
import type { Change, Store } from '../store/store';

const Kind = z.enum(['accounts', 'plans', 'services', 'invoices', 'orders', 'transactions']);

/**
 * One record written by a commit, as logged: the whole record when it is new, else only
 * its fields that changed (an order's balance debit does not copy the account's keys).
 * Partitioned kinds name their account (`acct`) so replay finds the record.
 */
export const RecordEntry = z.union([
  z.strictObject({ k: Kind, r: z.record(z.string(), z.unknown()) }),
  z.strictObject({
    k: Kind,
    ref: z.string(),
    acct: z.string().optional(),
    set: z.record(z.string(), z.unknown()).optional(),
    unset: z.array(z.string()).optional(),
  }),
]);

/** A logged record change. */
export type RecordEntry = z.output<typeof RecordEntry>;

type Fields = Readonly<Record<string, unknown>>;

/** `<kind> <ref>`: which record an entry is about. */
export const entryKey = (entry: RecordEntry): string =>
  'r' in entry ? `${entry.k} ${String(entry.r[refFields[entry.k]])}` : `${entry.k} ${entry.ref}`;

// Records are plain JSON data; comparing serialized fields is exact for them.
const sameValue = (a: unknown, b: unknown): boolean =>
  a === b ||
  (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null
    ? JSON.stringify(a) === JSON.stringify(b)
    : false);

/** The write-ahead log entry of `change`, given the record it replaced (undefined when new). */
export function recordEntry(change: Change, replaced: object | undefined): RecordEntry {
  const record = change.record as Fields;
  // The record itself, not a copy: records are never changed in place, and the entry is
  // serialized at once.
  if (replaced === undefined) return { k: change.kind, r: record };
  const before = replaced as Fields;
  const set: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(record)) {
    if (!sameValue(before[field], value)) set[field] = value;
  }
  const unset = Object.keys(before).filter((field) => !(field in record));
  const entry: {
    k: RecordKind;
    ref: string;
    acct?: string;
    set?: Record<string, unknown>;
    unset?: string[];
  } = { k: change.kind, ref: record[refFields[change.kind]] as string };
  if (change.kind !== 'accounts' && change.kind !== 'plans') {
    entry.acct = record.account_ref as string;
  }
  if (Object.keys(set).length > 0) entry.set = set;
  if (unset.length > 0) entry.unset = unset;
  return entry;
}

/** A logged change of an existing record: its changed fields. */
export type PatchEntry = Exclude<RecordEntry, { r: unknown }>;

function currentRecord(store: Store, entry: PatchEntry): object | undefined {
  if (entry.k === 'accounts') return store.partition(entry.ref)?.account;
  if (entry.k === 'plans') return store.plans.get(entry.ref);
  if (entry.acct === undefined) return undefined;
  return store.partition(entry.acct)?.table(entry.k).get(entry.ref);
}

/** Applies a patch entry to a record (a copy; the record itself is left alone). */
export function patchRecord(record: object, entry: PatchEntry): Change {
  const patched: Record<string, unknown> = { ...(record as Fields), ...entry.set };
  for (const field of entry.unset ?? []) delete patched[field];
  return { kind: entry.k, record: patched } as unknown as Change;
}

/**
 * The change a write-ahead log entry stands for, resolved against the records in `store`; throws
 * when it patches a record that does not exist (the write-ahead log does not fit the snapshot).
 */
export function resolveRecordEntry(store: Store, entry: RecordEntry): Change {
  if ('r' in entry) return { kind: entry.k, record: entry.r } as unknown as Change;
  const current = currentRecord(store, entry);
  if (current === undefined) throw new Error(`patch of unknown record ${entry.k} ${entry.ref}`);
  return patchRecord(current, entry);
}
