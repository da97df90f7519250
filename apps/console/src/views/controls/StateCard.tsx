import { type ChangeEvent, useState } from 'react';
import { AdminError } from '../../api';
import { parseScenarioError, type ScenarioProblem } from '../../scenario-error';
import { useStateAdmin } from '../../space-context';
import { Card, type Run } from './Card';

/** Scenario upload (with the refused path shown), state download and reset. */
export function StateCard({ run, refresh }: { run: Run; refresh: () => Promise<void> }) {
  const admin = useStateAdmin();
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
    <Card
      title="State"
      description="The whole state at once: load a scenario file (it replaces everything), download the current state as one, or reset to the scenario loaded last."
    >
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
