import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors/cli-error';
import { fieldsObject, fieldsQuery, keyPath, type RawField } from './api-fields';

const f = (text: string): RawField => ({ flag: '-f', text });
const F = (text: string): RawField => ({ flag: '-F', text });
const files: Record<string, string> = { 'note.txt': 'hello\n', '-': 'from stdin' };
const read = async (path: string) => files[path] ?? Promise.reject(new Error(`no ${path}`));

describe('refctl api fields', () => {
  it('-F refuses a number JSON cannot carry exactly, naming what would have been sent', async () => {
    for (const [text, sent] of [
      ['123456789012345678901234567890', '1.2345678901234568e+29'],
      ['9007199254740993', '9007199254740992'],
      ['1.0000000000000001', '1'],
      ['1e400', 'null'],
    ]) {
      await expect(fieldsObject([F(`amount=${text}`)], read), text).rejects.toThrow(
        new UsageError(
          `-F amount: ${text} has no exact JSON number (it would be sent as ${sent}); use -f to send it as text`,
          'invalid_input',
        ),
      );
    }
    // Spelled otherwise, the same value: sent as the number.
    expect(
      await fieldsObject([F('a=12.50'), F('b=0.1'), F('c=1.5e2'), F('d=-0'), F('e=1e21')], read),
    ).toEqual({ a: 12.5, b: 0.1, c: 150, d: -0, e: 1e21 });
  });

  it('-f is always a string, -F types true, false, null, numbers and @file', async () => {
    expect(
      await fieldsObject(
        [
          f('count=2'),
          F('units=2'),
          F('ratio=-1.5e2'),
          F('on=true'),
          F('off=false'),
          F('none=null'),
          F('text=kvm'),
          F('zip=007'),
          F('note=@note.txt'),
          F('piped=@-'),
          f('at=@note.txt'),
        ],
        read,
      ),
    ).toEqual({
      count: '2',
      units: 2,
      ratio: -150,
      on: true,
      off: false,
      none: null,
      text: 'kvm',
      // Not a JSON number (leading zero): kept as text.
      zip: '007',
      note: 'hello\n',
      piped: 'from stdin',
      at: '@note.txt',
    });
  });

  it('nests keys: a[b] objects, a[] arrays, a[][b] one object per b', async () => {
    expect(
      await fieldsObject(
        [
          f('addons[][addon_ref]=REF-ADDON-11'),
          F('addons[][units]=2'),
          f('addons[][addon_ref]=REF-ADDON-12'),
          F('addons[][units]=1'),
          f('tags[]=a'),
          f('tags[]=b'),
          F('specs[cores]=2'),
          F('specs[disk][gb]=40'),
        ],
        read,
      ),
    ).toEqual({
      addons: [
        { addon_ref: 'REF-ADDON-11', units: 2 },
        { addon_ref: 'REF-ADDON-12', units: 1 },
      ],
      tags: ['a', 'b'],
      specs: { cores: 2, disk: { gb: 40 } },
    });
  });

  it('sends __proto__ and constructor as the keys they are, touching no prototype', async () => {
    const body = await fieldsObject(
      [
        f('__proto__[x]=1'),
        f('constructor[y]=2'),
        f('a[][constructor]=3'),
        f('a[][constructor]=4'),
      ],
      read,
    );
    expect(JSON.stringify(body)).toBe(
      '{"__proto__":{"x":"1"},"constructor":{"y":"2"},"a":[{"constructor":"3"},{"constructor":"4"}]}',
    );
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('refuses fields without key=value and malformed keys', async () => {
    await expect(fieldsObject([f('novalue')], read)).rejects.toThrow(
      'invalid -f "novalue": expected key=value',
    );
    await expect(fieldsObject([F('=1')], read)).rejects.toThrow(UsageError);
    expect(() => keyPath('a[b')).toThrow(UsageError);
    expect(keyPath('a[][b]')).toEqual(['a', '', 'b']);
  });

  it('turns flat fields into query parameters, and refuses nested ones there', () => {
    expect(fieldsQuery({ type: 'kvm', limit: 100, all: true })).toEqual([
      ['type', 'kvm'],
      ['limit', '100'],
      ['all', 'true'],
    ]);
    expect(() => fieldsQuery({ addons: [{ units: 1 }] })).toThrow(/nested/);
  });
});
