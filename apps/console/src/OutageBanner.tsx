import type { Outage } from './use-connection';

/** `14:03:12` of epoch ms, in the browser's time zone (the time on the operator's wall). */
const wallTime = (ms: number): string =>
  new Date(ms).toLocaleTimeString('en-GB', { hour12: false });

/** What the banner says while the server does not answer. */
export function outageText(origin: string, outage: Outage): string {
  return `The reference server at ${origin} is not reachable; showing data from ${wallTime(outage.dataFrom)}.`;
}

/** Says that the server stopped answering and that the views show older data. */
export function OutageBanner({ outage }: { outage: Outage }) {
  return (
    <div className="outage" id="outage" role="alert" data-testid="outage">
      <strong>{outageText(window.location.origin, outage)}</strong>{' '}
      <span>The views are marked stale; they update by themselves once it answers again.</span>
    </div>
  );
}
