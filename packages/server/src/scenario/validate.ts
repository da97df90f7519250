import type { z } from 'zod';
import {
  MAX_EVENTS_PER_CLOCK_MOVE,
  serviceEventsBy,
  shieldEventsBy,
} from '../domain/account-time/move-bound';
import { DomainError } from '../domain/errors';
import { centsAmountProblem } from '../domain/money';
import { describeIssue, formatIssuePath } from '../internal/issue-path';
import { MAX_SCENARIO_DEPTH, tooDeepPath } from './nesting-depth';
import { findUnsafeText } from './scenario-text';
import { Scenario, type ScenarioAccount, ScenarioExtensions } from './schema';

/** A scenario was rejected; `message` is the precise `invalid_scenario: <path>: <reason>`. */
export class ScenarioError extends DomainError {
  constructor(path: string, reason: string) {
    super(400, `invalid_scenario: ${path === '' ? '(root)' : path}: ${reason}`);
    this.name = 'ScenarioError';
  }
}

/**
 * Validates a scenario document: shape (zod), then the document-wide rules: text free of
 * control characters and bidi controls (the API's free-text rule), references unique
 * across the document (catalog option refs may repeat across plans), tokens unique,
 * finance amounts in whole cents. Throws a {@link ScenarioError} naming the first
 * offending JSON path.
 */
export function parseScenario(input: unknown): Scenario {
  refuseTooDeep(input);
  const result = Scenario.safeParse(input ?? {}, { reportInput: true });
  if (!result.success) throw scenarioError(result.error);
  const unsafe = findUnsafeText(result.data);
  if (unsafe !== undefined) throw new ScenarioError(unsafe.path, unsafe.reason);
  checkDocumentRules(result.data);
  return result.data;
}

/**
 * A scenario sent to replace the state must name its accounts: a document without an
 * `accounts` array (`{}`, only `spaces`, a stray empty POST) would otherwise load as an
 * empty state and wipe everything. Throws 400 `invalid_scenario: accounts: required`.
 */
export function requireAccounts(document: unknown): void {
  const accounts =
    typeof document === 'object' && document !== null && !Array.isArray(document)
      ? (document as { accounts?: unknown }).accounts
      : undefined;
  if (!Array.isArray(accounts)) throw new ScenarioError('accounts', 'required');
}

/**
 * Validates the `extensions` of a scenario document on their own (module snapshots such
 * as `extensions.shield`), for state that skips whole-document validation. Throws a
 * {@link ScenarioError} naming the first offending path, e.g. `extensions.shield.next_seq`.
 */
export function checkScenarioExtensions(extensions: unknown): void {
  refuseTooDeep(extensions, 'extensions');
  const result = ScenarioExtensions.optional().safeParse(extensions, { reportInput: true });
  if (!result.success) throw scenarioError(result.error, ['extensions']);
}

function refuseTooDeep(document: unknown, prefix?: string): void {
  const path = tooDeepPath(document);
  if (path === undefined) return;
  const at = prefix === undefined ? path : path === '' ? prefix : `${prefix}.${path}`;
  throw new ScenarioError(at, `nests arrays and objects deeper than ${MAX_SCENARIO_DEPTH} levels`);
}

/** The {@link ScenarioError} of the first issue of a failed parse, its path under `prefix`. */
export function scenarioError(
  error: z.ZodError,
  prefix: readonly PropertyKey[] = [],
): ScenarioError {
  const issue = error.issues[0];
  if (issue === undefined) return new ScenarioError(formatIssuePath(prefix), 'invalid document');
  const path =
    issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined
      ? [...prefix, ...issue.path, issue.keys[0]]
      : [...prefix, ...issue.path];
  return new ScenarioError(formatIssuePath(path), describeIssue(issue));
}

/**
 * Refuses a scenario that would load with more events already due at `startMs` (where its
 * clock starts) than one clock move may apply: what is due when a scenario loads is applied
 * at once, as a move's events are (counted the same way: every renewal paid). Throws a
 * {@link ScenarioError} naming the date at which the count passes the limit, e.g.
 * `accounts[0].services[3].expires_at`. Generated services are never due at the start.
 */
export function checkEventsDueAt(scenario: Scenario, startMs: number): void {
  let count = 0;
  const check = (path: string) => {
    if (count <= MAX_EVENTS_PER_CLOCK_MOVE) return;
    throw new ScenarioError(
      path,
      `the events already due when the scenario loads add up to more than ${MAX_EVENTS_PER_CLOCK_MOVE}, the most one clock move applies`,
    );
  };
  scenario.accounts.forEach((account, a) => {
    count += shieldEventsBy(account, startMs);
    check(`accounts[${a}].shield.grace_ends_at`);
    account.services.forEach((service, i) => {
      // Due at `expires_at` or later: a service whose term ends after the start has nothing due.
      if (service.expires_at === undefined || !(Date.parse(service.expires_at) <= startMs)) return;
      const record = { ...service, account_ref: account.account_ref };
      count += serviceEventsBy(record, startMs, MAX_EVENTS_PER_CLOCK_MOVE - count);
      check(`accounts[${a}].services[${i}].expires_at`);
    });
  });
}

/**
 * Records the `generate` counts of all accounts may add up to: ~430 MB of heap at about
 * 430 bytes a record. Each count alone may be 1,000,000, and without a cap on their sum a
 * 1.9 KB document asking 18 million records ran the server out of memory.
 */
const MAX_GENERATED_RECORDS = 1_000_000;

