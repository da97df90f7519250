// `pnpm bench [section…]`: sections overhead, cpu, loop, heap (all when none is named).
import { benchAccountOverhead } from './account-overhead';
import { benchInvoiceWalkHeap } from './invoice-walk-heap';
import { benchSdkLayerCpu } from './sdk-layer-cpu';
import { benchTestLoop } from './test-loop';

// Each benchmark measures its baseline in the same run and prints the ratio and its target.
// Timings from a shared machine are indicative; nothing here fails the build.
// They time the built packages (dist, as `pnpm bench` builds them first), which is what users
// import: run from sources under tsx, every closure also pays the `__name` wrapper tsx adds.
// This process runs as a project without OpenTelemetry would (the script preloads
// test/helpers/hide-otel.mjs); the CPU section times the SDK with it in processes of their own.
const sections: Record<string, () => Promise<boolean>> = {
  overhead: benchAccountOverhead,
  cpu: benchSdkLayerCpu,
  loop: benchTestLoop,
  heap: benchInvoiceWalkHeap,
};
const chosen = process.argv.slice(2).filter((name) => name !== '--');
const unknown = chosen.filter((name) => !(name in sections));
if (unknown.length > 0) throw new Error(`unknown bench section(s): ${unknown.join(', ')}`);

const met: boolean[] = [];
for (const name of chosen.length > 0 ? chosen : Object.keys(sections)) {
  met.push(await (sections[name] as () => Promise<boolean>)());
}
console.log(met.every(Boolean) ? '\nall targets met' : '\nsome targets missed');
