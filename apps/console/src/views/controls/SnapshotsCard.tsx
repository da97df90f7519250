import type { SnapshotInfo } from '@refapi/server/browser';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { dateTime } from '../../format';
import { useStateAdmin } from '../../space-context';
import { Card, describeError, type Run } from './Card';

/** A snapshot's name as the server takes it: what fits in a URL path segment as is. */
const NAME = /^[A-Za-z0-9._~-]{1,64}$/;

/**
 * Snapshots of the state shown (the root's or the space's): save the state under a name,
 * restore it later (it stays saved), delete it.
 */
export function SnapshotsCard({ run }: { run: Run }) {
  const admin = useStateAdmin();
  const [snapshots, setSnapshots] = useState<SnapshotInfo[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [name, setName] = useState('');
  const reload = useCallback(
    () =>
      admin.snapshots().then(
        (list) => {
          setSnapshots(list);
          setError(undefined);
        },
        (cause) => setError(describeError(cause)),
      ),
    [admin],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  const act = async (label: string, action: () => Promise<unknown>) => {
    await run(label, action);
    await reload();
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!NAME.test(name)) return;
    void act(`Save snapshot ${name}`, () => admin.saveSnapshot(name)).then(() => setName(''));
  };
  const invalid = name !== '' && !NAME.test(name);

  return (
    <Card
      title="Snapshots"
      description="The whole state of what is shown (records, clock, controls) kept under a name, to come back to: restoring keeps the snapshot."
    >
      <form onSubmit={save} className="inline-form">
        <div className="field">
          <label htmlFor="snapshot-name">Snapshot name</label>
          <input
            id="snapshot-name"
            value={name}
            spellCheck={false}
            required
            aria-invalid={invalid ? true : undefined}
            aria-describedby="snapshot-name-hint"
            onChange={(e) => setName(e.target.value)}
          />
          <span className="hint" id="snapshot-name-hint">
            Letters, digits and . _ ~ - (at most 64); a name in use is replaced.
          </span>
        </div>
        <button type="submit" disabled={!NAME.test(name)}>
          Save
        </button>
      </form>
      {error && (
        <p role="alert" className="error">
          Snapshots unavailable: {error}
        </p>
      )}
      {snapshots?.length === 0 && <p className="muted">No snapshots.</p>}
      {snapshots !== undefined && snapshots.length > 0 && (
        <ul className="plain snapshot-list" aria-label="Snapshots">
          {snapshots.map((snapshot) => (
            <li key={snapshot.name} data-snapshot={snapshot.name}>
              <span className="mono">{snapshot.name}</span>{' '}
              <span className="muted">saved {dateTime(snapshot.created_at)} UTC</span>
              <span className="button-row">
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    void act(`Restore ${snapshot.name}`, () => admin.restoreSnapshot(snapshot.name))
                  }
                >
                  Restore
                </button>
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    void act(`Delete snapshot ${snapshot.name}`, () =>
                      admin.deleteSnapshot(snapshot.name),
                    )
                  }
                >
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
