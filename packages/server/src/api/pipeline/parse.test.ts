import { operations } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { parse } from './parse';
import { testRequest, testState } from './test-state';

const json = { 'content-type': 'application/json; charset=utf-8' };
const post = (body: string | undefined, headers: Record<string, string> = json, tooLarge = false) =>
  testState(operations.createOrder, {
    request: testRequest({ method: 'POST', body, bodyTooLarge: tooLarge }, headers),
  });

describe('parse', () => {
  it('reads a JSON body into the state', () => {
    const state = post('{"type":"kvm"}');
    parse(state);
    expect(state.json).toEqual({ type: 'kvm' });
  });

  it('answers 413 for a body over the limit', () => {
    expect(() => parse(post(undefined, json, true))).toThrow(
      expect.objectContaining({ status: 413 }),
    );
  });

  it('answers 400 invalid_content_type for a body not declared JSON', () => {
    expect(() => parse(post('{}', { 'content-type': 'text/plain' }))).toThrow(
      expect.objectContaining({ status: 400, code: 'invalid_content_type' }),
    );
  });

  it.each(['gzip', 'br', 'deflate', 'x-custom', 'identity, GZIP'])(
    'answers 400 invalid_header: Content-Encoding for a body sent with %s, never reading it',
    (coding) => {
      const state = post('{"type":"kvm"}', { ...json, 'content-encoding': coding });
      expect(() => parse(state)).toThrow(
        expect.objectContaining({ status: 400, code: 'invalid_header: Content-Encoding' }),
      );
      expect(state.json).toBeUndefined();
    },
  );

  it.each(['identity', 'IDENTITY', ''])('reads a body sent with Content-Encoding %j', (coding) => {
    const state = post('{"type":"kvm"}', { ...json, 'content-encoding': coding });
    parse(state);
    expect(state.json).toEqual({ type: 'kvm' });
  });

  it('answers 400 invalid_json for malformed JSON', () => {
    expect(() => parse(post('{nope'))).toThrow(expect.objectContaining({ code: 'invalid_json' }));
  });

  it('answers 400 invalid_json for a body that was not UTF-8, though its text parses', () => {
    const state = testState(operations.createOrder, {
      request: testRequest(
        { method: 'POST', body: '{"type":"kvm\uFFFD"}', bodyNotUtf8: true },
        json,
      ),
    });
    expect(() => parse(state)).toThrow(expect.objectContaining({ code: 'invalid_json' }));
  });

  it('needs no Content-Type without a body', () => {
    const state = post('  ', {});
    expect(() => parse(state)).not.toThrow();
    expect(state.json).toBeUndefined();
  });
});
