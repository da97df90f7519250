/** The channel on which the console's tabs of one browser tell each other of a sign-out. */
const CHANNEL = 'refapi-console-session';
const SIGNED_OUT = 'signed-out';

/**
 * Tells the console's other tabs in this browser that the session ended: the cookie is
 * shared, so their journal streams must close too (see {@link onSignOutElsewhere}).
 */
export function announceSignOut(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(SIGNED_OUT);
  channel.close();
}

/** Calls `signOut` when another tab of this browser signs out; returns the unsubscribe. */
export function onSignOutElsewhere(signOut: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    if (event.data === SIGNED_OUT) signOut();
  };
  return () => channel.close();
}
