import type { RequestEntry } from '@refapi/server/browser';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { clockTime } from '../format';
import { distinct, type JournalFilter, matchesFilter, NO_FILTER } from '../journal';
import { useElementWidth } from '../use-element-width';
import { EntryDetail } from './EntryDetail';
import { StatusBadge } from './StatusBadge';

/** Row heights: one line, or two in a narrow list (time, status, flags over the request). */
const ROW_HEIGHT = 34;
const NARROW_ROW_HEIGHT = 54;
/** Below this list width (px) a row takes two lines. */
const NARROW_LIST = 620;

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
  const list = useRef<HTMLDivElement>(null);
  const narrow = useElementWidth(list, 1000) < NARROW_LIST;
  const rowHeight = narrow ? NARROW_ROW_HEIGHT : ROW_HEIGHT;
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new row height re-measures every row
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer]);

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
        <div ref={list} className={narrow ? 'journal-list narrow' : 'journal-list'}>
          <div className="row row-head" aria-hidden="true">
            <span className="col-time">time</span>
            <span className="col-id">request id</span>
            <span className="col-request">request</span>
            <span className="col-op">operation</span>
            <span className="col-status">status</span>
            <span className="col-account">account</span>
            <span className="num col-ms">ms</span>
            <span className="col-flags" />
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
                    style={{ transform: `translateY(${item.start}px)`, height: rowHeight }}
                    onClick={() => setSelectedId(entry.id)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') setSelectedId(entry.id);
                    }}
                  >
                    <span className="mono col-time">{clockTime(entry.time)}</span>
                    <span className="mono col-id">{entry.id}</span>
                    <span className="mono col-request" title={`${entry.method} ${entry.path}`}>
                      <span className="method">{entry.method}</span> {entry.path}
                    </span>
                    <span className="col-op">{entry.operation ?? '—'}</span>
                    <span className="col-status">
                      <StatusBadge status={entry.status} />
                    </span>
                    <span className="mono col-account">{entry.account_ref ?? '—'}</span>
                    <span className="mono num col-ms">{entry.duration_ms.toFixed(1)}</span>
                    <span className="col-flags">
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
