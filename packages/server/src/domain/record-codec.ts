import type { Invoice, Order, Transaction } from '@refapi/schema';
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

interface CodecSpec {
  /** Money fields (by JSON name) in the order they are appended to the output. */
  readonly money: Readonly<Record<string, FieldCodec>>;
  /** Whether the record carries its owner's `account_ref` (partitioned kinds). */
  readonly owned?: boolean;
  /** JSON fields the record does not keep (they live elsewhere, e.g. on the partition). */
  readonly dropped?: readonly string[];
}

/** One money field, its conversions resolved once when the codec is built. */
interface Field {
  readonly json: string;
  readonly stored: string;
  /** A map of amounts (a plan's period prices) is optional: absent stays absent. */
  readonly optional: boolean;
  readonly toStored: (value: never) => unknown;
  readonly toJson: (value: never) => unknown;
}

const mapOf =
  (convert: (value: number) => number) =>
  (map: Readonly<Record<string, number>>): Record<string, number> => {
    const out: Record<string, number> = {};
    for (const key in map) out[key] = convert(map[key] as number);
    return out;
  };

function field(json: string, codec: FieldCodec): Field {
  if (codec === 'cents') {
    return { json, stored: `${json}_cents`, optional: false, toStored: toCents, toJson: fromCents };
  }
  if (codec === 'cents-map') {
    const [toStored, toJson] = [mapOf(toCents), mapOf(fromCents)];
    return { json, stored: `${json}_cents`, optional: true, toStored, toJson };
  }
  return {
    json,
    stored: json,
    optional: false,
    toStored: (items: object[]) => items.map((item) => codec.toRecord(item)),
    toJson: (items: object[]) => items.map((item) => codec.toJson(item)),
  };
}

/**
 * Copies `source` in one pass of its keys except the fields `routes` names: a money field
 * lands in `money` at its index, a dropped one (-1) nowhere. A keyed loop copies ~5x faster
 * than rest destructuring plus spread, and taking the amounts in the same pass spares the
 * generic codec a keyed read per money field (it runs per record on 100k-record loads).
 */
function split(
  source: object,
  routes: ReadonlyMap<string, number>,
  money: unknown[],
): Record<string, unknown> {
  for (let i = 0; i < money.length; i++) money[i] = undefined;
  const out: Record<string, unknown> = {};
  const fields = source as Record<string, unknown>;
  for (const key in fields) {
    const route = routes.get(key);
    if (route === undefined) out[key] = fields[key];
    else if (route >= 0) money[route] = fields[key];
  }
  return out;
}

const DROPPED = -1;

function recordCodec<Json, Stored>(spec: CodecSpec): RecordCodec<Json, Stored> {
  const fields = Object.entries(spec.money).map(([json, codec]) => field(json, codec));
  const owned = spec.owned === true;
  const fromJson = new Map(fields.map((f, i) => [f.json, i]));
  for (const name of spec.dropped ?? []) fromJson.set(name, DROPPED);
  const fromStored = new Map(fields.map((f, i) => [f.stored, i]));
  if (owned) fromStored.set('account_ref', DROPPED);
  // Reused by every call: conversions are synchronous and a nested codec has its own.
  const money: unknown[] = new Array(fields.length);
  return {
    toRecord(value, accountRef) {
      const record = split(value as object, fromJson, money);
      if (owned) record.account_ref = accountRef;
      for (let i = 0; i < fields.length; i++) {
        const f = fields[i] as Field;
        const amount = money[i];
        if (amount !== undefined || !f.optional) record[f.stored] = f.toStored(amount as never);
      }
      return record as Stored;
    },
    toJson(record) {
      const out = split(record as object, fromStored, money);
      for (let i = 0; i < fields.length; i++) {
        const f = fields[i] as Field;
        const cents = money[i];
        if (cents !== undefined || !f.optional) out[f.json] = f.toJson(cents as never);
      }
      return out as Json;
    },
  };
}

const ledgerMoney = Object.fromEntries(LEDGER_MONEY.map((field) => [field, 'cents' as const]));

/** An account in JSON form (as in a scenario, without its keys and lists). */
type AccountJson = Omit<AccountRecord, 'balance_cents'> & { balance: number };
/** A service in JSON form (as in a scenario: the reseller flag and its term kept). */
type ServiceJson = Omit<ServiceRecord, 'account_ref'>;
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
