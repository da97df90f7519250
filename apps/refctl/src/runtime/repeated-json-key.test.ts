import { describe, expect, it } from 'vitest';
import { repeatedJsonKey } from './repeated-json-key';

describe('repeatedJsonKey', () => {
  it('finds no repeat in JSON that names each key once per object', () => {
    for (const text of [
      '{}',
      '[]',
      'null',
      '"a"',
      '{"a":1,"b":{"a":2},"c":[{"a":1},{"a":2}]}',
      '{"a":"\\"a\\":","b":"{\\"c\\":1,\\"c\\":2}"}',
      '{ "a" : [ "a", "a" ] , "b" : "a" }',
    ]) {
      expect([text, repeatedJsonKey(text)]).toEqual([text, undefined]);
    }
  });

  it('names the first repeated key and where it is', () => {
    expect(repeatedJsonKey('{"body":{"x":1},"body":{"x":2}}')).toBe('body');
    expect(repeatedJsonKey('{"body":{"plan_code":"a",\n  "plan_code" : "b"}}')).toBe(
      'body.plan_code',
    );
    expect(repeatedJsonKey('{"body":{"addons":[{"u":1},{"u":1,"u":2}]}}')).toBe('body.addons.1.u');
    // Written with an escape, a key is still the same key.
    expect(repeatedJsonKey('{"digest":"x","dig\\u0065st":"y"}')).toBe('digest');
  });
});
