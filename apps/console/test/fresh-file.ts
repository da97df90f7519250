import { vi } from 'vitest';

// Runs before each test file. Files share their worker (isolate: false in vitest.config.ts):
// whatever one file leaves in the page or the globals would reach the next file there.
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
if (typeof window !== 'undefined') {
  // happy-dom: the address the page starts at (no view in the hash), empty storage.
  window.history.replaceState(null, '', '/');
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.body.replaceChildren();
}
