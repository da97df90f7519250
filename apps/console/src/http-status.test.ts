import { describe, expect, it } from 'vitest';
import { statusLabel, statusText, statusTone } from './http-status';

describe('statusTone', () => {
  it('colours by class', () => {
    expect([200, 201, 202, 204].map(statusTone)).toEqual(Array(4).fill('success'));
    expect(statusTone(304)).toBe('redirect');
    expect([500, 502, 503].map(statusTone)).toEqual(Array(3).fill('failed'));
  });

  it('tells 401, 404 and 422 apart within 4xx', () => {
    const tones = [401, 404, 422].map(statusTone);
    expect(tones).toEqual(['denied', 'missing', 'refused']);
    expect(new Set(tones).size).toBe(3);
    expect(statusTone(403)).toBe('denied');
    expect(statusTone(429)).toBe('limited');
    expect([400, 409, 413, 428].map(statusTone)).toEqual(Array(4).fill('refused'));
  });

  it('has a tone for anything else', () => {
    expect(statusTone(101)).toBe('other');
    expect(statusTone(0)).toBe('other');
  });
});

describe('statusText', () => {
  it('gives the reason phrase, or the class name of an unlisted status', () => {
    expect(statusText(404)).toBe('Not Found');
    expect(statusText(422)).toBe('Unprocessable Content');
    expect(statusText(418)).toBe('Client Error');
    expect(statusText(599)).toBe('Server Error');
    expect(statusText(42)).toBe('Unknown');
  });

  it('labels a status with its number and text', () => {
    expect(statusLabel(401)).toBe('401 Unauthorized');
    expect(statusLabel(202)).toBe('202 Accepted');
  });
});
