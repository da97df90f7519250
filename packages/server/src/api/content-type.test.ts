import { describe, expect, it } from 'vitest';
import { hasBodyText, isJsonContentType } from './content-type';

describe('isJsonContentType', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON;charset=UTF-8',
    ' application/json ',
  ])('accepts %j', (header) => {
    expect(isJsonContentType(header)).toBe(true);
  });

  it.each([
    undefined,
    '',
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'text/json',
    'application/jsonp',
    'application/merge-patch+json',
  ])('refuses %j', (header) => {
    expect(isJsonContentType(header)).toBe(false);
  });
});

describe('hasBodyText', () => {
  it('is false for no body and whitespace only', () => {
    expect(hasBodyText(undefined)).toBe(false);
    expect(hasBodyText(' \n')).toBe(false);
    expect(hasBodyText('{}')).toBe(true);
  });
});
