import { describe, expect, it } from 'vitest';
import { compactNumber, monthLabels, monthTitle, percentText } from './admin-chart-format';

describe('the admin charts in the language of the reader', () => {
  it('names the months in English, and in Bengali with Bengali digits', () => {
    expect(monthLabels(['2025-12', '2026-01'], 'en')).toEqual(['Dec', 'Jan']);
    expect(monthLabels(['2025-12', '2026-01'], 'bn')).toEqual(['ডিসে', 'জানু']);
    expect(monthTitle('2026-11', 'bn')).toBe('নভেম্বর ২০২৬');
    expect(monthTitle('2026-11', 'en')).toBe('November 2026');
  });
  it('adds the year once a month name would repeat', () => {
    const months = Array.from({ length: 13 }, (_, i) => `${2025 + Math.floor((i + 10) / 12)}-${String(((i + 10) % 12) + 1).padStart(2, '0')}`);
    const labels = monthLabels(months, 'en');
    expect(labels[0]).toBe('Nov 25');
    expect(labels[12]).toBe('Nov 26');
    expect(new Set(labels).size).toBe(13);
  });
  it('writes axis figures and shares in the digits of the reader', () => {
    expect(compactNumber(1_250_000, 'en')).toBe('1.3M');
    expect(compactNumber(45_000, 'bn')).toMatch(/^৪৫/);
    expect(percentText(45.5, 'bn')).toBe('৪৫.৫%');
    expect(percentText(0, 'en')).toBe('0%');
  });
});
