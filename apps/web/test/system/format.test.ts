import { describe, expect, it } from 'vitest';
import { formatMilliseconds } from '@/features/system/lib/format';
import { formatBytes, formatDuration } from '@/lib/format-size';

describe('system page figures', () => {
  it('reads sizes in the largest whole unit, one decimal below ten', () => {
    expect(formatBytes(null)).toBe('Unknown');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5.7 * 1024 ** 2)).toBe('5.7 MB');
    expect(formatBytes(75 * 1024 ** 3)).toBe('75 GB');
  });

  it('reads uptimes in days, hours and minutes, seconds only under a minute', () => {
    expect(formatDuration(14)).toBe('14 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(93_784)).toBe('1 d 2 h 3 min');
    expect(formatDuration(7200)).toBe('2 h 0 min');
  });

  it('reads how long a backup took', () => {
    expect(formatMilliseconds(null)).toBe('—');
    expect(formatMilliseconds(850)).toBe('850 ms');
    expect(formatMilliseconds(2840)).toBe('2.8 s');
  });
});
