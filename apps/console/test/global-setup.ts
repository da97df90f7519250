import { ensureConsoleBuilt } from '../scripts/ensure-built.mjs';

/** The e2e tests load the built console: build it when missing or older than its sources. */
export default function setup(): void {
  ensureConsoleBuilt();
}
