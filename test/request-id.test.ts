import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isNotFoundError, RefClient } from '@refapi/sdk';
import { createReferenceServer } from '@refapi/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// One failure followed from end to end by its request id: the server's `Request-Id`
// header, the SDK error, the refctl error line, and the entry in GET /__admin/requests.

const run = promisify(execFile);
const REFCTL = fileURLToPath(new URL('../apps/refctl/dist/refctl.cjs', import.meta.url));
const ADMIN_TOKEN = 'e2e-request-id-admin';
const KEY = 'refak_demo_eur_full';
const MISSING = 'REF-SVC-FFFF';
const REQUEST_ID = /^req_[A-Za-z0-9]{24}$/;

interface JournalEntry {
  id: string;
  operation: string | null;
  path: string;
  status: number;
  account_ref: string | null;
}

const server = createReferenceServer({ adminToken: ADMIN_TOKEN });
let listening: Awaited<ReturnType<typeof server.listen>>;

beforeAll(async () => {
  listening = await server.listen({ port: 0 });
});
afterAll(async () => {
  await listening.close();
  await server.close();
});

async function journal(): Promise<JournalEntry[]> {
  const response = await fetch(`${listening.url}/__admin/requests?status=404&limit=1000`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { requests: JournalEntry[] }).requests;
}

describe('request ids from the server to the SDK, refctl and the journal', () => {
  it('an SDK error carries the id the journal recorded for that request', async () => {
    const client = new RefClient({
      apiKey: KEY,
      baseUrl: listening.baseUrl,
      validateResponses: 'strict',
      maxRetries: 0,
    });
    const error = await client.services.get(MISSING).catch((caught: unknown) => caught);
    if (!isNotFoundError(error)) throw error;
    expect(error.requestId).toMatch(REQUEST_ID);
    expect(error.message).toContain(`(request ${error.requestId})`);

    const entry = (await journal()).find((e) => e.id === error.requestId);
    expect(entry).toMatchObject({
      operation: 'getService',
      path: `/v1/services/${MISSING}`,
      status: 404,
      account_ref: 'REF-ACCT-1',
    });
  });

  it('refctl prints the id on its error line, and the journal has it', async () => {
    const failed = await run(process.execPath, [REFCTL, 'services', 'get', MISSING], {
      env: { ...process.env, REF_BASE_URL: listening.baseUrl, REF_API_KEY: KEY, NO_COLOR: '1' },
    }).then(
      () => undefined,
      (caught: { code: number; stderr: string }) => caught,
    );
    expect(failed?.code).toBe(3);
    const lines = (failed?.stderr ?? '').trim().split('\n');
    expect(lines).toHaveLength(1);
    const id = /\(request (req_[A-Za-z0-9]+)\)/.exec(lines[0] ?? '')?.[1];
    expect(id).toMatch(REQUEST_ID);

    const entry = (await journal()).find((e) => e.id === id);
    expect(entry).toMatchObject({ path: `/v1/services/${MISSING}`, status: 404 });
  }, 30_000); // a child process: slow to start on a busy machine
});
