import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { REFCTL_BIN } from './refctl-bin';

/** Builds refctl when its dist is missing (`pnpm test` builds it anyway). */
export default function setup(): void {
  if (!existsSync(REFCTL_BIN)) {
    execFileSync('pnpm', ['exec', 'tsup'], { cwd: dirname(dirname(REFCTL_BIN)), stdio: 'inherit' });
  }
}