function checkDocumentRules(scenario: Scenario): void {
  let generated = 0;
  scenario.accounts.forEach((account, a) => {
    const counts = account.generate;
    if (counts === undefined) return;
    generated += counts.invoices + counts.transactions + counts.services;
    if (generated > MAX_GENERATED_RECORDS) {
      throw new ScenarioError(
        `accounts[${a}].generate`,
        `the scenario's generate counts add up to more than ${MAX_GENERATED_RECORDS} records`,
      );
    }
  });
  const seenRefs = new Map<string, string>();
  const claim = (ref: string, path: string) => {
    const first = seenRefs.get(ref);
    if (first !== undefined) throw new ScenarioError(path, `duplicates the reference at ${first}`);
    seenRefs.set(ref, path);
  };
  scenario.plans.forEach((plan, p) => {
    claim(plan.plan_ref, `plans[${p}].plan_ref`);
    const local = new Set<string>();
    const options: Array<[string, string]> = [
      ...plan.periods.map((o, i): [string, string] => [o.period_ref, `periods[${i}].period_ref`]),
      ...plan.os_images.map((o, i): [string, string] => [
        o.os_image_ref,
        `os_images[${i}].os_image_ref`,
      ]),
      ...plan.regions.map((o, i): [string, string] => [o.region_ref, `regions[${i}].region_ref`]),
      ...plan.addons.map((o, i): [string, string] => [o.addon_ref, `addons[${i}].addon_ref`]),
    ];
    for (const [ref, path] of options) {
      if (local.has(ref))
        throw new ScenarioError(`plans[${p}].${path}`, 'duplicates a reference of the plan');
      local.add(ref);
    }
  });
  const codes = new Set<string>();
  scenario.plans.forEach((plan, p) => {
    if (codes.has(plan.code))
      throw new ScenarioError(`plans[${p}].code`, 'duplicates another plan code');
    codes.add(plan.code);
  });
  const tokens = new Set<string>();
  scenario.accounts.forEach((account, a) => {
    const at = `accounts[${a}]`;
    claim(account.account_ref, `${at}.account_ref`);
    account.api_keys.forEach((key, k) => {
      if (tokens.has(key.token))
        throw new ScenarioError(`${at}.api_keys[${k}].token`, 'duplicates another token');
      tokens.add(key.token);
    });
    account.services.forEach((s, i) => {
      claim(s.service_ref, `${at}.services[${i}].service_ref`);
    });
    account.invoices.forEach((inv, i) => {
      claim(inv.invoice_ref, `${at}.invoices[${i}].invoice_ref`);
      checkCents(inv, ['amount', 'fee', 'penalty', 'vat_amount'], `${at}.invoices[${i}]`);
    });
    account.orders.forEach((order, i) => {
      claim(order.order_ref, `${at}.orders[${i}].order_ref`);
      checkCents(order, ['amount'], `${at}.orders[${i}]`);
    });
    account.transactions.forEach((txn, i) => {
      claim(txn.transaction_ref, `${at}.transactions[${i}].transaction_ref`);
      checkCents(txn, ['amount', 'fee', 'penalty', 'vat_amount'], `${at}.transactions[${i}]`);
    });
    checkRenewalLinks(account, at);
  });
}

/**
 * A service's `renewal_invoice_ref` names what time writes when a renewal finds the balance
 * short (reference spec, section 9): the service suspended at the end of its term
 * (`expires_at`), the unpaid `service_renewal` invoice of that service issued then, in its
 * account. Only then does it mean anything: it gives the service 7 days before it expires,
 * its expiry cancels that invoice and a top-up that pays it renews the service from
 * `expires_at`. Any other ref ("bogus", an invoice of another service, a paid one) had kept
 * a service 7 days past its term with no invoice behind it, and one without a readable
 * `expires_at` had made the top-up that paid its invoice a 500.
 */
function checkRenewalLinks(account: ScenarioAccount, at: string): void {
  let invoices: Map<string, ScenarioAccount['invoices'][number]> | undefined;
  account.services.forEach((service, i) => {
    const ref = service.renewal_invoice_ref;
    if (ref === undefined) return;
    const path = `${at}.services[${i}].renewal_invoice_ref`;
    if (service.status !== 'suspended' || service.reseller) {
      throw new ScenarioError(path, 'only a suspended service (not a reseller one) has one');
    }
    invoices ??= new Map(account.invoices.map((invoice) => [invoice.invoice_ref, invoice]));
    const invoice = invoices.get(ref);
    if (invoice === undefined) throw new ScenarioError(path, 'names no invoice of the account');
    if (
      invoice.kind !== 'service_renewal' ||
      invoice.status !== 'unpaid' ||
      invoice.service_ref !== service.service_ref
    ) {
      throw new ScenarioError(
        path,
        `must name an unpaid service_renewal invoice of ${service.service_ref}`,
      );
    }
    // Instants, not texts: `…00Z` and `…00.000Z` are the same end of a term.
    if (
      service.expires_at === undefined ||
      Date.parse(service.expires_at) !== Date.parse(invoice.issue_date)
    ) {
      throw new ScenarioError(
        path,
        `names an invoice issued at ${invoice.issue_date}, not at the service's expires_at, when its term ended`,
      );
    }
  });
}

function checkCents<T extends object>(record: T, fields: ReadonlyArray<keyof T>, at: string): void {
  for (const field of fields) {
    const value = record[field];
    const problem = typeof value === 'number' ? centsAmountProblem(value) : undefined;
    if (problem !== undefined) throw new ScenarioError(`${at}.${String(field)}`, problem);
  }
}
