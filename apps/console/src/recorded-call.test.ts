import { describe, expect, it } from 'vitest';
import { entry } from '../test/entry';
import { basePathOf, decodeSegment, parseCall } from './recorded-call';

describe('decodeSegment', () => {
  it('decodes percent-encoding, and gives up (no URIError) on a malformed one', () => {
    expect(decodeSegment('REF%2DSVC-1%2Fx')).toBe('REF-SVC-1/x');
    expect(decodeSegment('%E0%A4%A')).toBeUndefined();
    expect(decodeSegment('%')).toBeUndefined();
  });
});

describe('parseCall', () => {
  it('reads the path parameters, query and body of an operation', () => {
    const call = parseCall(
      entry({
        operation: 'deleteShieldRule',
        path: '/v1/services/REF-SVC-1/shield/rules/a%2Fb',
        query: 'x=1',
      }),
    );
    expect(call?.params).toEqual({ service_ref: 'REF-SVC-1', rule_id: 'a/b' });
    expect(call?.query.get('x')).toBe('1');
  });

  it('is undefined for a malformed path parameter', () => {
    const power = entry({ operation: 'powerService', path: '/v1/services/%E0%A4%A/power' });
    expect(parseCall(power)).toBeUndefined();
    expect(basePathOf(power)).toBe('/v1');
  });
});
