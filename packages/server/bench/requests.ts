/** The benchmarked requests (paths from the origin). */
export const BENCH_REQUESTS = [
  {
    name: 'GET /v1/services?limit=50',
    method: 'GET',
    path: '/v1/services?limit=50',
    body: undefined,
  },
  { name: 'GET /v1/me', method: 'GET', path: '/v1/me', body: undefined },
  {
    name: 'POST /v1/orders',
    method: 'POST',
    path: '/v1/orders',
    body: JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' }),
  },
] as const;

/** One benchmarked request. */
export type BenchRequest = (typeof BENCH_REQUESTS)[number];
