const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1,536 → "1.5 KB": sizes of files and disks as an administrator reads them. */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return 'Unknown';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

/** 93,784 s → "1 d 2 h 3 min": long enough to read at a glance, short enough for a card. */
export function formatDuration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = [days ? `${days} d` : '', hours ? `${hours} h` : '', `${minutes} min`].filter(Boolean);
  return seconds < 60 ? `${seconds} s` : parts.join(' ');
}
