import type { StateAccount, StateDocument } from '@refapi/server/browser';
import { useState } from 'react';
import { convertCents, dateTime, formatMoney, maskKey, runningBalance, toCents } from '../format';

const money = (amount: number, currency: string) => formatMoney(toCents(amount), currency);

/** Accounts of the state document, read-only: identity, balance, services, finance, keys. */
export function AccountsView({ state }: { state: StateDocument | undefined }) {
  const [selected, setSelected] = useState<string | undefined>();
  const [chosenDisplay, setDisplay] = useState<string | undefined>();
  if (state === undefined) return <p className="muted">Loading state…</p>;
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
      <Table
        title={`Services (${account.services.length})`}
        head={['reference', 'name', 'type', 'status', 'power', 'auto-renew', 'expires']}
        rows={account.services.map((s) => [
          s.service_ref,
          s.display_name ?? s.name,
          s.type,
          s.status,
          String(s.power_state ?? '—'),
          s.auto_renew ? 'on' : 'off',
          s.expires_at ? dateTime(s.expires_at) : '—',
        ])}
      />
      <Table
        title={`Orders (${account.orders.length})`}
        head={['reference', 'type', 'status', 'amount', 'description', 'created']}
        rows={account.orders.map((o) => [
          o.order_ref,
          o.order_type,
          o.status,
          money(o.amount, o.currency),
          o.description,
          o.created_at ? dateTime(o.created_at) : '—',
        ])}
      />
      <Table
        title={`Invoices (${account.invoices.length})`}
        head={['reference', 'kind', 'status', 'amount', 'issued', 'description']}
        rows={account.invoices.map((i) => [
          i.invoice_ref,
          i.kind,
          i.status,
          money(i.amount, i.currency),
          dateTime(i.issue_date),
          i.description,
        ])}
      />
      <Table
        title={`Ledger (${ledger.length}), newest first`}
        head={['reference', 'time', 'kind', 'method', 'amount', 'balance after']}
        rows={ledger.map((t) => [
          t.transaction_ref,
          dateTime(t.created_at),
          t.kind,
          t.method,
          money(t.amount, t.currency),
          formatMoney(t.balance_after_cents, account.account_currency),
        ])}
      />
    </>
  );
}

/** A titled table; long lists scroll inside their card. */
function Table({
  title,
  head,
  rows,
}: {
  title: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <section className="card table-card" aria-label={title}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="muted">none</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        <section className="table-scroll" tabIndex={0} aria-label={`${title}, scrollable`}>
          <table>
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={String(row[0])}>
                  {row.map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                    <td key={i}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
