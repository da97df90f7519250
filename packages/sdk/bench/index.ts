import { benchAccountOverhead } from './account-overhead';
import { benchInvoiceWalkHeap } from './invoice-walk-heap';
import { benchSdkLayerCpu } from './sdk-layer-cpu';
import { benchTestLoop } from './test-loop';

// Each benchmark measures its baseline in the same run and prints the ratio and its target.
// Timings from a shared machine are indicative; nothing here fails the build.
// They time the built packages (dist, as `pnpm bench` builds them first), which is what users
// import: run from sources under tsx, every closure also pays the `__name` wrapper tsx adds.
const met = [
  await benchAccountOverhead(),
  await benchSdkLayerCpu(),
  await benchTestLoop(),
  await benchInvoiceWalkHeap(),
];
console.log(met.every(Boolean) ? '\nall targets met' : '\nsome targets missed');
