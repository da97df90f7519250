import { InterruptedError } from '../errors/cli-error';
import type { WatchEnd } from '../ui/TrafficWatch';

/** Turns how a live watch ended into the command's outcome: q is success, Ctrl-C exit 130. */
export function endWatch(end: WatchEnd): void {
  if (end.reason === 'interrupt') throw new InterruptedError();
  if (end.reason === 'error') throw end.error;
}
