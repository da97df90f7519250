import type { ClockState } from '@refapi/server/browser';
import { type FormEvent, useState } from 'react';
import type { StateAdmin } from '../../space-api';
import { useStateAdmin } from '../../space-context';
import { formatUtcInput, parseUtcInput, UTC_PLACEHOLDER } from '../../utc-input';
import { Card, type Run } from './Card';

const PRESETS: [string, number][] = [
  ['10 s', 10],
  ['1 min', 60],
  ['1 h', 3600],
  ['1 day', 86_400],
  ['30 days', 30 * 86_400],
];

/** The server clock as the controls view reads and sets it. */
export interface ClockServer {
  clock: ClockState | undefined;
  now: number;
  refresh: () => Promise<void>;
  applyClock: (clock: ClockState) => void;
}

/**
 * The server clock: presets to advance it, a time to set (ISO 8601 in UTC, typed: the
 * browser's date picker would show the locale's format), freeze and "now".
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
  const parsed = at.trim() === '' ? undefined : parseUtcInput(at);
  const clock = (label: string, body: Parameters<StateAdmin['setClock']>[0]) =>
    run(label, async () => server.applyClock(await admin.setClock(body)));
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
      <p className="mono big">
        {new Date(server.now).toISOString().replace('T', ' ').slice(0, 19)}
      </p>
      <p className="muted">{server.clock?.frozen ? 'frozen' : 'running'}</p>
      <fieldset className="button-row">
        <legend className="sr-only">Advance the clock</legend>
        {PRESETS.map(([label, value]) => (
          <button
            key={label}
            type="button"
            onClick={() => clock(`Advance ${label}`, { advance_seconds: value })}
          >
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
              if (at === '') setAt(formatUtcInput(server.now));
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
    </Card>
  );
}
