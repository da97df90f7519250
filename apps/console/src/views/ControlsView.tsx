import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { AdminError, admin } from '../api';
import { parseScenarioError, type ScenarioProblem } from '../scenario-error';
import type { ClockState, FaultState } from '../types';

const PRESETS: [string, number][] = [
  ['10 s', 10],
  ['1 min', 60],
  ['1 h', 3600],
  ['1 day', 86_400],
  ['30 days', 30 * 86_400],
];

interface Server {
  clock: ClockState | undefined;
  now: number;
  refresh: () => Promise<void>;
  applyClock: (clock: ClockState) => void;
}

const describe = (cause: unknown) =>
  cause instanceof AdminError ? `${cause.error} (${cause.status})` : (cause as Error).message;

/** Every control is one admin API call; the console keeps no state of its own. */
export function ControlsView({ server }: { server: Server }) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | undefined>();
  const run = async (label: string, action: () => Promise<unknown>) => {
    try {
      await action();
      setMessage({ ok: true, text: `${label}: done.` });
    } catch (cause) {
      setMessage({ ok: false, text: `${label}: ${describe(cause)}` });
    }
    await server.refresh();
  };

  return (
    <section aria-labelledby="controls-title">
      <h2 id="controls-title">Controls</h2>
      <p aria-live="polite" role="status" className={message?.ok === false ? 'error' : 'ok'}>
        {message?.text}
      </p>
      <div className="cards">
        <ClockCard server={server} run={run} />
        <FaultsCard run={run} />
        <ShieldPauseCard run={run} />
        <StateCard run={run} refresh={server.refresh} />
      </div>
    </section>
  );
}

type Run = (label: string, action: () => Promise<unknown>) => Promise<void>;

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="card" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

function ClockCard({ server, run }: { server: Server; run: Run }) {
  const [seconds, setSeconds] = useState('');
  const [at, setAt] = useState('');
  const clock = (label: string, body: Parameters<typeof admin.setClock>[0]) =>
    run(label, async () => server.applyClock(await admin.setClock(body)));
  const advanceBy = (event: FormEvent) => {
    event.preventDefault();
    void clock(`Advance ${seconds} s`, { advance_seconds: Number(seconds) });
  };
  const setNow = (event: FormEvent) => {
    event.preventDefault();
    const iso = at.endsWith('Z') ? at : `${at}Z`;
    void clock('Set clock', { now: new Date(iso).toISOString() });
  };
  return (
    <Card title="Server clock">
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
        <label>
          Set to (UTC)
          <input
            type="datetime-local"
            step={1}
            required
            value={at}
            onChange={(e) => setAt(e.target.value)}
          />
        </label>
        <button type="submit">Set</button>
      </form>
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

function FaultsCard({ run }: { run: Run }) {
  const [faults, setFaults] = useState<FaultState | undefined>();
  useEffect(() => {
    admin.faults().then(setFaults, () => undefined);
  }, []);
  if (faults === undefined) {
    return (
      <Card title="Faults">
        <p className="muted">Loading…</p>
      </Card>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run('Faults', async () => setFaults(await admin.setFaults(faults)));
  };
  return (
    <Card title="Faults">
      <form onSubmit={submit} className="stack">
        <label>
          Power
          <select
            name="power"
            value={faults.power}
            onChange={(e) => setFaults({ ...faults, power: e.target.value as FaultState['power'] })}
          >
            {['ok', 'reject', 'fail', 'uncertain'].map((v) => (
              <option key={v}>{v}</option>
            ))}
          </select>
        </label>
        <label>
          Shield apply
          <select
            name="shield"
            value={faults.shield}
            onChange={(e) =>
              setFaults({ ...faults, shield: e.target.value as FaultState['shield'] })
            }
          >
            {['ok', 'fail'].map((v) => (
              <option key={v}>{v}</option>
            ))}
          </select>
        </label>
        <label>
          Latency (ms)
          <input
            name="latency_ms"
            type="number"
            min={0}
            max={60000}
            value={faults.latency_ms}
            onChange={(e) => setFaults({ ...faults, latency_ms: Number(e.target.value) })}
          />
        </label>
        <button type="submit">Apply faults</button>
      </form>
    </Card>
  );
}

function ShieldPauseCard({ run }: { run: Run }) {
  const [paused, setPaused] = useState<boolean | undefined>();
  const [retryAfter, setRetryAfter] = useState('30');
  useEffect(() => {
    admin.shield().then(
      (s) => setPaused(s.paused),
      () => undefined,
    );
  }, []);
  const toggle = (event: FormEvent) => {
    event.preventDefault();
    const next = !paused;
    void run(next ? 'Pause Shield' : 'Resume Shield', async () => {
      await admin.setShield(
        next && retryAfter !== ''
          ? { paused: true, retry_after: Number(retryAfter) }
          : { paused: next },
      );
      setPaused(next);
    });
  };
  return (
    <Card title="Shield backend">
      <p>
        {paused === undefined ? 'Loading…' : paused ? 'paused: Shield calls answer 503' : 'running'}
      </p>
      <form onSubmit={toggle} className="stack">
        {!paused && (
          <label>
            Retry-After (s)
            <input
              type="number"
              min={0}
              max={86400}
              value={retryAfter}
              onChange={(e) => setRetryAfter(e.target.value)}
            />
          </label>
        )}
        <button type="submit">{paused ? 'Resume Shield' : 'Pause Shield'}</button>
      </form>
    </Card>
  );
}

function StateCard({ run, refresh }: { run: Run; refresh: () => Promise<void> }) {
  const [problem, setProblem] = useState<ScenarioProblem | undefined>();
  const [confirmReset, setConfirmReset] = useState(false);
  const [loaded, setLoaded] = useState<string | undefined>();

  const load = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    setProblem(undefined);
    setLoaded(undefined);
    try {
      await admin.loadScenario(await file.text());
      setLoaded(`Loaded ${file.name}.`);
    } catch (cause) {
      setProblem(
        cause instanceof AdminError
          ? parseScenarioError(cause.error)
          : { path: undefined, reason: (cause as Error).message },
      );
    }
    await refresh();
  };

  const download = async () => {
    const state = await admin.state();
    const url = URL.createObjectURL(
      new Blob([`${JSON.stringify(state, null, 2)}\n`], { type: 'application/json' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = `refapi-state-${(state.now ?? new Date().toISOString()).replaceAll(':', '-')}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Card title="State">
      <div className="stack">
        <label htmlFor="scenario-file">Load a scenario (JSON file)</label>
        <input id="scenario-file" type="file" accept="application/json,.json" onChange={load} />
        {loaded && <p className="ok">{loaded}</p>}
        {problem && (
          <div role="alert" className="error" data-testid="scenario-error">
            <p>The scenario was refused; the state is unchanged.</p>
            {problem.path && (
              <p>
                at <code data-testid="scenario-error-path">{problem.path}</code>
              </p>
            )}
            <p>{problem.reason}</p>
          </div>
        )}
        <button type="button" onClick={() => void download()}>
          Download state
        </button>
        {confirmReset ? (
          <div className="button-row">
            <button
              type="button"
              className="danger"
              onClick={() => {
                setConfirmReset(false);
                void run('Reset', admin.reset);
              }}
            >
              Yes, reset to the start scenario
            </button>
            <button type="button" onClick={() => setConfirmReset(false)}>
              Cancel
            </button>
          </div>
        ) : (
          <button type="button" onClick={() => setConfirmReset(true)}>
            Reset…
          </button>
        )}
      </div>
    </Card>
  );
}
