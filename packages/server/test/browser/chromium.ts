import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium only (.ci/run installs it); never a downloaded browser. */
const CHROMIUM = '/usr/bin/chromium';

/** Why browser tests skip here, or undefined when they run (CI never skips: it fails instead). */
export const chromiumSkipReason =
  existsSync(CHROMIUM) || process.env.CI
    ? undefined
    : `${CHROMIUM} is not installed (apt-get install chromium); CI fails instead of skipping`;

/** Headless Chromium that resolves nothing but 127.0.0.1 (and `localhost`), so no request can leave. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`CI needs Debian's Chromium at ${CHROMIUM}`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
}
