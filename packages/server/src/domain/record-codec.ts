import type { Invoice, Order, Service, Transaction } from '@refapi/schema';
import { fromCents, toCents } from './money';
import {
  type AccountRecord,
  type InvoiceRecord,
  LEDGER_MONEY,
  type OrderRecord,
  type PlanRecord,
  type RecordKind,
  type RecordOf,
  type ServiceRecord,
  type TransactionRecord,
} from './records';

// One codec per record kind between the JSON form of scenarios and API responses (money as
// numbers with two decimals) and the stored record (integer cents in `<field>_cents`),
// used both ways: by loads, exports and the API's responses. Plain loops over a per-kind
// table, not zod codecs: these run per record on 100k-record loads whose records are
// already validated, and a zod decode would validate each one again.

/** How a field is converted: an amount, a map of amounts, or a list of sub-records. */
type FieldCodec = 'cents' | 'cents-map' | RecordCodec<object, object>;

/** Converts one record kind between its scenario/JSON form and its stored form. */
export interface RecordCodec<Json, Stored> {
  /** The stored record of a JSON value; `accountRef` fills the partition key, if any. */
  toRecord(value: Json, accountRef?: string): Stored;
  /** The JSON form of a stored record (internal fields dropped, cents as amounts). */
  toJson(record: Stored): Json;
}

interface Field {
  readonly json: string;
  readonly stored: string;
  readonly codec: FieldCodec;
}

interface CodecSpec {
  /** Money fields (by JSON name) in the order they are appended to the output. */
  readonly money: Readonly<Record<string, FieldCodec>>;
  /** Whether the record carries its owner's `account_ref` (partitioned kinds). */
  readonly owned?: boolean;
  /** JSON fields the record does not keep (they live elsewhere, e.g. on the partition). */
  readonly dropped?: readonly string[];
}

const convertMap = (
  map: Readonly<Record<string, number>>,
  convert: (value: number) => number,
): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const key in map) out[key] = convert(map[key] as number);
  return out;
};

function toStored(codec: FieldCodec, value: unknown): unknown {
  if (codec === 'cents') return toCents(value as number);
  if (codec === 'cents-map') return convertMap(value as Record<string, number>, toCents);
  return (value as object[]).map((item) => codec.toRecord(item));
}

function toJsonValue(codec: FieldCodec, value: unknown): unknown {
  if (codec === 'cents') return fromCents(value as number);
  if (codec === 'cents-map') return convertMap(value as Record<string, number>, fromCents);
  return (value as object[]).map((item) => codec.toJson(item));
}

// A keyed loop copies ~5x faster than rest destructuring plus spread, per record.
function copyWithout(source: object, omitted: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fields = source as Record<string, unknown>;
  for (const key in fields) {
    if (!omitted.has(key)) out[key] = fields[key];
  }
  return out;
}

function recordCodec<Json, Stored>(spec: CodecSpec): RecordCodec<Json, Stored> {
  const fields: Field[] = Object.entries(spec.money).map(([json, codec]) => ({
    json,
    stored: typeof codec === 'string' ? `${json}_cents` : json,
    codec,
  }));
  const jsonOnly = new Set([...fields.map((f) => f.json), ...(spec.dropped ?? [])]);
  const storedOnly = new Set(fields.map((f) => f.stored));
  if (spec.owned) storedOnly.add('account_ref');
  return {
    toRecord(value, accountRef) {
      const record = copyWithout(value as object, jsonOnly);
      if (spec.owned) record.account_ref = accountRef;
      const json = value as Record<string, unknown>;
      for (const { json: name, stored, codec } of fields) {
        // A map of amounts (a plan's period prices) is optional: absent stays absent.
        if (codec !== 'cents-map' || json[name] !== undefined) {
          record[stored] = toStored(codec, json[name]);
        }
      }
      return record as Stored;
    },
    toJson(record) {
      const out = copyWithout(record as object, storedOnly);
      const stored = record as Record<string, unknown>;
      for (const { json: name, stored: field, codec } of fields) {
        if (codec !== 'cents-map' || stored[field] !== undefined) {
          out[name] = toJsonValue(codec, stored[field]);
        }
      }
      return out as Json;
    },
  };
}

const ledgerMoney = Object.fromEntries(LEDGER_MONEY.map((field) => [field, 'cents' as const]));

/** An account in JSON form (as in a scenario, without its keys and lists). */
type AccountJson = Omit<AccountRecord, 'balance_cents'> & { balance: number };
/** A service in JSON form (as in a scenario: the reseller flag kept). */
type ServiceJson = Service & { reseller: boolean };
/** A plan in JSON form (as in a scenario: prices in EUR). */
type PlanJson = Omit<PlanRecord, 'price_eur_cents' | 'period_prices_cents' | 'addons'> & {
  price_eur: number;
  period_prices?: Record<string, number> | undefined;
  addons: Array<Omit<PlanRecord['addons'][number], 'price_eur_cents'> & { price_eur: number }>;
};

/** The JSON form of each record kind. */
interface JsonForms {
  accounts: AccountJson;
  plans: PlanJson;
  services: ServiceJson;
  invoices: Invoice;
  orders: Order;
  transactions: Transaction;
}

/** The JSON form (scenario, API) of a record kind. */
export type JsonOf<K extends RecordKind> = JsonForms[K];

/** The codec of each record kind. */
export const recordCodecs: { readonly [K in RecordKind]: RecordCodec<JsonOf<K>, RecordOf<K>> } = {
  accounts: recordCodec<AccountJson, AccountRecord>({
    money: { balance: 'cents' },
    dropped: ['api_keys', 'services', 'invoices', 'orders', 'transactions', 'generate'],
  }),
  plans: recordCodec<PlanJson, PlanRecord>({
    money: {
      price_eur: 'cents',
      addons: recordCodec({ money: { price_eur: 'cents' } }),
      period_prices: 'cents-map',
    },
  }),
  services: recordCodec<ServiceJson, ServiceRecord>({ money: {}, owned: true }),
  invoices: recordCodec<Invoice, InvoiceRecord>({ money: ledgerMoney, owned: true }),
  orders: recordCodec<Order, OrderRecord>({ money: { amount: 'cents' }, owned: true }),
  transactions: recordCodec<Transaction, TransactionRecord>({ money: ledgerMoney, owned: true }),
};
