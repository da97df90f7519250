/**
 * What a view of the state document shows before it has one: loading, or, once a load
 * failed, that nothing is loaded (the console's alert above says why).
 */
export function StatePending({ failed }: { failed: boolean }) {
  return <p className="muted">{failed ? 'State not loaded.' : 'Loading state…'}</p>;
}
