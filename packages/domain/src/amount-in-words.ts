import type { Kobo } from './money.js';
import { capitalize } from './text.js';

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion', 'quadrillion'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] as string;
  const unit = n % 10;
  return unit ? `${TENS[Math.floor(n / 10)]}-${ONES[unit]}` : (TENS[n / 10] as string);
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (!hundreds) return belowHundred(rest);
  return rest ? `${ONES[hundreds]} hundred and ${belowHundred(rest)}` : `${ONES[hundreds]} hundred`;
}

/**
 * A whole number the British (and Nigerian) way: "one thousand and five", "two hundred and
 * thirty-four thousand, five hundred and sixty-seven".
 */
export function numberInWords(value: bigint): string {
  if (value < 0n) throw new RangeError('Only amounts of zero or more can be written in words');
  if (value === 0n) return ONES[0] as string;
  const groups: number[] = [];
  for (let rest = value; rest > 0n; rest /= 1000n) groups.push(Number(rest % 1000n));
  if (groups.length > SCALES.length) throw new RangeError('Amount too large to write in words');

  const parts: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const group = groups[i] as number;
    if (!group) continue;
    const words = belowThousand(group);
    parts.push(i ? `${words} ${SCALES[i]}` : words);
  }
  const last = groups[0] as number;
  // "one million and five": a final group under a hundred joins with "and", the others with commas.
  if (groups.length > 1 && last > 0 && last < 100 && parts.length > 1) {
    const tail = parts.pop() as string;
    return `${parts.join(', ')} and ${tail}`;
  }
  return parts.join(', ');
}

/**
 * What a receipt prints beside the figures: "One million, two hundred and thirty-four thousand,
 * five hundred and sixty-seven naira and eighty-nine kobo only".
 */
export function amountInWords(kobo: Kobo): string {
  if (kobo < 0n) throw new RangeError('Only amounts of zero or more can be written in words');
  const naira = kobo / 100n;
  const rest = kobo % 100n;
  const parts: string[] = [];
  if (naira > 0n || rest === 0n) parts.push(`${numberInWords(naira)} naira`);
  if (rest > 0n) parts.push(`${numberInWords(rest)} kobo`);
  return `${capitalize(parts.join(' and '))} only`;
}
