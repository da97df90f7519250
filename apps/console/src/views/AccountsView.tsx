import type { StateAccount, StateDocument } from '@refapi/server/browser';
import { useState } from 'react';
import { convertCents, dateTime, formatMoney, maskKey, runningBalance, toCents } from '../format';
import { newestFirst } from '../newest-first';
import { PagedTable } from './accounts/PagedTable';
import { StatePending } from './StatePending';

const money = (amount: number, currency: string) => formatMoney(toCents(amount), currency);

/** Accounts of the state document, read-only: identity, balance, services, finance, keys. */
export function AccountsView({
  state,
  loadFailed = false,
}: {
  state: StateDocument | undefined;
  /** The last load of the state failed (shown instead of "Loading state…"). */
  loadFailed?: boolean;
}) {
  const [selected, setSelected] = useState<string | undefined>();
  const [chosenDisplay, setDisplay] = useState<string | undefined>();
  if (state === undefined) return <StatePending failed={loadFailed} />;
  const account =
    state.accounts.find((a) => a.account_ref === selected) ?? state.accounts[0] ?? undefined;
  const currencies = Object.keys(state.rates);
  // Another currency than the account's by default, so the conversion shows at once.
  const display =
    chosenDisplay ??
    currencies.find((c) => c !== account?.account_currency) ??
    account?.account_currency ??
    'EUR';

  return (
    <section className="accounts" aria-labelledby="accounts-title">
      <h2 id="accounts-title">Accounts</h2>
      <div className="toolbar">
        <label>
          Account
          <select
            value={account?.account_ref ?? ''}
            onChange={(event) => setSelected(event.target.value)}
          >
            {state.accounts.map((a) => (
              <option key={a.account_ref} value={a.account_ref}>
                {a.account_ref} — {a.first_name} {a.last_name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Display currency
          <select value={display} onChange={(event) => setDisplay(event.target.value)}>
            {currencies.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
      </div>
      {account === undefined ? (
        <p className="muted">The scenario has no accounts.</p>
      ) : (
        <AccountDetail account={account} display={display} rates={state.rates} />
      )}
    </section>
  );
}

function AccountDetail({
  account,
  display,
  rates,
}: {
  account: StateAccount;
  display: string;
  rates: Record<string, number>;
}) {
  const balanceCents = toCents(account.balance);
  const displayCents = convertCents(balanceCents, account.account_currency, display, rates);
  const ledger = runningBalance(account.transactions, balanceCents).reverse();
  return (
    <>
      <div className="cards">
        <div className="card">
          <h3>Identity</h3>
          <dl className="facts">
            <dt>reference</dt>
            <dd className="mono">{account.account_ref}</dd>
            <dt>name</dt>
            <dd>
              {account.first_name} {account.last_name}
            </dd>
            <dt>email</dt>
            <dd>{account.email}</dd>
            <dt>country</dt>
            <dd>{account.country_code}</dd>
            <dt>status</dt>
            <dd>{account.status}</dd>
            <dt>Shield</dt>
            <dd>{account.shield ? account.shield.status : 'none'}</dd>
          </dl>
        </div>
        <div className="card">
          <h3>Balance</h3>
          <p className="big mono" data-testid="balance">
            {formatMoney(balanceCents, account.account_currency)}
          </p>
          {displayCents !== undefined && (
            <p className="muted">
              in {display}: <span className="mono">{formatMoney(displayCents, display)}</span>
            </p>
          )}
          <p className="muted">VAT rate {(account.vat_rate * 100).toFixed(1)} %</p>
        </div>
        <div className="card">
          <h3>API keys</h3>
          <ul className="plain">
            {account.api_keys.map((key) => (
              <li key={key.token}>
                <span className="mono">{maskKey(key.token)}</span>{' '}
                <span className="muted">{key.scopes.join(' ')}</span>
                {key.allowed_ips.length > 0 && (
                  <span className="muted"> · {key.allowed_ips.join(', ')}</span>
                )}
              </li>
            ))}
            {account.api_keys.length === 0 && <li className="muted">none</li>}
          </ul>
        </div>
      </div>
      <PagedTable
        title="Services"
        head={['reference', 'name', 'type', 'status', 'power', 'auto-renew', 'expires']}
        rows={newestFirst(account.services, (s) => s.service_ref).map((s) => ({
          key: s.service_ref,
          cells: [
            s.service_ref,
            s.display_name ?? s.name,
            s.type,
            s.status,
            String(s.power_state ?? '—'),
            s.auto_renew ? 'on' : 'off',
            s.expires_at ? dateTime(s.expires_at) : '—',
          ],
        }))}
      />
      <PagedTable
        title="Orders"
        head={['reference', 'created', 'type', 'status', 'amount', 'description']}
        rows={newestFirst(
          account.orders,
          (o) => o.order_ref,
          (o) => o.created_at,
        ).map((o) => ({
          key: o.order_ref,
          cells: [
            o.order_ref,
            o.created_at ? dateTime(o.created_at) : '—',
            o.order_type,
            o.status,
            money(o.amount, o.currency),
            o.description,
          ],
        }))}
      />
      <PagedTable
        title="Invoices"
        head={['reference', 'issued', 'kind', 'status', 'amount', 'description']}
        rows={newestFirst(
          account.invoices,
          (i) => i.invoice_ref,
          (i) => i.issue_date,
        ).map((i) => ({
          key: i.invoice_ref,
          cells: [
            i.invoice_ref,
            dateTime(i.issue_date),
            i.kind,
            i.status,
            money(i.amount, i.currency),
            i.description,
          ],
        }))}
      />
      <PagedTable
        title="Ledger"
        head={['reference', 'time', 'kind', 'method', 'amount', 'balance after']}
        rows={ledger.map((t) => ({
          key: t.transaction_ref,
          cells: [
            t.transaction_ref,
            dateTime(t.created_at),
            t.kind,
            t.method,
            money(t.amount, t.currency),
            formatMoney(t.balance_after_cents, account.account_currency),
          ],
        }))}
      />
    </>
  );
}
