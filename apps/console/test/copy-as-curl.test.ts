import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createReferenceServer, type ListeningServer, type ReferenceServer } from '@refapi/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toCurl } from '../src/copy-as';
import { type Sent, send } from './raw-request';

const API_KEY = 'refak_demo_eur_full';

const json = { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' };

/** Recorded requests that a shell or curl would misread unless the command guards them. */
const CASES: [string, Sent][] = [
  [
    'braces and brackets in path and query (curl URL globbing)',
    {
      method: 'POST',
      target: '/v1/services/REF-SVC-{101,102}/power?x=[1-5]&y={a,b}',
      headers: { ...json, 'idempotency-key': 'k-{1,2}-[1-3]' },
      body: '{"action":"start"}',
    },
  ],
  [
    'quotes, $ and backticks in the body and the idempotency key',
    {
      method: 'POST',
      target: '/v1/orders',
      headers: { ...json, 'idempotency-key': `it's-$HOME-\`id\`` },
      body: `{"type":"kvm","plan_code":"it's $(id) \`id\` \\"q\\" {1,2}","period_ref":"REF-PERIOD-1"}`,
    },
  ],
  [
    'tabs and line breaks in the body',
    {
      method: 'POST',
      target: '/v1/orders',
      headers: { ...json, 'idempotency-key': 'k-ws' },
      body: '{\t"type": "kvm",\r\n\t"plan_code": "kvm-s"\n}',
    },
  ],
  [
    'dot segments, which curl would squash',
    { method: 'GET', target: '/v1/services/./REF-SVC-101/../../v1/plans?limit=5', headers: json },
  ],
  [
    'a path that is not valid percent-encoding, without credentials',
    { method: 'POST', target: '/v1/services/%E0%A4%A/power', body: '{"action":"start"}' },
  ],
];

describe('copy as curl, run in bash against a reference server', () => {
  let server: ReferenceServer;
  let listening: ListeningServer;

  beforeEach(async () => {
    server = createReferenceServer({ adminToken: 'refadm_console_curl_test_0001' });
    listening = await server.listen({ port: 0 });
  });
  afterEach(() => listening.close());

  it.each(CASES)('sends exactly the recorded request once: %s', async (_, sent) => {
    await send(listening.url, sent);
    const [recorded, ...others] = server.admin.requests();
    expect(others).toEqual([]);
    const curl = toCurl(recorded!, listening.url);

    // Asynchronously: the server answering curl runs in this very process.
    await promisify(execFile)('bash', ['-c', curl], {
      env: { ...process.env, REF_API_KEY: API_KEY },
    });

    const replays = server.admin.requests().slice(1);
    const seen = (e: typeof recorded) => ({
      method: e!.method,
      path: e!.path,
      query: e!.query,
      body: e!.request.body,
      key: e!.request.headers['idempotency-key'],
    });
    expect(replays.map(seen), curl).toEqual([seen(recorded)]);
  });
});
