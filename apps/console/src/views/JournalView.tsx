import type { ClockEventEntry, JournalItem, RequestEntry } from '@refapi/server/browser';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { clockEventText } from '../clock-event-text';
import { clockTime } from '../format';
import {
  distinct,
  entryKey,
  isClockEvent,
  type JournalFilter,
  matchesFilter,
  NO_FILTER,
  operationOf,
} from '../journal';
import { useElementWidth } from '../use-element-width';
import { ClockEventDetail } from './ClockEventDetail';
import { EntryDetail } from './EntryDetail';
import { StatusBadge } from './StatusBadge';

/** Row heights: one line, or two in a narrow list (time, status, flags over the request). */
const ROW_HEIGHT = 34;
const NARROW_ROW_HEIGHT = 54;
/** Below this list width (px) a row takes two lines. */
const NARROW_LIST = 620;

/** A row's DOM id: a request's id, or a clock event's key made safe for an id. */
const rowId = (entry: JournalItem) => `row-${entryKey(entry).replace(/[^\w-]/g, '_')}`;

/**
 * The live journal: the API's requests and the clock's events, filters, a virtualised list
 * (1,000 rows stay smooth), the detail.
 */
export function JournalView({
  entries,
  error,
}: {
  entries: readonly JournalItem[];
  error: string | undefined;
}) {
  const [filter, setFilter] = useState<JournalFilter>(NO_FILTER);
  // The selected entry's key (entryKey).
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const visible = useMemo(
    () => entries.filter((entry) => matchesFilter(entry, filter)),
    [entries, filter],
  );
  const operations = useMemo(() => distinct(entries, operationOf), [entries]);
  const accounts = useMemo(() => distinct(entries, (e) => e.account_ref ?? '(none)'), [entries]);
  const selected = entries.find((entry) => entryKey(entry) === selectedId);

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
    const index = visible.findIndex((entry) => entryKey(entry) === selectedId);
    const next = event.key === 'ArrowDown' ? index + 1 : Math.max(0, index - 1);
    const entry = visible[Math.min(next, visible.length - 1)];
    if (entry) {
      setSelectedId(entryKey(entry));
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
            aria-label="Requests and clock events, newest first"
            aria-activedescendant={selected ? rowId(selected) : undefined}
            onKeyDown={onKeyDown}
          >
            {/* An empty list is told apart from a full journal the filters hide all of:
                "No requests yet" over 1,000 filtered-out entries sent the user calling the
                API to fill a journal that was already full. */}
            {visible.length === 0 && (
              <p className="empty muted">
                {entries.length === 0
                  ? 'No requests yet. Call the API (SDK, refctl, curl) and they appear here live.'
                  : 'No entry matches these filters.'}
              </p>
            )}
            <div className="rows-inner" style={{ height: virtualizer.getTotalSize() }}>
              {virtualizer.getVirtualItems().map((item) => {
                const entry = visible[item.index]!;
                const key = entryKey(entry);
                return (
                  <div
                    key={key}
                    id={rowId(entry)}
                    role="option"
                    aria-selected={key === selectedId}
                    tabIndex={-1}
                    {...(isClockEvent(entry)
                      ? { 'data-clock-event': entry.event }
                      : { 'data-request-id': entry.id })}
                    className={isClockEvent(entry) ? 'row row-clock' : 'row'}
                    style={{ transform: `translateY(${item.start}px)`, height: rowHeight }}
                    onClick={() => setSelectedId(key)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') setSelectedId(key);
                    }}
                  >
                    {isClockEvent(entry) ? (
                      <ClockEventCells entry={entry} />
                    ) : (
                      <RequestCells entry={entry} />
                    )}
                  </div>
                );
              })}
            </div>
          </div>
        </div>
        {selected &&
          (isClockEvent(selected) ? (
            <ClockEventDetail entry={selected} onClose={() => setSelectedId(undefined)} />
          ) : (
            <EntryDetail entry={selected} onClose={() => setSelectedId(undefined)} />
          ))}
      </div>
    </section>
  );
}

function RequestCells({ entry }: { entry: RequestEntry }) {
  return (
    <>
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
        {entry.fault && <span className="badge badge-fault">fault {entry.fault}</span>}
      </span>
    </>
  );
}

/** A clock event's row: its due time, what it did in the request's place, no status. */
function ClockEventCells({ entry }: { entry: ClockEventEntry }) {
  const text = clockEventText(entry);
  return (
    <>
      <span className="mono col-time">{clockTime(entry.time)}</span>
      <span className="col-id muted">server clock</span>
      <span className="col-request" title={text}>
        {text}
      </span>
      <span className="col-op">{entry.event}</span>
      <span className="col-status">
        <span className="badge badge-info">clock</span>
      </span>
      <span className="mono col-account">{entry.account_ref}</span>
      <span className="mono num col-ms">—</span>
      <span className="col-flags" />
    </>
  );
}
