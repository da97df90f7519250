// Build check: fails the build when the console's JS and CSS exceed the gzipped budget.
import { fileURLToPath } from 'node:url';
import { BUDGET_BYTES, bundleSize } from './bundle-size.mjs';

const dir = fileURLToPath(new URL('../../../packages/server/console', import.meta.url));
const { files, total } = bundleSize(dir);
for (const file of files) console.log(`  ${file.name}  ${(file.gzip / 1024).toFixed(1)} KiB gz`);
const verdict = `console bundle: ${(total / 1024).toFixed(1)} KiB gzipped (budget ${BUDGET_BYTES / 1024} KiB)`;
if (total > BUDGET_BYTES) {
  console.error(`${verdict}: over budget`);
  process.exit(1);
}
console.log(verdict);
