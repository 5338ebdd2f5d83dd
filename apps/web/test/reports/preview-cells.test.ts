import { describe, expect, it } from 'vitest';
import { EMPTY_CELL, formatCell, isFigure } from '@/features/reports/lib/cell-format';

describe('a preview cell as the file prints it', () => {
  it('shows naira, grouped counts, Lagos times and calendar days', () => {
    expect(formatCell(1234.5, 'money')).toBe('₦1,234.50');
    expect(formatCell(2431, 'number')).toBe('2,431');
    expect(formatCell('2026-11-23T23:30:00Z', 'date')).toBe('24 Nov 2026, 00:30');
    expect(formatCell('2026-11-23', 'day')).toBe('23 Nov 2026');
    expect(formatCell('JSS 1A', 'text')).toBe('JSS 1A');
  });

  it('marks an empty cell rather than leaving a blank', () => {
    expect(formatCell(null, 'money')).toBe(EMPTY_CELL);
    expect(formatCell('', 'text')).toBe(EMPTY_CELL);
  });

  it('puts figures on the right', () => {
    expect(isFigure('money')).toBe(true);
    expect(isFigure('number')).toBe(true);
    expect(isFigure('day')).toBe(false);
  });
});
