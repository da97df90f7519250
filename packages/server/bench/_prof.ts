import { createReferenceServer } from '@refapi/server';
import { renewingKvm, renewingScenario } from '/work/main/packages/server/test/fixtures/renewing-account';
const services = Array.from({ length: 10_000 }, (_, i) =>
  renewingKvm(`REF-SVC-${(0x1000 + i).toString(16).toUpperCase()}`, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`));
const server = createReferenceServer({ scenario: renewingScenario(services, { token: 'refak_bench_clock', balance: 100_000_000 }), onError: () => {} });
await server.ready;
const t = performance.now();
const move = await server.admin.clock.move({ months: 10 });
console.log(move.applied.length, (performance.now() - t).toFixed(0), 'ms');
