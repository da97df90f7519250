import type { RequestEntry } from '@refapi/server/browser';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { clockTime } from '../format';
import { distinct, type JournalFilter, matchesFilter, NO_FILTER } from '../journal';
import { EntryDetail } from './EntryDetail';

const ROW_HEIGHT = 34;

const statusClass = (status: number) =>
  status >= 500 ? 'status-5xx' : status >= 400 ? 'status-4xx' : 'status-2xx';

/** The live request journal: filters, a virtualised list (1,000 rows stay smooth), the detail. */
export function JournalView({
  entries,
  error,
}: {
  entries: readonly RequestEntry[];
  error: string | undefined;
}) {
  const [filter, setFilter] = useState<JournalFilter>(NO_FILTER);
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const visible = useMemo(
    () => entries.filter((entry) => matchesFilter(entry, filter)),
    [entries, filter],
  );
  const operations = useMemo(() => distinct(entries, (e) => e.operation ?? '(none)'), [entries]);
  const accounts = useMemo(() => distinct(entries, (e) => e.account_ref ?? '(none)'), [entries]);
  const selected = entries.find((entry) => entry.id === selectedId);

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  const set = (patch: Partial<JournalFilter>) => setFilter((current) => ({ ...current, ...patch }));

  // Arrow keys move the selection through the (filtered) list, like a listbox.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const index = visible.findIndex((entry) => entry.id === selectedId);
    const next = event.key === 'ArrowDown' ? index + 1 : Math.max(0, index - 1);
    const entry = visible[Math.min(next, visible.length - 1)];
    if (entry) {
      setSelectedId(entry.id);
      virtualizer.scrollToIndex(visible.indexOf(entry));
    }
  };

  return (
    <section className="journal" aria-labelledby="journal-title">
      <h2 id="journal-title" className="sr-only">
        Journal
      </h2>
      <form
        className="filters"
        aria-label="Filter requests"
        onSubmit={(event) => event.preventDefault()}
      >
        <label>
          Operation
          <select value={filter.operation} onChange={(e) => set({ operation: e.target.value })}>
            <option value="">all</option>
            {operations.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <label>
          Status
          <input
            value={filter.status}
            placeholder="200, 4xx…"
            size={7}
            onChange={(e) => set({ status: e.target.value })}
          />
        </label>
        <label>
          Account
          <select value={filter.account} onChange={(e) => set({ account: e.target.value })}>
            <option value="">all</option>
            {accounts.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <label className="grow">
          Text
          <input
            type="search"
            value={filter.text}
            placeholder="request id, path, body…"
            onChange={(e) => set({ text: e.target.value })}
          />
        </label>
        <output aria-live="polite" className="muted">
          {visible.length} of {entries.length}
        </output>
      </form>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="journal-body">
        <div className="journal-list">
          <div className="row row-head" aria-hidden="true">
            <span>time</span>
            <span>request id</span>
            <span>operation</span>
            <span>status</span>
            <span>account</span>
            <span className="num">ms</span>
            <span />
          </div>
          <div
            ref={scroller}
            className="rows"
            role="listbox"
            tabIndex={0}
            aria-label="Requests, newest first"
            aria-activedescendant={selectedId ? `row-${selectedId}` : undefined}
            onKeyDown={onKeyDown}
          >
            {visible.length === 0 && (
              <p className="empty muted">
                No requests yet. Call the API (SDK, refctl, curl) and they appear here live.
              </p>
            )}
            <div className="rows-inner" style={{ height: virtualizer.getTotalSize() }}>
              {virtualizer.getVirtualItems().map((item) => {
                const entry = visible[item.index]!;
                return (
                  <div
                    key={entry.id}
                    id={`row-${entry.id}`}
                    role="option"
                    aria-selected={entry.id === selectedId}
                    tabIndex={-1}
                    data-request-id={entry.id}
                    className="row"
                    style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                    onClick={() => setSelectedId(entry.id)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') setSelectedId(entry.id);
                    }}
                  >
                    <span className="mono">{clockTime(entry.time)}</span>
                    <span className="mono">{entry.id}</span>
                    <span>{entry.operation ?? `${entry.method} ${entry.path}`}</span>
                    <span className={`mono ${statusClass(entry.status)}`}>{entry.status}</span>
                    <span className="mono">{entry.account_ref ?? '—'}</span>
                    <span className="mono num">{entry.duration_ms.toFixed(1)}</span>
                    <span>
                      {entry.replayed && <span className="badge badge-info">replay</span>}
                      {entry.fault && (
                        <span className="badge badge-fault">fault {entry.fault}</span>
                      )}
                    </span>
                  </div>
                );
              })}
            </div>
          </div>
        </div>
        {selected && <EntryDetail entry={selected} onClose={() => setSelectedId(undefined)} />}
      </div>
    </section>
  );
}
