// Child process of the clock bench: applies 100,000 due renewals in one clock move on the
// built server (dist, as a test suite imports it and `ref-server` runs it), beside the floor
// of the records alone, in alternating rounds; prints the figures as one JSON line.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createReferenceServer } from '@refapi/server';
import { renewingKvm, renewingScenario } from '../test/fixtures/renewing-account';

const SERVICES = 10_000;
const MONTHS = 10;

// Heap kept per applied event, measured after a full collection: what the records cost the
// collector, which is most of the time a long catch-up takes.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
function heapAfterGc(): number {
  collect();
  return process.memoryUsage().heapUsed;
}

/** 10,000 KVMs renewing monthly from 1 February: ten months are 100,000 renewals. */
function renewingAccount() {
  const services = Array.from({ length: SERVICES }, (_, i) =>
    renewingKvm(
      `REF-SVC-${(0x1000 + i).toString(16).toUpperCase()}`,
      `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    ),
  );
  return renewingScenario(services, { token: 'refak_bench_clock', balance: 100_000_000 });
}

/**
 * The floor: what 100,000 renewals write, without the domain: an invoice, a transaction, the
 * service and the account copied with their new fields, each invoice and transaction stored
 * in a Map, the dates formatted and parsed as the records hold them.
 */
function floor(): { ms: number; keptBytes: number } {
  const heapBefore = heapAfterGc();
  const started = performance.now();
  const invoices = new Map<string, object>();
  const transactions = new Map<string, object>();
  const services = new Map<string, { service_ref: string; expires_at: string }>();
  for (const service of renewingAccount().accounts[0]!.services) {
    services.set(service.service_ref, service);
  }
  const refs = [...services.keys()];
  let account: Record<string, unknown> = { ...renewingAccount().accounts[0], balance_cents: 1e10 };
  for (let i = 0; i < SERVICES * MONTHS; i++) {
    const service = services.get(refs[i % SERVICES]!)!;
    const at = service.expires_at;
    const next = new Date(Date.parse(at) + 30 * 86_400_000).toISOString();
    const invoice = {
      invoice_ref: `REF-INV-${(0x100 + i).toString(16).toUpperCase()}`,
      kind: 'service_renewal',
      transaction_kind: 'debit',
      amount_cents: 595,
      fee_cents: 0,
      penalty_cents: 0,
      vat_amount_cents: 95,
      vat_rate: 0.19,
      currency: 'EUR',
      status: 'paid',
      issue_date: at,
      due_date: at,
      paid_at: at,
      description: `Renewal of ${service.service_ref}: KVM S (monthly)`,
      customer_payable: false,
      service_ref: service.service_ref,
      account_ref: 'REF-ACCT-1',
    };
    const transaction = {
      transaction_ref: `REF-TXN-${(0x100 + i).toString(16).toUpperCase()}`,
      kind: 'service_renewal',
      amount_cents: -595,
      fee_cents: 0,
      penalty_cents: 0,
      vat_amount_cents: 95,
      currency: 'EUR',
      status: 'completed',
      method: 'balance',
      description: invoice.description,
      service_order: false,
      created_at: at,
      invoice_ref: invoice.invoice_ref,
      service_ref: service.service_ref,
      account_ref: 'REF-ACCT-1',
    };
    invoices.set(invoice.invoice_ref, invoice);
    transactions.set(transaction.transaction_ref, transaction);
    services.set(service.service_ref, { ...service, expires_at: next });
    account = { ...account, balance_cents: (account.balance_cents as number) - 595 };
  }
  const ms = performance.now() - started;
  const keptBytes = heapAfterGc() - heapBefore;
  // Read after the measure: the records stay alive through it.
  if (invoices.size + transactions.size + services.size === 0) throw new Error('nothing kept');
  return { ms, keptBytes };
}

async function applyOnce() {
  const server = createReferenceServer({ scenario: renewingAccount(), onError: () => {} });
  await server.ready;
  // What the console's clock card asks after each control and new request: the next 20.
  const views: number[] = [];
  for (let i = 0; i < 21; i++) {
    const viewStarted = performance.now();
    if (server.admin.clock.view().next_events.length !== 20) throw new Error('no next events');
    views.push(performance.now() - viewStarted);
  }
  const viewMs = [...views].sort((a, b) => a - b)[views.length >> 1] as number;
  const heapBefore = heapAfterGc();
  const started = performance.now();
  const move = await server.admin.clock.move({ months: MONTHS });
  const ms = performance.now() - started;
  const kept = (heapAfterGc() - heapBefore) / move.applied.length;
  if (move.applied.length !== SERVICES * MONTHS) throw new Error('not every renewal applied');
  return { ms, keptBytes: kept, viewMs };
}

const ROUNDS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
const applied: Array<{ ms: number; keptBytes: number; viewMs: number }> = [];
const floors: Array<{ ms: number; keptBytes: number }> = [];
// The floor and the server in turn: both see the same machine.
for (let round = 0; round < ROUNDS; round++) {
  applied.push(await applyOnce());
  floors.push(floor());
}
process.stdout.write(
  `${JSON.stringify({
    events: SERVICES * MONTHS,
    services: SERVICES,
    ms: applied.map((run) => run.ms),
    floorMs: floors.map((run) => run.ms),
    keptBytes: median(applied.map((run) => run.keptBytes)),
    floorKeptBytes: median(floors.map((run) => run.keptBytes)) / (SERVICES * MONTHS),
    viewMs: median(applied.map((run) => run.viewMs)),
  })}\n`,
);
