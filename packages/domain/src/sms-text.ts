import type { CalendarDate } from './calendar.js';
import { formatKobo, type Kobo } from './money.js';

/**
 * SMS text and what it costs. An SMS is billed per page, and one character outside the GSM-7
 * alphabet (3GPP TS 23.038) switches the whole message to UCS-2, where a page holds 70 characters
 * instead of 160: the naira sign alone would triple a receipt's price. So every text a school
 * sends by SMS is made GSM-7 first (toGsm7) and written to fit one page (the composers below).
 */

/** The basic character set, in table order (0x1B, the escape to the extension table, left out). */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: each character is sent as an escape and itself, two units. */
const GSM7_EXTENSION = '\f^{}\\[~]|€';
const GSM7_UNITS = new Map<string, number>([
  ...[...GSM7_BASIC].map((char) => [char, 1] as const),
  ...[...GSM7_EXTENSION].map((char) => [char, 2] as const),
]);

const GSM7_PAGE = 160;
/** A page of a longer message gives 7 characters to the header that joins the pages. */
const GSM7_PART = 153;
const UCS2_PAGE = 70;
const UCS2_PART = 67;

export interface SmsSize {
  encoding: 'GSM-7' | 'UCS-2';
  /** GSM-7 septets (extension characters count 2), or UTF-16 code units for UCS-2. */
  units: number;
  /** Pages billed; 0 for an empty text. */
  pages: number;
}

/**
 * How a text is sent and how many pages it is billed as. A character is never split between two
 * pages (an extension character's escape stays with it, as do the halves of an emoji), so a long
 * message can take one page more than its units divided by 153 (or 67).
 */
export function smsEncoding(text: string): SmsSize {
  const chars = [...text];
  const gsm = chars.every((char) => GSM7_UNITS.has(char));
  const sizes = chars.map((char) => (gsm ? (GSM7_UNITS.get(char) as number) : char.length));
  const units = sizes.reduce((sum, size) => sum + size, 0);
  const [page, part] = gsm ? [GSM7_PAGE, GSM7_PART] : [UCS2_PAGE, UCS2_PART];
  if (units <= page) return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, pages: units === 0 ? 0 : 1 };
  let pages = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > part) {
      pages++;
      used = 0;
    }
    used += size;
  }
  return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, pages };
}

/**
 * Characters that compatibility decomposition (NFKD) leaves outside GSM-7 but that have a plain stand-in:
 * typographic quotes and dashes (word processors and phones put them in), the tab, and the hooked
 * letters of Hausa names (ɓ, ɗ, ƙ, ƴ), which have no decomposition and would otherwise vanish.
 */
const STAND_INS = new Map<string, string>([
  ...[...'‘’‚‛'].map((char) => [char, "'"] as const),
  ...[...'“”„‟'].map((char) => [char, '"'] as const),
  ...[...'‐‑‒–—―−'].map((char) => [char, '-'] as const),
  ['\t', ' '],
  ['ɓ', 'b'],
  ['Ɓ', 'B'],
  ['ɗ', 'd'],
  ['Ɗ', 'D'],
  ['ƙ', 'k'],
  ['Ƙ', 'K'],
  ['ƴ', 'y'],
  ['Ƴ', 'Y'],
]);

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The text with only GSM-7 characters, read the same: ₦ becomes "NGN" spaced from the amount
 * ("₦150,000" → "NGN 150,000"), typographic quotes and dashes plain ones, and everything else
 * outside GSM-7 its compatibility decomposition (NFKD) where that is GSM-7: "…" becomes "...", a
 * non-breaking space a space, "Adébáyọ̀" "Adébayo" (é is GSM-7 and stays). What has no GSM-7 form
 * (emoji, other scripts) is dropped. Idempotent: GSM-7 text comes back unchanged.
 */
export function toGsm7(text: string): string {
  const chars = [...text.normalize('NFC')];
  let out = '';
  for (const [at, char] of chars.entries()) {
    if (char === '₦') {
      const before = LETTER_OR_DIGIT.test(out.slice(-1)) ? ' ' : '';
      const after = LETTER_OR_DIGIT.test(chars[at + 1] ?? '') ? ' ' : '';
      out += `${before}NGN${after}`;
    } else if (GSM7_UNITS.has(char)) {
      out += char;
    } else {
      for (const part of char.normalize('NFKD')) out += GSM7_UNITS.has(part) ? part : (STAND_INS.get(part) ?? '');
    }
  }
  return out;
}

