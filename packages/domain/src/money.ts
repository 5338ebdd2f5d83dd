/**
 * Money is integer kobo inside and naira (at most two decimals) at the API boundary. Conversion
 * goes through the decimal text so no float multiplication ever touches an amount.
 */
export type Kobo = bigint;

/**
 * The largest amount anything may carry: ₦100,000,000 (ten billion kobo). No school fee comes near
 * it, and it keeps every sum of a school's payments far inside a JavaScript number when shown.
 */
export const MAX_NAIRA = 100_000_000;
export const MAX_KOBO: Kobo = 10_000_000_000n;

const NAIRA_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Naira to kobo exactly, or null when the value is not a naira amount with at most two decimals.
 * A number is read through `String(n)`, the shortest text that reads back as the same number, so
 * 1.005 or 10.999 is refused as written instead of being rounded, and NaN, Infinity and 1e21 (which
 * print in other shapes) are refused too. No sign is accepted.
 */
export function parseNaira(naira: number | string): Kobo | null {
  const text = typeof naira === 'number' ? String(naira) : naira.trim();
  const match = NAIRA_PATTERN.exec(text);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return BigInt(whole as string) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** parseNaira for values already known to be exact (seed data, tests); anything else is a bug. */
export function nairaToKobo(naira: number | string): Kobo {
  const kobo = parseNaira(naira);
  if (kobo === null) throw new RangeError(`Not a naira amount: ${naira}`);
  return kobo;
}

/** Naira text with both decimals and no grouping ("1050.50"): what a spreadsheet reads as a number. */
export function koboToDecimal(kobo: Kobo): string {
  const sign = kobo < 0n ? '-' : '';
  const abs = kobo < 0n ? -kobo : kobo;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

export function koboToNaira(kobo: Kobo): number {
  return Number(koboToDecimal(kobo));
}

const nairaFormat = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
const wholeNairaFormat = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  maximumFractionDigits: 0,
});

let wholeWhereExact = false;

/**
 * The web's display choice (a group's appearance setting): amounts that are whole naira print
 * without ".00". Amounts with kobo always show them, so nothing is hidden by rounding.
 */
export function showWholeNaira(on: boolean): void {
  wholeWhereExact = on;
}

/**
 * The one money format of every screen: ₦1,234.50, or ₦1,234 where the group's setting asks for
 * whole naira (showWholeNaira). `whole` forces it, for texts outside any group (the API's limits).
 */
export function formatNaira(naira: number, options: { whole?: boolean } = {}): string {
  const whole = options.whole ?? (wholeWhereExact && Number.isInteger(naira));
  return (whole ? wholeNairaFormat : nairaFormat).format(naira);
}

const tickFormat = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/**
 * A chart axis tick only: ₦1.2M rather than ₦1,200,000.00, so a phone's narrow axis stays readable.
 * Every amount a person reads as an amount goes through formatNaira.
 */
export const formatNairaTick = (naira: number): string => tickFormat.format(naira);

/** How much of `due` is paid, in whole percent up to 100 (progress bars); nothing due counts as paid. */
export function percentPaid(paid: Kobo, due: Kobo): number {
  if (due <= 0n) return 100;
  return Math.min(100, Math.round((Number(paid) / Number(due)) * 100));
}

/** formatNaira straight from kobo. */
export const formatKobo = (kobo: Kobo, options: { whole?: boolean } = {}) => formatNaira(koboToNaira(kobo), options);
