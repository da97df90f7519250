import type { JournalMessage, RequestEntry } from '@refapi/server/browser';
import { useState } from 'react';
import { toCurl, toSdkCall } from '../copy-as';
import { toRefctl } from '../copy-as-refctl';
import { StatusBadge } from './StatusBadge';

/** Whether the journal kept none of a body there was (a request refused as too large). */
const noneKept = (message: JournalMessage) => message.body_truncated && message.body === '';

/** A JSON body pretty-printed; any other text as it came. */
function prettyBody(message: JournalMessage): string {
  const { body } = message;
  if (noneKept(message)) return '(not kept)';
  if (body === null || body === '') return '(empty)';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function Message({ title, message }: { title: string; message: JournalMessage }) {
  return (
    <section className="message" aria-label={title}>
      <h4>{title} headers</h4>
      <dl className="headers">
        {Object.entries(message.headers).map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h4>
        {title} body
        {message.body_truncated && (
          <span className="badge badge-warn">
            {noneKept(message) ? 'not kept' : 'truncated at 16 KiB'}
          </span>
        )}
      </h4>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling body must be reachable by keyboard */}
      <pre className="body" data-testid={`${title.toLowerCase()}-body`} tabIndex={0}>
        {prettyBody(message)}
      </pre>
    </section>
  );
}

/** One request in full, and the same request as curl, refctl or an SDK call. */
export function EntryDetail({ entry, onClose }: { entry: RequestEntry; onClose: () => void }) {
  const [snippet, setSnippet] = useState<{ kind: string; text: string } | undefined>();
  const [copied, setCopied] = useState<string | undefined>();
  const origin = window.location.origin;
  // A body the journal cut (at 16 KiB, or to fit its budget) is not the body sent: a copy
  // would send the part kept (usually JSON cut mid-way), a request never recorded.
  const truncated = entry.request.body_truncated;
  const variants: [string, string | undefined][] = truncated
    ? []
    : [
        ['curl', toCurl(entry, origin)],
        ['refctl', toRefctl(entry, origin)],
        ['SDK call', toSdkCall(entry)],
      ];

  const copy = async (kind: string, text: string) => {
    setSnippet({ kind, text });
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`Copied as ${kind}.`);
    } catch {
      setCopied(`Shown below; select it to copy (the clipboard is not available here).`);
    }
  };

  return (
    <aside className="detail card" aria-labelledby="detail-title">
      <div className="detail-head">
        <h3 id="detail-title">
          <span className="mono">{entry.method}</span> {entry.path}
          {entry.query && <span className="muted">?{entry.query}</span>}
        </h3>
        <button type="button" className="link" onClick={onClose} aria-label="Close detail">
          ✕
        </button>
      </div>
      <dl className="facts">
        <dt>request id</dt>
        <dd className="mono" data-testid="detail-request-id">
          {entry.id}
        </dd>
        <dt>time</dt>
        <dd className="mono">{entry.time}</dd>
        <dt>operation</dt>
        <dd>{entry.operation ?? '—'}</dd>
        <dt>status</dt>
        <dd>
          <StatusBadge status={entry.status} />
        </dd>
        <dt>account</dt>
        <dd className="mono">{entry.account_ref ?? '—'}</dd>
        <dt>duration</dt>
        <dd className="mono">{entry.duration_ms.toFixed(2)} ms</dd>
        <dt>idempotency key</dt>
        <dd className="mono">{entry.idempotency_key ?? '—'}</dd>
        {(entry.replayed || entry.fault) && (
          <>
            <dt>flags</dt>
            <dd>
              {entry.replayed && <span className="badge badge-info">idempotent replay</span>}
              {entry.fault && <span className="badge badge-fault">fault {entry.fault}</span>}
            </dd>
          </>
        )}
      </dl>
      <div className="copy-buttons">
        {variants.map(([kind, text]) =>
          text === undefined ? null : (
            <button key={kind} type="button" onClick={() => copy(kind, text)}>
              Copy as {kind}
            </button>
          ),
        )}
      </div>
      {truncated && (
        <p className="muted">
          No copy: the journal kept {noneKept(entry.request) ? 'none' : 'only part'} of the request
          body, so a copied command would send another request.
        </p>
      )}
      <p aria-live="polite" className="muted">
        {copied}
      </p>
      {snippet && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling snippet must be reachable by keyboard
        <pre className="snippet" data-testid="copy-snippet" tabIndex={0}>
          {snippet.text}
        </pre>
      )}
      <Message title="Request" message={entry.request} />
      <Message title="Response" message={entry.response} />
    </aside>
  );
}
