import { describe, expect, it } from 'vitest';
import {
  isCredentialName,
  maskUrlCredentials,
  redactHeaders,
  redactQuery,
  redactUrlQueries,
} from './redaction';

describe('isCredentialName', () => {
  it.each([
    'authorization',
    'Proxy-Authorization',
    'cookie',
    'cookie2',
    'set-cookie',
    'x-api-key',
    'x-auth',
    'x-password',
    'x-passwd',
    'x-refresh-token',
    'x-client-secret',
    'x-session-id',
    'x-amz-signature',
    'monkey',
    'api_key',
    // The spec's rule names any header containing "key": the journal keeps it in a field.
    'Idempotency-Key',
  ])('%s carries a credential', (name) => {
    expect(isCredentialName(name)).toBe(true);
  });

  it.each(['accept', 'content-type', 'limit', 'cursor', 'request-id'])('%s does not', (name) => {
    expect(isCredentialName(name)).toBe(false);
  });
});

describe('redactHeaders', () => {
  it('lower-cases names and hides every credential header of the spec', () => {
    const headers = new Headers({
      Authorization: 'Bearer refak_x',
      'Proxy-Authorization': 'Basic eA==',
      'X-Auth': 'a',
      'X-Password': 'p',
      Cookie2: 'c',
      'Idempotency-Key': 'order-1',
      Accept: 'application/json',
    });
    expect(redactHeaders(headers)).toEqual({
      authorization: '[redacted]',
      'proxy-authorization': '[redacted]',
      'x-auth': '[redacted]',
      'x-password': '[redacted]',
      cookie2: '[redacted]',
      'idempotency-key': '[redacted]',
      accept: 'application/json',
    });
    expect(redactHeaders(Object.entries({ 'X-Token': 't', 'X-Trace': 'kept' }))).toEqual({
      'x-token': '[redacted]',
      'x-trace': 'kept',
    });
  });
  it('joins repeated headers with ", " as fetch does; a repeated credential stays one [redacted]', () => {
    expect(
      redactHeaders([
        ['X-Dup', 'one'],
        ['x-dup', 'two'],
        ['Link', '</a>; rel="next"'],
        ['Link', '</b>; rel="prev"'],
        ['Set-Cookie', 'a=1'],
        ['Set-Cookie', 'b=2'],
      ]),
    ).toEqual({
      'x-dup': 'one, two',
      link: '</a>; rel="next", </b>; rel="prev"',
      'set-cookie': '[redacted]',
    });
    // fetch's Headers yield each Set-Cookie apart: still one [redacted].
    const headers = new Headers([
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
    ]);
    expect(redactHeaders(headers)).toEqual({ 'set-cookie': '[redacted]' });
  });
});

describe('redactQuery', () => {
  it('hides the values of credential parameters and keeps the rest byte for byte', () => {
    expect(redactQuery('limit=2&api_key=abc&cursor=a%20b&session=s&token')).toBe(
      'limit=2&api_key=%5Bredacted%5D&cursor=a%20b&session=%5Bredacted%5D&token',
    );
  });

  it('reads names as a server decodes them', () => {
    expect(redactQuery('api%5Fkey=abc&x+Token=t&bad%ZZkey=v')).toBe(
      'api%5Fkey=%5Bredacted%5D&x+Token=%5Bredacted%5D&bad%ZZkey=%5Bredacted%5D',
    );
  });

  it('leaves a query without credentials, or without any value, alone', () => {
    expect(redactQuery('')).toBe('');
    expect(redactQuery('limit=2&status=active')).toBe('limit=2&status=active');
    expect(redactQuery('flag')).toBe('flag');
  });
});

describe('redactUrlQueries', () => {
  it('redacts the query of every absolute URL in a text', () => {
    expect(
      redactUrlQueries(
        '→ GET http://127.0.0.1:4010/v1/services?limit=2&api_key=refak_x#top, then https://h/x?auth=y done',
      ),
    ).toBe(
      '→ GET http://127.0.0.1:4010/v1/services?limit=2&api_key=%5Bredacted%5D#top, then https://h/x?auth=%5Bredacted%5D done',
    );
  });

  it('leaves text without URL queries alone', () => {
    expect(redactUrlQueries('what? token=x')).toBe('what? token=x');
    expect(redactUrlQueries('GET http://h/v1/me')).toBe('GET http://h/v1/me');
  });
});

describe('maskUrlCredentials', () => {
  it('hides user and password of every URL in a text', () => {
    expect(
      maskUrlCredentials('GET http://u:s3cret@host:1/v1/me failed; see https://tok@example.test/x'),
    ).toBe('GET http://***@host:1/v1/me failed; see https://***@example.test/x');
  });

  it('leaves URLs without credentials and e-mail addresses alone', () => {
    const text = 'http://127.0.0.1:4010/v1/me for ada@example.test';
    expect(maskUrlCredentials(text)).toBe(text);
  });

  it('hides a password holding an @ whole, as the URL reads it, and takes its mask', () => {
    // The user information ends at the last @ before the host: "ss" had been shown.
    expect(maskUrlCredentials('https://ci:p@ss@api.example/v1')).toBe('https://***@api.example/v1');
    expect(maskUrlCredentials('//u:p@host/v1 and ftp://x@y', '[redacted]')).toBe(
      '//[redacted]@host/v1 and ftp://[redacted]@y',
    );
  });
});
