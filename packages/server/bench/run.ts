// `pnpm bench [section…]`: every figure with its target, measured in one run. Sections:
// seed, reset, cost, scale, flat, http, shape, idle, burst, durable, state, spaces, clock, recordings (all when
// none is named).
import { benchBurst } from './burst';
import { benchClockEvents } from './clock-events';
import { benchFlat } from './flat';
import { benchHttp } from './http';
import { benchIdle } from './idle';
import { benchOrderCost } from './order-cost';
import { benchPersistence } from './persistence';
import { benchRecordings } from './recordings';
import { type Figure, printFigures } from './report';
import { benchReset } from './reset';
import { benchScale } from './scale';
import { benchSeed } from './seed';
import { benchSpaces } from './spaces';
import { benchDurableOrders } from './state-throughput';
import { benchTrafficShape } from './traffic-shape';

const sections: Record<string, [string, () => Promise<Figure[]>]> = {
  seed: ['Seed (createReferenceServer)', benchSeed],
  reset: ['Reset between tests', benchReset],
  cost: ['Where one order goes (server side, µs)', benchOrderCost],
  scale: ['Scale (GET /v1/invoices?limit=50 p50 latency)', benchScale],
  flat: [
    'Flat in state size (100k invoices + 100k transactions + 10k services + 2,000 keys)',
    benchFlat,
  ],
  http: ['HTTP (autocannon, 10 connections)', benchHttp],
  shape: [
    'HTTP in the traffic shape of a fleet (2,000 keys, servers in turn, each idle while the others run)',
    benchTrafficShape,
  ],
  idle: ['After an idle spell (Node 22: V8 memory reducer)', benchIdle],
  burst: ['Connection bursts from one address', benchBurst],
  durable: ['Durable orders (--state-file against memory and durable floors)', benchDurableOrders],
  state: ['State file (--state-file): load and serialize', benchPersistence],
  spaces: ['Spaces and snapshots', benchSpaces],
  clock: ['Time moves the account (clock events)', benchClockEvents],
  recordings: ['Recordings (drift of 100 MB, the recorder under 300 uploads)', benchRecordings],
};
const chosen = process.argv.slice(2).filter((name) => name !== '--');
const unknown = chosen.filter((name) => !(name in sections));
if (unknown.length > 0) throw new Error(`unknown bench section(s): ${unknown.join(', ')}`);

let met = true;
for (const name of chosen.length > 0 ? chosen : Object.keys(sections)) {
  const [title, bench] = sections[name] as [string, () => Promise<Figure[]>];
  met = printFigures(title, await bench()) && met;
}
console.log(met ? '\nall targets met' : '\nsome targets missed');
