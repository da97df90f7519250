import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/helpers/fake-fetch';
import { account } from '../../test/helpers/fixtures';
import { RefClient } from '../client';
import { ResponseValidationError } from '../errors/client-errors';

const clientWith = (response: () => Response, validateResponses?: boolean) =>
  new RefClient({
    apiKey: 'refak_x',
    baseUrl: 'https://api.test/v1',
    fetch: fakeFetch(response).fetch,
    validateResponses,
  });

describe('response validation', () => {
  it('throws ResponseValidationError with zod issues on a body off the contract', async () => {
    const bad = { ...account, email: 'not-an-email', surprise: 1 };
    const error = await clientWith(() => json(200, bad))
      .account.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    const { issues, operationId, body, rateLimit } = error as ResponseValidationError;
    expect(operationId).toBe('getAccount');
    expect(issues.map((i) => i.path.join('.') || i.code)).toEqual(
      expect.arrayContaining(['email']),
    );
    expect(body).toEqual(bad);
    expect(rateLimit?.limit).toBe(600);
  });

  it('names the request URL when the fetch answers in-process (a Response without a url)', async () => {
    // The reference server's `fetch`, msw and test doubles answer with a constructed Response,
    // whose `url` is empty: the error still says which request got the body.
    const error = await clientWith(() => json(200, { ...account, email: 'not-an-email' }))
      .account.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).url).toBe('https://api.test/v1/me');
  });

  it('passes the body through untouched when validation is off', async () => {
    const bad = { ...account, surprise: 1 };
    const result = await clientWith(() => json(200, bad), false).account.get();
    expect(result).toEqual(bad);
  });

  it('reports a body that is not JSON as a validation error, not a crash', async () => {
    const error = await clientWith(() => new Response('<html>', { status: 200 }))
      .account.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain('not valid JSON');
  });

  it('keeps at most the first 64 KiB of a long body, as an API error does', async () => {
    const KIB = 1024;
    // Off the contract (a wrong email) and 1 MiB long: the issues are still the whole body's.
    const bad = { ...account, email: 'not-an-email', notes: 'n'.repeat(1024 * KIB) };
    const long = (await clientWith(() => json(200, bad))
      .account.get()
      .catch((e: unknown) => e)) as ResponseValidationError;
    expect(long).toBeInstanceOf(ResponseValidationError);
    expect(long.issues.map((i) => i.path.join('.'))).toContain('email');
    expect(long.bodyTruncated).toBe(true);
    expect(long.body).toBe(JSON.stringify(bad).slice(0, 64 * KIB));
    // Not JSON: its text, cut the same way, and in no issue either.
    const html = `<html>${'x'.repeat(1024 * KIB)}</html>`;
    const page = (await clientWith(() => new Response(html, { status: 200 }))
      .account.get()
      .catch((e: unknown) => e)) as ResponseValidationError;
    expect(page.bodyTruncated).toBe(true);
    expect(page.body).toBe(html.slice(0, 64 * KIB));
    expect(JSON.stringify(page.issues).length).toBeLessThan(1024);
    // A short body is kept whole.
    const short = await clientWith(() => new Response('<html>', { status: 200 }))
      .account.get()
      .catch((e: unknown) => e);
    expect(short).toMatchObject({ body: '<html>', bodyTruncated: false });
  });

  it('returns CSV exports as text', async () => {
    const csv = 'key,packets,bytes,samples\r\n10.0.0.1,5,500,1\r\n';
    const result = await clientWith(
      () => new Response(csv, { status: 200, headers: { 'content-type': 'text/csv' } }),
    )
      .shield('REF-SVC-1')
      .export({ dataset: 'traffic', format: 'csv' });
    expect(result).toBe(csv);
  });

  it('resolves an empty 202 to undefined', async () => {
    const result = await clientWith(() => new Response(null, { status: 202 }))
      .shield('REF-SVC-1')
      .rules.delete('7d444840-9dc0-11d1-b245-5ffdce74fad2');
    expect(result).toBeUndefined();
  });
});
