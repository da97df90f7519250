import type { ClockEventEntry } from '@refapi/server/browser';
import { Fragment } from 'react';
import { clockEventText } from '../clock-event-text';
import { formatMoney, toCents } from '../format';

/** One event of the server's clock in full: what fell due, when, and what it wrote. */
export function ClockEventDetail({
  entry,
  onClose,
}: {
  entry: ClockEventEntry;
  onClose: () => void;
}) {
  const facts: [string, string | undefined][] = [
    ['event', entry.event],
    ['due at', entry.due_at],
    ['space', entry.space_id ?? undefined],
    ['account', entry.account_ref],
    ['service', entry.service_ref],
    ['invoice', entry.invoice_ref],
    ['transaction', entry.transaction_ref],
    [
      'amount',
      entry.amount === undefined || entry.currency === undefined
        ? undefined
        : formatMoney(toCents(entry.amount), entry.currency),
    ],
    ['expires at', entry.expires_at],
    ['reason', entry.reason],
  ];
  return (
    <aside className="detail card" aria-labelledby="detail-title">
      <div className="detail-head">
        <h3 id="detail-title">{clockEventText(entry)}</h3>
        <button type="button" className="link" onClick={onClose} aria-label="Close detail">
          ✕
        </button>
      </div>
      <p className="muted">
        Applied by the server clock when it passed the due time: no request made it.
      </p>
      <dl className="facts" data-testid="clock-event-facts">
        {facts.map(([name, value]) =>
          value === undefined ? null : (
            <Fragment key={name}>
              <dt>{name}</dt>
              <dd className="mono">{value}</dd>
            </Fragment>
          ),
        )}
      </dl>
    </aside>
  );
}
