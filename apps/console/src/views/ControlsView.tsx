import type { ControlDescription, StateDocument } from '@refapi/server/browser';
import { useCallback, useEffect, useState } from 'react';
import { useStateAdmin } from '../space-context';
import type { Spaces } from '../use-spaces';
import { Card, describeError } from './controls/Card';
import { ClockCard, type ClockServer } from './controls/ClockCard';
import { ControlCard } from './controls/ControlCard';
import { SnapshotsCard } from './controls/SnapshotsCard';
import { SpacesCard } from './controls/SpacesCard';
import { StateCard } from './controls/StateCard';
import { TopUpCard } from './controls/TopUpCard';

/** The clock has its own card (presets, freeze); every other control gets its form. */
const OWN_CARD = new Set(['clock']);

/**
 * The controls `GET /__admin/controls` describes (undefined while loading), or why not;
 * `reload` reads them again (their values change with every control call).
 */
function useControls() {
  const admin = useStateAdmin();
  const [controls, setControls] = useState<ControlDescription[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const reload = useCallback(
    () =>
      admin.controls().then(
        (document) => {
          setControls(document.controls);
          setError(undefined);
        },
        (cause) => setError(describeError(cause)),
      ),
    [admin],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  return { controls, error, reload };
}

/**
 * Every control is one admin API call on the state shown (the root's or the selected
 * space's); the console keeps no state of its own. The spaces themselves are the root's.
 */
export function ControlsView({
  server,
  spaces,
}: {
  /** The clock, and the state shown (its accounts, for a top-up). */
  server: ClockServer & { state?: StateDocument | undefined };
  spaces: Spaces;
}) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | undefined>();
  const { controls, error, reload } = useControls();
  const run = async (label: string, action: () => Promise<unknown>) => {
    try {
      await action();
      setMessage({ ok: true, text: `${label}: done.` });
    } catch (cause) {
      setMessage({ ok: false, text: `${label}: ${describeError(cause)}` });
    }
    await Promise.all([server.refresh(), reload()]);
  };
  const clock = controls?.find((control) => control.name === 'clock');

  return (
    <section aria-labelledby="controls-title">
      <h2 id="controls-title">Controls</h2>
      <p aria-live="polite" role="status" className={message?.ok === false ? 'error' : 'ok'}>
        {message?.text}
      </p>
      <div className="cards">
        <ClockCard server={server} run={run} description={clock?.description} />
        {controls === undefined ? (
          <Card title="Controls">
            <p
              className={error === undefined ? 'muted' : 'error'}
              role={error === undefined ? undefined : 'alert'}
            >
              {error === undefined ? 'Loading…' : `Controls unavailable: ${error}`}
            </p>
          </Card>
        ) : (
          controls
            .filter((control) => !OWN_CARD.has(control.name))
            .map((control) => <ControlCard key={control.name} control={control} run={run} />)
        )}
        <TopUpCard run={run} accounts={server.state?.accounts} />
        <StateCard run={run} refresh={server.refresh} />
        <SnapshotsCard run={run} />
        <SpacesCard spaces={spaces} />
      </div>
    </section>
  );
}
