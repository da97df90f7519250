import type { ClockEvent, ClockState, ClockView, NextEvent } from '@refapi/server/browser';
import { type FormEvent, useState } from 'react';
import { serverClock } from '../../format';
import type { StateAdmin } from '../../space-api';
import { useStateAdmin } from '../../space-context';
import { formatUtcInput, parseUtcInput, UTC_PLACEHOLDER } from '../../utc-input';
import { Card, type Run } from './Card';

/** Presets: seconds, or an ISO 8601 duration (calendar months move the account's terms). */
const PRESETS: [string, { advance_seconds: number } | { advance: string }][] = [
  ['10 s', { advance_seconds: 10 }],
  ['1 min', { advance_seconds: 60 }],
  ['1 h', { advance_seconds: 3600 }],
  ['1 day', { advance_seconds: 86_400 }],
  ['1 month', { advance: 'P1M' }],
];

/** Events shown by name in each list (next, last applied); the rest are counted. */
const EVENTS_SHOWN = 8;

const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);
const kindWords = (kind: string) => kind.replaceAll('_', ' ');

/** One line of what time did or will do: `2026-02-01 00:00 service renewal REF-SVC-101 5.95 EUR`. */
function clockEventLine(event: NextEvent | ClockEvent): string {
  const ref = 'ref' in event ? event.ref : (event.service_ref ?? event.account_ref);
  const amount =
    'amount' in event && event.amount !== undefined
      ? ` ${event.amount.toFixed(2)} ${event.currency ?? ''}`
      : '';
  return `${when(event.due_at)} ${kindWords(event.kind)} ${ref}${amount}`.trimEnd();
}

/** The server clock as the controls view reads and sets it. */
export interface ClockServer {
  clock: (ClockState & Partial<ClockView>) | undefined;
  /** Server time in epoch ms, undefined until the server has said it. */
  now: number | undefined;
  refresh: () => Promise<void>;
  applyClock: (clock: ClockState) => void;
}

/**
 * The server clock: presets to advance it (a month moves the account's terms: renewals,
 * suspensions, expiries), a time to set (ISO 8601 in UTC, typed: the browser's date picker
 * would show the locale's format), freeze and "now"; the next events that will fall due,
 * and what the last move applied.
 */
export function ClockCard({
  server,
  run,
  description,
}: {
  server: ClockServer;
  run: Run;
  description?: string | undefined;
}) {
  const admin = useStateAdmin();
  const [seconds, setSeconds] = useState('');
  const [at, setAt] = useState('');
  const [applied, setApplied] = useState<ClockEvent[] | undefined>();
  const parsed = at.trim() === '' ? undefined : parseUtcInput(at);
  const clock = (label: string, body: Parameters<StateAdmin['setClock']>[0]) =>
    run(label, async () => {
      const moved = await admin.setClock(body);
      setApplied(moved.applied);
      server.applyClock(moved);
    });
  const advanceBy = (event: FormEvent) => {
    event.preventDefault();
    void clock(`Advance ${seconds} s`, { advance_seconds: Number(seconds) });
  };
  const setNow = (event: FormEvent) => {
    event.preventDefault();
    if (parsed?.ok) void clock('Set clock', { now: parsed.iso });
  };
  return (
    <Card title="Server clock" description={description}>
      <p className="mono big">{serverClock(server.now)}</p>
      <p className="muted">
        {server.clock === undefined ? '' : server.clock.frozen ? 'frozen' : 'running'}
      </p>
      <fieldset className="button-row">
        <legend className="sr-only">Advance the clock</legend>
        {PRESETS.map(([label, body]) => (
          <button key={label} type="button" onClick={() => clock(`Advance ${label}`, body)}>
            advance {label}
          </button>
        ))}
      </fieldset>
      <form onSubmit={advanceBy} className="inline-form">
        <label>
          Advance by seconds
          <input
            type="number"
            min={0}
            required
            value={seconds}
            onChange={(e) => setSeconds(e.target.value)}
          />
        </label>
        <button type="submit">Advance</button>
      </form>
      <form onSubmit={setNow} className="inline-form">
        <div className="field">
          <label htmlFor="clock-set-to">Set to (UTC, ISO 8601)</label>
          <input
            id="clock-set-to"
            type="text"
            placeholder={UTC_PLACEHOLDER}
            spellCheck={false}
            required
            value={at}
            aria-invalid={parsed?.ok === false ? true : undefined}
            aria-describedby={parsed?.ok === false ? 'clock-set-to-error' : undefined}
            onFocus={() => {
              if (at === '' && server.now !== undefined) setAt(formatUtcInput(server.now));
            }}
            onChange={(e) => setAt(e.target.value)}
          />
        </div>
        <button type="submit" disabled={parsed?.ok !== true}>
          Set
        </button>
      </form>
      {parsed?.ok === false && (
        <p className="error field-error" id="clock-set-to-error">
          {parsed.error}
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          onClick={() =>
            clock(server.clock?.frozen ? 'Unfreeze' : 'Freeze', {
              frozen: !server.clock?.frozen,
            })
          }
        >
          {server.clock?.frozen ? 'Unfreeze' : 'Freeze'}
        </button>
        <button
          type="button"
          onClick={() => clock('Now', { now: new Date().toISOString() })}
          title="Set the server clock to the real time"
        >
          Now
        </button>
      </div>
      <ClockEvents title="Next events" events={server.clock?.next_events} empty="nothing due" />
      {applied !== undefined && (
        <ClockEvents
          title={`The last move applied ${applied.length} event${applied.length === 1 ? '' : 's'}`}
          events={applied}
          empty="nothing fell due"
        />
      )}
    </Card>
  );
}

/** A list of clock events (due or applied), each on one line. */
function ClockEvents({
  title,
  events,
  empty,
}: {
  title: string;
  events: readonly (NextEvent | ClockEvent)[] | undefined;
  empty: string;
}) {
  if (events === undefined) return null;
  const more = events.length - EVENTS_SHOWN;
  return (
    <section aria-label={title}>
      <h3 className="small-heading">{title}</h3>
      {events.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="mono event-list">
          {events.slice(0, EVENTS_SHOWN).map((event) => (
            <li key={`${event.due_at} ${clockEventLine(event)}`}>{clockEventLine(event)}</li>
          ))}
          {more > 0 && <li className="muted">…and {more} more</li>}
        </ul>
      )}
    </section>
  );
}