/** 'NGN 150,000', 'NGN 150,000.50', '-NGN 1,000': formatKobo's grouping, kobo only where there are some. */
export const smsNaira = (kobo: Kobo): string => toGsm7(formatKobo(kobo, { whole: kobo % 100n === 0n }));

/** The last line of every message a person did not ask for. */
export const SMS_OPT_OUT = 'Reply STOP to opt out';
/** How long a code sent to confirm a phone number lasts. */
export const PHONE_CODE_MINUTES = 10;

/** A name cut shorter than this says too little; below it a message runs to a second page instead. */
const MIN_NAME_LENGTH = 12;

/** A name as a message carries it: GSM-7, on one line; the fallback when nothing of it is GSM-7. */
const nameIn = (name: string, fallback: string) => toGsm7(name).replace(/\s+/g, ' ').trim() || fallback;
/** Stand-ins for a name written only in characters GSM-7 lacks (another script, emoji). */
const SCHOOL_FALLBACK = 'Your school';
const CHILD_FALLBACK = 'your child';

/** What a cut can leave dangling at a name's end ("Adebayo-", "St. Mary's &"). */
const CUT_LEFTOVERS = new Set([' ', '-', ',', '.', '&', '/', '(']);

/**
 * The names cut from the end, the longest first, until they take at most `room` units or all
 * are down to MIN_NAME_LENGTH. A cut name loses the separators left at its end.
 */
function clipNames(names: readonly string[], room: number): string[] {
  const kept = names.map((name) => [...name]);
  const lengths = kept.map((chars) => chars.length);
  let over = names.reduce((sum, name) => sum + smsEncoding(name).units, 0) - room;
  while (over > 0) {
    let longest: string[] | undefined;
    for (const chars of kept) {
      if (chars.length > MIN_NAME_LENGTH && (!longest || chars.length > longest.length)) longest = chars;
    }
    if (!longest) break;
    over -= GSM7_UNITS.get(longest.pop() as string) as number;
  }
  return kept.map((chars, at) => {
    if (chars.length < (lengths[at] as number)) while (CUT_LEFTOVERS.has(chars.at(-1) as string)) chars.pop();
    return chars.join('');
  });
}

/**
 * The message `write` makes of the names, on one page if cutting the names (nothing else: amounts,
 * receipt numbers, codes and links are read back by people) makes it fit, else on two.
 */
