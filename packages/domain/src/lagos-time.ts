const LAGOS_DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 21 Nov 2026, 14:05 in Lagos, as the printed receipt and the cash desk's receipt both say it. */
export const lagosDateTime = (at: Date | string) => LAGOS_DATE_TIME.format(typeof at === 'string' ? new Date(at) : at);
