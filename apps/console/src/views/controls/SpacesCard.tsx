import type { SpaceInfo } from '@refapi/server/browser';
import { type FormEvent, useState } from 'react';
import { dateTime } from '../../format';
import { spaceName } from '../../space-selection';
import type { Spaces } from '../../use-spaces';
import { Card, describeError } from './Card';

const FROM = [
  ['scenario', 'the scenario loaded last'],
  ['current', 'the root’s current state'],
] as const;

/**
 * The server's spaces (the root's, whichever state is shown): create one, show one (as the
 * header's switcher does), delete one.
 */
export function SpacesCard({ spaces }: { spaces: Spaces }) {
  const [name, setName] = useState('');
  const [from, setFrom] = useState<(typeof FROM)[number][0]>('scenario');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | undefined>();
  const [confirming, setConfirming] = useState<string | undefined>();

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const named = name.trim();
    try {
      const space = await spaces.create({ ...(named === '' ? {} : { name: named }), from });
      setName('');
      setMessage({ ok: true, text: `Created space ${spaceName(space.space_id, space.name)}.` });
    } catch (cause) {
      setMessage({ ok: false, text: `Create space: ${describeError(cause)}` });
    }
  };
  const remove = async (space: SpaceInfo) => {
    setConfirming(undefined);
    try {
      await spaces.remove(space.space_id);
      setMessage({ ok: true, text: `Deleted space ${spaceName(space.space_id, space.name)}.` });
    } catch (cause) {
      setMessage({ ok: false, text: `Delete space: ${describeError(cause)}` });
    }
  };

  return (
    <Card
      title="Spaces"
      description="Isolated copies of the server's state, each with its own API (under /spaces/<id>/v1), journal, clock and controls; one left unused past its expiry is deleted. The header chooses the one every view shows."
    >
      <form onSubmit={create} className="stack" aria-label="New space">
        <label>
          Name (optional)
          <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Copy of
          <select value={from} onChange={(e) => setFrom(e.target.value as typeof from)}>
            {FROM.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Create space</button>
      </form>
      <p role="status" aria-live="polite" className={message?.ok === false ? 'error' : 'ok'}>
        {message?.text}
      </p>
      {spaces.list.length === 0 ? (
        <p className="muted">No spaces.</p>
      ) : (
        <ul className="plain space-list" aria-label="Spaces">
          {spaces.list.map((space) => (
            <li key={space.space_id} data-space-id={space.space_id}>
              <strong>{space.name ?? space.space_id}</strong>
              <span className="muted mono">
                {space.space_id} · {space.requests} requests · expires {dateTime(space.expires_at)}{' '}
                UTC
              </span>
              <span className="button-row">
                {spaces.selected === space.space_id ? (
                  <span className="badge badge-info">shown</span>
                ) : (
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => spaces.select(space.space_id)}
                  >
                    Show
                  </button>
                )}
                {confirming === space.space_id ? (
                  <>
                    <button type="button" className="danger" onClick={() => void remove(space)}>
                      Yes, delete
                    </button>
                    <button type="button" onClick={() => setConfirming(undefined)}>
                      Cancel
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => setConfirming(space.space_id)}
                  >
                    Delete…
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