function fitted(names: readonly string[], write: (...names: string[]) => string): string {
  const fixed = smsEncoding(write(...names.map(() => ''))).units;
  let text = '';
  for (const [pages, room] of [
    [1, GSM7_PAGE],
    [2, 2 * GSM7_PART],
  ] as const) {
    text = write(...clipNames(names, room - fixed));
    if (smsEncoding(text).pages <= pages) break;
  }
  return text;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '5 Dec' from '2026-12-05': a reminder's due date is weeks away or past, never a year, and every character counts. */
function dayAndMonth(date: CalendarDate): string {
  const month = /^\d{4}-\d{2}-\d{2}$/.test(date) ? MONTHS[Number(date.slice(5, 7)) - 1] : undefined;
  if (!month) throw new RangeError(`Not a calendar date: ${date}`);
  return `${Number(date.slice(8, 10))} ${month}`;
}

export interface PaymentSmsInput {
  schoolName: string;
  studentName: string;
  amountKobo: Kobo;
  receiptNo: string;
  /** The receipt's page, never cut. */
  link: string;
}

/** A payment's message: the sentence `say` makes, then the receipt number, its link and the opt-out line. */
function paymentSms(input: PaymentSmsInput, say: (school: string, amount: string, student: string) => string): string {
  const amount = smsNaira(input.amountKobo);
  const tail = `Receipt ${toGsm7(input.receiptNo)} ${toGsm7(input.link)} ${SMS_OPT_OUT}`;
  return fitted(
    [nameIn(input.schoolName, SCHOOL_FALLBACK), nameIn(input.studentName, CHILD_FALLBACK)],
    (school, student) => `${say(school, amount, student)} ${tail}`,
  );
}

/** "Greenfield College: NGN 150,000 received for Ada Obi. Receipt GFC-2026-000123 <link> Reply STOP to opt out" */
export const receiptSms = (input: PaymentSmsInput): string =>
  paymentSms(input, (school, amount, student) => `${school}: ${amount} received for ${student}.`);

/** "Greenfield College: NGN 150,000 transfer for Ada Obi confirmed. Receipt … <link> Reply STOP to opt out" */
export const transferConfirmedSms = (input: PaymentSmsInput): string =>
  paymentSms(input, (school, amount, student) => `${school}: ${amount} transfer for ${student} confirmed.`);

export interface ReminderSmsInput {
  schoolName: string;
  /** The family's children who owe, each with what they owe; at least one. */
  children: readonly { name: string; balanceKobo: Kobo }[];
  /** The earliest due date of what is owed, a Lagos calendar day; null when none is set. */
  dueDate: CalendarDate | null;
  /** Where to pay, never cut. */
  link: string;
}

/**
 * One reminder per family, so parents of several children get (and the school pays for) one
 * message: "Greenfield College: NGN 150,000 in fees outstanding for Ada Obi, due 5 Dec. Pay: <link>
 * Reply STOP to opt out", or with several children each one's balance and the total.
 */
export function reminderSms(input: ReminderSmsInput): string {
  const [first, ...others] = input.children;
  if (!first) throw new RangeError('A reminder names at least one child');
  const due = input.dueDate === null ? '' : `, due ${dayAndMonth(input.dueDate)}`;
  const tail = `${due}. Pay: ${toGsm7(input.link)} ${SMS_OPT_OUT}`;
  const names = [
    nameIn(input.schoolName, SCHOOL_FALLBACK),
    ...input.children.map((child) => nameIn(child.name, CHILD_FALLBACK)),
  ];
  if (others.length === 0) {
    const amount = smsNaira(first.balanceKobo);
    return fitted(names, (school, child) => `${school}: ${amount} in fees outstanding for ${child}${tail}`);
  }
  const amounts = input.children.map((child) => smsNaira(child.balanceKobo));
  const total = smsNaira(input.children.reduce((sum, child) => sum + child.balanceKobo, 0n));
  return fitted(names, (school, ...children) => {
    const each = children.map((child, at) => `${child} ${amounts[at]}`).join(', ');
    return `${school}: fees outstanding for ${each}; total ${total}${tail}`;
  });
}

/** The code that confirms a phone number. No opt-out line: the person asked for it. */
export const phoneCodeSms = ({ code }: { code: string }): string =>
  `Your SchoolLedger code is ${toGsm7(code)}. It expires in ${PHONE_CODE_MINUTES} minutes. Do not share it.`;

/** An announcement is cut to this many pages: a school's notice is worth three, not a letter's cost. */
export const ANNOUNCEMENT_SMS_PAGES = 3;

/**
 * A school's announcement: "Greenfield College: Inter-house sports. Parents are welcome on Friday
 * at 10am. Reply STOP to opt out", its text cut (never the school's name or the opt-out line) to
 * ANNOUNCEMENT_SMS_PAGES pages, ending in "..." where it was cut.
 */
export function announcementSms(input: { schoolName: string; title: string; message: string }): string {
  const school = nameIn(input.schoolName, SCHOOL_FALLBACK);
  const title = toGsm7(input.title).replace(/\s+/g, ' ').trim();
  const words = toGsm7(input.message).replace(/\s+/g, ' ').trim();
  const write = (text: string) => `${school}: ${title ? `${title}. ` : ''}${text} ${SMS_OPT_OUT}`;
  const room = ANNOUNCEMENT_SMS_PAGES * GSM7_PART;
  if (smsEncoding(write(words)).units <= room) return write(words);
  const chars = [...words];
  // Cut by whole characters until it fits with its "..."; linear in the text's length.
  let keep = Math.max(0, room - smsEncoding(write('...')).units);
  while (keep > 0 && smsEncoding(write(`${chars.slice(0, keep).join('').trimEnd()}...`)).units > room) keep--;
  return write(`${chars.slice(0, keep).join('').trimEnd()}...`);
}
