import type { StateDocument } from '@refapi/server/browser';
import { type FormEvent, useState } from 'react';
import { formatMoney, toCents } from '../../format';
import { useStateAdmin } from '../../space-context';
import { Card, type Run } from './Card';

/** An amount as the form takes it: units with at most two decimals (`25`, `9.95`). */
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
/** The most one top-up may add (`POST /__admin/top-ups`). */
const MAX_AMOUNT = 1_000_000_000;

/** Whether `text` is an amount a top-up takes: above zero, at most {@link MAX_AMOUNT}. */
const validAmount = (text: string) =>
  AMOUNT.test(text) && Number(text) > 0 && Number(text) <= MAX_AMOUNT;

/**
 * Tops up an account's balance (`POST /__admin/top-ups`, in the account's currency), the
 * one way money comes in: the public API has none. Unpaid renewals are then settled oldest
 * first, their suspended services active again.
 */
export function TopUpCard({
  run,
  accounts,
}: {
  run: Run;
  /** The accounts of the state shown (undefined while it loads). */
  accounts: StateDocument['accounts'] | undefined;
}) {
  const admin = useStateAdmin();
  const [chosen, setChosen] = useState<string | undefined>();
  const [amount, setAmount] = useState('');
  const account = accounts?.find((a) => a.account_ref === chosen) ?? accounts?.[0];
  const invalid = amount !== '' && !validAmount(amount);

  const topUp = (event: FormEvent) => {
    event.preventDefault();
    if (account === undefined || !validAmount(amount)) return;
    const label = `Top up ${account.account_ref} by ${formatMoney(toCents(Number(amount)), account.account_currency)}`;
    void run(label, () => admin.topUp(account.account_ref, Number(amount))).then(() =>
      setAmount(''),
    );
  };

  return (
    <Card
      title="Top up"
      description="Adds to an account's balance in its currency (the public API has no top-up); unpaid renewals are then settled oldest first, their services active again."
    >
      {accounts?.length === 0 ? (
        <p className="muted">No accounts.</p>
      ) : (
        <form onSubmit={topUp} className="inline-form">
          <div className="field">
            <label htmlFor="top-up-account">Account</label>
            <select
              id="top-up-account"
              value={account?.account_ref ?? ''}
              disabled={account === undefined}
              onChange={(e) => setChosen(e.target.value)}
            >
              {accounts?.map((a) => (
                <option key={a.account_ref} value={a.account_ref}>
                  {a.account_ref} ({formatMoney(toCents(a.balance), a.account_currency)})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="top-up-amount">
              Amount{account === undefined ? '' : ` (${account.account_currency})`}
            </label>
            <input
              id="top-up-amount"
              inputMode="decimal"
              spellCheck={false}
              required
              value={amount}
              aria-invalid={invalid ? true : undefined}
              aria-describedby="top-up-amount-hint"
              onChange={(e) => setAmount(e.target.value.trim())}
            />
            <span className="hint" id="top-up-amount-hint">
              Above 0, at most 1,000,000,000, two decimals at most.
            </span>
          </div>
          <button type="submit" disabled={account === undefined || !validAmount(amount)}>
            Top up
          </button>
        </form>
      )}
    </Card>
  );
}
