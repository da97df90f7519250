import { createReferenceServer } from '@refapi/server';
import { renewingKvm, renewingScenario } from '/work/main/packages/server/test/fixtures/renewing-account';
const services = Array.from({ length: 10_000 }, (_, i) =>
  renewingKvm(`REF-SVC-${(0x1000 + i).toString(16).toUpperCase()}`, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`));
const server = createReferenceServer({ scenario: renewingScenario(services, { token: 'refak_bench_clock', balance: 100_000_000 }), onError: () => {} });
await server.ready;
const gc = (globalThis as any).gc; gc(); const a = process.memoryUsage().heapUsed;
let move: any = await server.admin.clock.move({ months: 10 });
gc(); const b = process.memoryUsage().heapUsed;
const n = move.applied.length; move = undefined; gc(); const c = process.memoryUsage().heapUsed;
console.log(n, 'with result', ((b - a) / n).toFixed(0), 'B/event; without', ((c - a) / n).toFixed(0), 'B/event');
const st: any = await server.admin.state(); 
const acct = st.accounts[0]; console.log(Object.keys(acct), acct.invoices?.[5], acct.transactions?.[5]);
