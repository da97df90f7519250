import { benchAccountOverhead } from './account-overhead';
import { benchInvoiceWalkHeap } from './invoice-walk-heap';
import { benchSdkLayerCpu } from './sdk-layer-cpu';

// Each benchmark measures its baseline in the same run and prints the ratio and its target.
// Timings from a shared machine are indicative; nothing here fails the build.
await benchAccountOverhead();
await benchSdkLayerCpu();
await benchInvoiceWalkHeap();
