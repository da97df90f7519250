import { statusText, statusTone } from '../http-status';

/** A status as `404 Not Found`, coloured by its tone (the words carry it without colour too). */
export function StatusBadge({ status }: { status: number }) {
  return (
    <span className={`status status-${statusTone(status)}`} data-status={status}>
      <span className="mono">{status}</span> {statusText(status)}
    </span>
  );
}
