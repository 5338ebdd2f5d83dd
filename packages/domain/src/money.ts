/**
 * Money is integer kobo inside and naira (at most two decimals) at the API boundary. Conversion
 * goes through the decimal string so no float multiplication ever touches an amount.
 */
export type Kobo = bigint;

const NAIRA_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

export function nairaToKobo(naira: number | string): Kobo {
  const text = typeof naira === 'number' ? naira.toFixed(2) : naira.trim();
  const match = NAIRA_PATTERN.exec(text);
  if (!match) throw new RangeError(`Not a naira amount: ${naira}`);
  const [, whole, fraction = ''] = match;
  return BigInt(whole as string) * 100n + BigInt(fraction.padEnd(2, '0'));
}

export function koboToNaira(kobo: Kobo): number {
  const sign = kobo < 0n ? -1 : 1;
  const abs = kobo < 0n ? -kobo : kobo;
  return sign * Number(`${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`);
}

const nairaFormat = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
const wholeNairaFormat = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  maximumFractionDigits: 0,
});

/** ₦1,234.50; dashboards use whole naira. */
export function formatNaira(naira: number, options: { whole?: boolean } = {}): string {
  return (options.whole ? wholeNairaFormat : nairaFormat).format(naira);
}
