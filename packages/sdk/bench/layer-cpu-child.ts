// Child of the SDK-layer CPU bench: times one contender alone in a fresh process (so no
// other contender's JIT feedback or garbage shapes its figure) and prints the median µs
// per call over the measured rounds.
import { RefClient } from '@refapi/sdk';
import ky from 'ky';
import { account } from '../test/helpers/fixtures';

const WARMUP_ROUNDS = 4;
const ROUNDS = 16;
const PER_ROUND = 500;

const body = JSON.stringify(account);
const headers = {
  'content-type': 'application/json',
  'ratelimit-limit': '600',
  'ratelimit-remaining': '599',
  'ratelimit-reset': '60',
};
// No network at all: what is left is the CPU each layer adds per call.
const cannedFetch = async () => new Response(body, { headers });
const baseUrl = 'http://127.0.0.1:9/v1';
const API_KEY = 'refak_bench';
const requestHeaders = { authorization: `Bearer ${API_KEY}`, accept: 'application/json' };

function contender(name: string | undefined): () => Promise<unknown> {
  if (name === 'bare') return async () => (await cannedFetch()).json();
  if (name === 'ky') {
    // The same request as the SDK's: its key and Accept header, no SDK layer.
    const plainKy = ky.create({ prefix: baseUrl, headers: requestHeaders, fetch: cannedFetch });
    return () => plainKy.get('me').json();
  }
  if (name === 'sdk') {
    const client = new RefClient({ apiKey: API_KEY, baseUrl, fetch: cannedFetch });
    return () => client.account.get();
  }
  throw new Error(`unknown contender ${name}`);
}

const call = contender(process.argv[2]);
const perCallUs: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const started = performance.now();
  for (let i = 0; i < PER_ROUND; i++) await call();
  if (round >= WARMUP_ROUNDS) perCallUs.push(((performance.now() - started) / PER_ROUND) * 1000);
}
perCallUs.sort((a, b) => a - b);
process.stdout.write(`${perCallUs[perCallUs.length >> 1]}\n`);
