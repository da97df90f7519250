// A journal file wrapper that fails like a full disk on demand: `write` (ENOSPC before a
// byte lands) or `datasync` (the lines reached the file but are not durable).
import type { WalFile } from '../src/persistence/durable-fs';

const enospc = () =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

/** Switchable disk failure for `StateFileOptions.walFile`. */
export class DiskFault {
  /** `write`: writes fail; `datasync`: writes land but fsync fails; `off`: healthy. */
  mode: 'off' | 'write' | 'datasync' = 'off';
  /** Failed calls so far. */
  failures = 0;

  readonly wrap = (file: WalFile): WalFile => ({
    write: ((...args: Parameters<WalFile['write']>) => {
      if (this.mode === 'write') return this.#fail();
      return (file.write as (...a: typeof args) => ReturnType<WalFile['write']>)(...args);
    }) as WalFile['write'],
    datasync: () => (this.mode === 'off' ? file.datasync() : this.#fail()),
    truncate: (length) => file.truncate(length),
    close: () => file.close(),
  });

  #fail(): Promise<never> {
    this.failures++;
    return Promise.reject(enospc());
  }
}
