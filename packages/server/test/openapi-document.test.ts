import { readFileSync } from 'node:fs';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ListeningServer } from '../src/index';

// GET /openapi.json: the document @refapi/schema publishes, its `servers` the base URL of
// the server (or space) that answered, in-process and over node:http alike.

const published = JSON.parse(
  readFileSync(new URL('../../schema/openapi.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

/** The published document with `servers` naming `baseUrl`: what each answer must be. */
const expected = (baseUrl: string) => ({
  ...published,
  servers: [
    { url: baseUrl, description: 'This reference server, as this document was fetched from it' },
  ],
});

describe('the OpenAPI document in-process', () => {
  const server = createReferenceServer({ baseUrl: 'https://oas.ref.test/v1' });
  const msw = setupServer(...server.handlers);
  beforeAll(async () => {
    await server.ready;
    msw.listen();
  });
  afterAll(() => msw.close());

  it('answers the published document, servers the base URL, through msw and fetch alike', async () => {
    const viaMsw = await fetch('https://oas.ref.test/openapi.json');
    expect(viaMsw.status).toBe(200);
    expect(viaMsw.headers.get('content-type')).toBe('application/json');
    expect(viaMsw.headers.get('cache-control')).toBe('no-cache');
    expect(viaMsw.headers.get('request-id')).toMatch(/^req_/);
    const body = await viaMsw.json();
    expect(body).toEqual(expected('https://oas.ref.test/v1'));
    // Where the published file has it, not appended.
    expect(Object.keys(body)).toEqual(Object.keys(published));

    const viaFetch = await server.fetch('https://oas.ref.test/openapi.json');
    expect(await viaFetch.json()).toEqual(body);
    expect(viaFetch.headers.get('etag')).toBe(viaMsw.headers.get('etag'));

    // Not an API path: under the base path it is the API's 404.
    const underBase = await fetch('https://oas.ref.test/v1/openapi.json');
    expect([underBase.status, await underBase.json()]).toEqual([404, { error: 'not_found' }]);
  });

  it('needs no credentials, counts against no limit and stays out of the journal', async () => {
    const before = server.admin.requests().length;
    for (const authorization of ['Bearer refak_nobody', 'Basic Zm9vOmJhcg==']) {
      const response = await fetch('https://oas.ref.test/openapi.json', {
        headers: { authorization },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).toBeNull();
      // Read to its end: msw's interceptor asserts on a socket closed with a body unread.
      await response.arrayBuffer();
    }
    expect(server.admin.requests()).toHaveLength(before);
  });

  it('answers HEAD with the headers of GET and no content', async () => {
    const get = await fetch('https://oas.ref.test/openapi.json');
    const length = new TextEncoder().encode(await get.text()).length;
    const head = await fetch('https://oas.ref.test/openapi.json', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(length));
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(await head.text()).toBe('');
  });

  it('answers 304 to a request naming its ETag', async () => {
    const first = await fetch('https://oas.ref.test/openapi.json');
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    for (const ifNoneMatch of [etag as string, `"other", W/${etag}`, '*']) {
      const again = await fetch('https://oas.ref.test/openapi.json', {
        headers: { 'if-none-match': ifNoneMatch },
      });
      expect([again.status, again.headers.get('etag'), await again.text()]).toEqual([
        304,
        etag,
        '',
      ]);
    }
    const changed = await fetch('https://oas.ref.test/openapi.json', {
      headers: { 'if-none-match': '"other"' },
    });
    expect([changed.status, (await changed.arrayBuffer()).byteLength > 0]).toEqual([200, true]);
  });

  it('takes GET and HEAD only', async () => {
    const post = await fetch('https://oas.ref.test/openapi.json', { method: 'POST' });
    expect([post.status, post.headers.get('allow'), await post.json()]).toEqual([
      405,
      'GET, HEAD',
      { error: 'method_not_allowed' },
    ]);
  });

  it("serves a space's document with the space's base URL", async () => {
    const created = await fetch('https://oas.ref.test/__admin/spaces', {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}` },
    });
    const { space_id: id, base_url: baseUrl } = await created.json();
    expect(baseUrl).toBe(`https://oas.ref.test/spaces/${id}/v1`);
    const response = await fetch(`https://oas.ref.test/spaces/${id}/openapi.json`);
    expect([response.status, await response.json()]).toEqual([200, expected(baseUrl)]);
    const unknown = await fetch('https://oas.ref.test/spaces/sp_nowhereAAAAAAAAAAAA/openapi.json');
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: 'space_not_found' }]);
  });

  it('serves at the origin root under a longer base path, servers naming that path', async () => {
    const deeper = createReferenceServer({ baseUrl: 'https://deep.ref.test/api/v1' });
    const response = await deeper.fetch('https://deep.ref.test/openapi.json');
    expect(await response.json()).toEqual(expected('https://deep.ref.test/api/v1'));
  });
});

describe('the OpenAPI document over node:http', () => {
  const open: ListeningServer[] = [];
  afterAll(() => Promise.all(open.map((server) => server.close())));

  it('names the base URL the client reached, as a browser page calling /v1 may read it', async () => {
    const listening = await createReferenceServer().listen({ port: 0 });
    open.push(listening);
    const response = await fetch(`${listening.url}/openapi.json`, {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(response.status).toBe(200);
    // CORS as the API has it.
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(await response.json()).toEqual(expected(listening.baseUrl));

    // Another name of this machine: the document names that one, as the client reached it.
    const { request } = await import('node:http');
    const viaLocalhost = await new Promise<string>((resolve, reject) => {
      request(
        `${listening.url}/openapi.json`,
        { headers: { host: `localhost:${listening.port}` } },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve(text));
        },
      )
        .on('error', reject)
        .end();
    });
    expect(JSON.parse(viaLocalhost).servers[0].url).toBe(`http://localhost:${listening.port}/v1`);

    // Behind a proxy that ends TLS (a cloud IDE's forwarded port): the scheme it names.
    const behindTls = await fetch(`${listening.url}/openapi.json`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(((await behindTls.json()) as { servers: { url: string }[] }).servers[0]?.url).toBe(
      `https://127.0.0.1:${listening.port}/v1`,
    );
  });
});
