import { useCallback, useEffect, useRef, useState } from 'react';
import { AdminError, admin } from './api';
import { Header, TITLES, VIEWS, type View } from './Header';
import { Login } from './Login';
import { OutageBanner } from './OutageBanner';
import { SpaceNotice } from './SpaceNotice';
import { announceSignOut, onSignOutElsewhere } from './session-channel';
import { startSession } from './session-start';
import { StateAdminContext } from './space-context';
import { useJournal } from './use-journal';
import { useServerState } from './use-server-state';
import { type Spaces, useSpaces } from './use-spaces';
import { ViewBoundary } from './ViewBoundary';
import { AccountsView } from './views/AccountsView';
import { ControlsView } from './views/ControlsView';
import { JournalView } from './views/JournalView';
import { ShieldView } from './views/ShieldView';

const viewFromHash = (): View => {
  const name = window.location.hash.slice(1);
  return (VIEWS as readonly string[]).includes(name) ? (name as View) : 'journal';
};

/**
 * Signed-in or not: a sign-in link (`?code=…`) signs in first; otherwise the server says
 * (`/whoami`) whether the session cookie still holds.
 */
export function App() {
  const [session, setSession] = useState<'unknown' | 'in' | 'out'>('unknown');
  // Why a sign-in link did not sign in (used, expired…), for the sign-in page.
  const [notice, setNotice] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    void startSession().then((start) => {
      if (!live) return;
      setSession(start.signedIn ? 'in' : 'out');
      if (!start.signedIn) setNotice(start.notice);
    });
    return () => {
      live = false;
    };
  }, []);
  const signedOut = useCallback(() => setSession('out'), []);
  // A session the server no longer knows (cookie expired, server restarted) used to drop
  // the operator on the sign-in page without a word; a sign-out of theirs needs none.
  const sessionEnded = useCallback(() => {
    setNotice(SESSION_ENDED);
    setSession('out');
  }, []);
  // The tabs of one browser share the cookie: a sign-out in one ends the session in all.
  useEffect(() => onSignOutElsewhere(signedOut), [signedOut]);
  if (session === 'unknown') return <p className="loading">Loading…</p>;
  if (session === 'out') {
    return (
      <Login
        notice={notice}
        onLoggedIn={() => {
          setNotice(undefined);
          setSession('in');
        }}
      />
    );
  }
  return <Console onSignedOut={signedOut} onSessionEnded={sessionEnded} />;
}

const SESSION_ENDED =
  'Your session ended (it expired, or the server restarted or signed it out). Sign in again.';

/**
 * The console of one state: the root's, or the space chosen in the header. Another choice
 * mounts it anew (keyed), so its journal stream, state and views start over on that state.
 */
function Console({
  onSignedOut,
  onSessionEnded,
}: {
  onSignedOut: () => void;
  onSessionEnded: () => void;
}) {
  const spaces = useSpaces();
  return (
    <StateAdminContext.Provider value={spaces.api}>
      <StateConsole
        key={spaces.selected ?? ''}
        spaces={spaces}
        onSignedOut={onSignedOut}
        onSessionEnded={onSessionEnded}
      />
    </StateAdminContext.Provider>
  );
}

function StateConsole({
  spaces,
  onSignedOut,
  onSessionEnded,
}: {
  spaces: Spaces;
  onSignedOut: () => void;
  onSessionEnded: () => void;
}) {
  const [view, setView] = useState<View>(viewFromHash);
  const server = useServerState();
  const { refresh, connection } = server;
  // New requests change state (orders, rules…): refresh it, at most every 300 ms.
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onEntry = useCallback(() => {
    if (pending.current !== undefined) return;
    pending.current = setTimeout(() => {
      pending.current = undefined;
      void refresh();
    }, 300);
  }, [refresh]);
  useEffect(() => () => clearTimeout(pending.current), []);
  const journal = useJournal(onEntry, onSessionEnded, connection);
  const outage = connection.outage;

  useEffect(() => {
    const onHash = () => setView(viewFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  useEffect(() => {
    if (server.error !== undefined) {
      admin.whoami().catch((cause) => {
        if (cause instanceof AdminError && cause.status === 401) onSessionEnded();
      });
    }
  }, [server.error, onSessionEnded]);

  // Leave at once, before the server answers: unmounting the console closes its journal
  // stream and timers, and the other tabs close theirs. Nothing opens again until sign-in.
  const signOut = () => {
    onSignedOut();
    announceSignOut();
    void admin.logout().catch(() => undefined);
  };

  return (
    <div className="shell">
      <Header
        view={view}
        spaces={spaces}
        now={server.now}
        frozen={server.clock?.frozen === true}
        stream={outage ? 'offline' : journal.stream}
        onSignOut={signOut}
      />
      {outage && <OutageBanner outage={outage} />}
      {spaces.notice && <SpaceNotice text={spaces.notice} onDismiss={spaces.dismissNotice} />}
      <main
        className={outage ? 'content stale' : 'content'}
        aria-label={TITLES[view]}
        aria-describedby={outage ? 'outage' : undefined}
        data-stale={outage ? 'true' : undefined}
      >
        {server.error && !outage && (
          <p role="alert" className="error">
            {server.error}
          </p>
        )}
        {/* One boundary per view (keyed, so another view starts without the crash). */}
        <ViewBoundary
          key={view}
          title={TITLES[view]}
          backHref={view === 'journal' ? undefined : '#journal'}
        >
          {view === 'journal' && (
            <JournalView entries={journal.entries} error={outage ? undefined : journal.error} />
          )}
          {view === 'accounts' && (
            <AccountsView state={server.state} loadFailed={server.error !== undefined} />
          )}
          {view === 'shield' && (
            <ShieldView
              state={server.state}
              now={server.now}
              loadFailed={server.error !== undefined}
            />
          )}
          {view === 'controls' && <ControlsView server={server} spaces={spaces} />}
        </ViewBoundary>
      </main>
    </div>
  );
}
