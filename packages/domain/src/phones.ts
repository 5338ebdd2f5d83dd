/**
 * Nigerian mobile numbers, kept in the international form SMS and WhatsApp providers take
 * ("2348031234567") and shown the way Nigerians write them ("0803 123 4567").
 */

const COUNTRY_CODE = '234';
/** After 234, a mobile number has ten digits and starts with one of these (NCC numbering plan). */
const MOBILE_PREFIXES = new Set(['70', '71', '80', '81', '90', '91']);
const NATIONAL_LENGTH = 10;
/** Longer than any way of writing a number with its separators: refused before it is read. */
const MAX_INPUT_LENGTH = 40;
/** What people put between digits: spaces, dashes, dots, and the parentheses of "+234 (0) 803". */
const SEPARATORS = new Set([' ', '\t', '\u00a0', '-', '.', '(', ')']);

/**
 * The international form of a Nigerian mobile number, or null for anything else (landlines,
 * numbers of other countries, too few or too many digits, letters). Accepts 0803 123 4567,
 * +234 803 123 4567, 234 803 123 4567 and 00234 803 123 4567, and the trunk 0 some people keep
 * after the country code (+234 (0) 803 123 4567). One pass over at most 40 characters.
 */
export function normaliseNigerianPhone(input: string): string | null {
  if (input.length > MAX_INPUT_LENGTH) return null;
  let digits = '';
  let plus = false;
  for (const char of input) {
    if (char >= '0' && char <= '9') digits += char;
    else if (char === '+' && !plus && digits === '') plus = true;
    else if (!SEPARATORS.has(char)) return null;
  }
  let national: string;
  if (plus || digits.startsWith('00')) {
    const international = plus ? digits : digits.slice(2);
    if (!international.startsWith(COUNTRY_CODE)) return null;
    national = international.slice(COUNTRY_CODE.length);
  } else if (digits.startsWith(COUNTRY_CODE)) {
    national = digits.slice(COUNTRY_CODE.length);
  } else if (digits.startsWith('0')) {
    national = digits;
  } else {
    return null;
  }
  // The trunk 0 of the national form, or the one kept after the country code.
  if (national.startsWith('0')) national = national.slice(1);
  if (national.length !== NATIONAL_LENGTH || !MOBILE_PREFIXES.has(national.slice(0, 2))) return null;
  return COUNTRY_CODE + national;
}

/** The national number's parts: '0803', '123', '4567'. */
function parts(international: string): [string, string, string] {
  const national = `0${international.slice(COUNTRY_CODE.length)}`;
  return [national.slice(0, 4), national.slice(4, 7), national.slice(7)];
}

/**
 * '0803 123 4567' from '2348031234567' (any form normaliseNigerianPhone reads). A text that is not
 * a Nigerian mobile number is shown as it is: the reader still sees what was stored.
 */
export function displayPhone(phone: string): string {
  const international = normaliseNigerianPhone(phone);
  return international ? parts(international).join(' ') : phone;
}

/**
 * '0803 *** 4567': enough for a person who need not read the number (staff looking at the outbox)
 * to tell two numbers of a family apart. A text that is not a Nigerian mobile number keeps only its
 * last four digits.
 */
export function maskedPhone(phone: string): string {
  const international = normaliseNigerianPhone(phone);
  if (!international) return `*** ${phone.replace(/\D/g, '').slice(-4)}`;
  const [first, , last] = parts(international);
  return `${first} *** ${last}`;
}

/** An email address as those who need not read it see it: its first letter and its domain (a•••@example.com). */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}
