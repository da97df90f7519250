import { describe, expect, it } from 'vitest';
import { barChartHeight, fitLabel, labelColumnWidth } from './chart-labels';

// A monospace measure: 7 px a character.
const measure = (text: string) => [...text].length * 7;

describe('fitLabel', () => {
  it('keeps a label that fits', () => {
    expect(fitLabel('203.0.113.10', 100, measure)).toBe('203.0.113.10');
  });

  it('shortens a long label around an ellipsis, both ends kept, within the width', () => {
    const label = '2001:db8:1b12::15ab:cdef';
    const fitted = fitLabel(label, 98, measure);
    expect(measure(fitted)).toBeLessThanOrEqual(98);
    expect(fitted).toBe('2001:db…b:cdef');
    expect(fitted.startsWith('2001')).toBe(true);
    expect(fitted.endsWith('cdef')).toBe(true);
  });

  it('is an ellipsis alone when nothing fits', () => {
    expect(fitLabel('rate_limit', 5, measure)).toBe('…');
  });
});

describe('labelColumnWidth', () => {
  it('fits the widest label, up to a share of the chart', () => {
    expect(labelColumnWidth(['drop', 'rate_limit'], 560, measure)).toBe(10 * 7 + 12);
    expect(labelColumnWidth(['x'.repeat(60)], 400, measure)).toBe(160);
    expect(labelColumnWidth([], 400, measure)).toBe(12);
  });
});

it('barChartHeight gives each bar a row', () => {
  expect(barChartHeight(15)).toBe(15 * 24 + 48);
  expect(barChartHeight(1)).toBe(120);
});
