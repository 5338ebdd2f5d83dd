/**
 * The short code a payer writes in a bank transfer's narration so the school can tell whose money
 * it is: "SL", five symbols that identify a student or a family, and a check symbol. Symbols are
 * Crockford's base 32 (digits and capitals without I, L, O and U), so a code read aloud or typed
 * from a printed notice survives the usual confusions: O is read as 0, I and L as 1. The check
 * symbol (Luhn mod 32) refuses every single mistyped symbol and almost every swap of two neighbours,
 * so a typo never lands money on another family: it makes the code unreadable instead.
 */

export const PAYMENT_CODE_PREFIX = 'SL';
const SYMBOLS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE = SYMBOLS.length;
const BODY_LENGTH = 5;
/** "SL" + body + check: eight characters, short enough to fit any narration field. */
export const PAYMENT_CODE_LENGTH = PAYMENT_CODE_PREFIX.length + BODY_LENGTH + 1;

const VALUES = new Map<string, number>([...SYMBOLS].map((symbol, value) => [symbol, value]));
for (const [seen, meant] of [
  ['O', '0'],
  ['I', '1'],
  ['L', '1'],
] as const) {
  VALUES.set(seen, VALUES.get(meant) as number);
}

/** The check symbol of a body: Luhn's algorithm in base 32, doubling every second symbol from the right. */
function checkSymbol(values: readonly number[]): string {
  let sum = 0;
  for (let i = values.length - 1, double = true; i >= 0; i--, double = !double) {
    let addend = values[i] as number;
    if (double) {
      addend *= 2;
      addend = Math.floor(addend / BASE) + (addend % BASE);
    }
    sum += addend;
  }
  return SYMBOLS[(BASE - (sum % BASE)) % BASE] as string;
}

/**
 * The code of a body given as bytes (one a symbol). The database gives people their codes
 * (`new_payment_code`, migration 0030) by this rule, held equal to it by a randomised test.
 */
export function paymentCodeFrom(randomBytes: Uint8Array): string {
  if (randomBytes.length < BODY_LENGTH) throw new RangeError(`A payment code needs ${BODY_LENGTH} random bytes`);
  const values = Array.from(randomBytes.subarray(0, BODY_LENGTH), (byte) => byte % BASE);
  return PAYMENT_CODE_PREFIX + values.map((value) => SYMBOLS[value]).join('') + checkSymbol(values);
}

/**
 * The code written the way it is printed, or null when the text is not a code whose check symbol
 * agrees: "sl-7k3qx 9" and "SLo7K3QX" read like "SL7K3QX9" and "SL07K3QX" where they check out.
 */
export function readPaymentCode(text: string): string | null {
  const compact = text.toUpperCase().replace(/[\s\-./_]/g, '');
  if (compact.length !== PAYMENT_CODE_LENGTH || !compact.startsWith(PAYMENT_CODE_PREFIX)) return null;
  return canonical(compact.slice(PAYMENT_CODE_PREFIX.length));
}

/** The symbols after "SL" (body and check) in printed form, or null when they do not check out. */
function canonical(symbols: string): string | null {
  const values: number[] = [];
  for (const symbol of symbols) {
    const value = VALUES.get(symbol);
    if (value === undefined) return null;
    values.push(value);
  }
  const body = values.slice(0, BODY_LENGTH);
  if (SYMBOLS[values[BODY_LENGTH] as number] !== checkSymbol(body)) return null;
  return PAYMENT_CODE_PREFIX + values.map((value) => SYMBOLS[value]).join('');
}

const isSeparator = (char: string) => char === ' ' || char === '-' || char === '.' || char === '/' || char === '_';
const isAlphanumeric = (char: string) => (char >= 'A' && char <= 'Z') || (char >= '0' && char <= '9');

/**
 * Every code in a transfer's narration, in the order written, each once. Banks reorder the
 * narration's parts, add their own words and cut it at 100 characters; payers write the code with
 * spaces or dashes, in small letters, or run the next word on ("SL7K3QX9FEES"). A code must start a
 * word ("ISLAMIC" holds no code), and only a whole code whose check symbol agrees is read: a code
 * cut short by the bank is not guessed at. One pass over the narration, a fixed look-ahead at each
 * "SL".
 */
export function paymentCodesIn(narration: string): string[] {
  const text = narration.toUpperCase();
  const found = new Set<string>();
  for (
    let start = text.indexOf(PAYMENT_CODE_PREFIX);
    start !== -1;
    start = text.indexOf(PAYMENT_CODE_PREFIX, start + 1)
  ) {
    if (start > 0 && isAlphanumeric(text[start - 1] as string)) continue;
    let symbols = '';
    // At most one separator between two symbols; the look-ahead is bounded by the code's length.
    for (let at = start + PAYMENT_CODE_PREFIX.length, separators = 0; at < text.length; at++) {
      const char = text[at] as string;
      if (isSeparator(char)) {
        if (++separators > 1) break;
        continue;
      }
      if (!VALUES.has(char)) break;
      separators = 0;
      symbols += char;
      if (symbols.length === BODY_LENGTH + 1) break;
    }
    const code = symbols.length === BODY_LENGTH + 1 ? canonical(symbols) : null;
    if (code) found.add(code);
  }
  return [...found];
}
