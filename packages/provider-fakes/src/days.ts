/** The Lagos day (UTC+1, no summer time) of an ISO moment, YYYY-MM-DD. */
export const lagosDay = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString().slice(0, 10);

/** The weekday after `day` (YYYY-MM-DD): when a provider pays out a day's collections. */
export function nextWeekday(day: string) {
  const date = new Date(`${day}T00:00:00.000Z`);
  do date.setUTCDate(date.getUTCDate() + 1);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6);
  return date.toISOString().slice(0, 10);
}
