import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_CODE_LENGTH, paymentCodeFrom, paymentCodesIn, readPaymentCode } from '../src/index.js';

const SYMBOLS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const code = fc.uint8Array({ minLength: 5, maxLength: 5 }).map(paymentCodeFrom);

describe('payment codes', () => {
  it('are "SL", five symbols and a check symbol, from the unambiguous alphabet', () => {
    fc.assert(
      fc.property(code, (made) => {
        expect(made).toMatch(/^SL[0-9A-HJKMNP-TV-Z]{6}$/);
        expect(made).toHaveLength(PAYMENT_CODE_LENGTH);
        expect(readPaymentCode(made)).toBe(made);
      }),
    );
    expect(paymentCodeFrom(new Uint8Array([0, 0, 0, 0, 0]))).toBe('SL000000');
  });

  it('refuses every code with one symbol mistyped', () => {
    fc.assert(
      fc.property(code, fc.integer({ min: 2, max: 7 }), fc.constantFrom(...SYMBOLS), (made, at, typed) => {
        fc.pre(made[at] !== typed);
        const mistyped = made.slice(0, at) + typed + made.slice(at + 1);
        expect(readPaymentCode(mistyped)).toBeNull();
        expect(paymentCodesIn(`NIP/GTB/ADEBAYO OLU/${mistyped} FEES`)).toEqual([]);
      }),
    );
  });

  it('refuses two neighbouring symbols swapped, but for the one pair Luhn cannot see (0 and Z)', () => {
    fc.assert(
      fc.property(code, fc.integer({ min: 2, max: 6 }), (made, at) => {
        const [a, b] = [made[at] as string, made[at + 1] as string];
        fc.pre(a !== b && !(new Set([a, b]).has('0') && new Set([a, b]).has('Z')));
        const swapped = made.slice(0, at) + b + a + made.slice(at + 2);
        expect(readPaymentCode(swapped)).toBeNull();
      }),
    );
  });

  it('reads a code typed in small letters, with spaces or dashes, or with O for 0 and I or L for 1', () => {
    const made = paymentCodeFrom(new Uint8Array([1, 0, 1, 7, 20]));
    expect(made).toBe(`SL1017M${made[7]}`);
    const typed = made.toLowerCase().replace('1', 'l').replace('0', 'o');
    expect(readPaymentCode(typed)).toBe(made);
    expect(readPaymentCode(`${made.slice(0, 2)}-${made.slice(2, 5)} ${made.slice(5)}`)).toBe(made);
    expect(readPaymentCode(`${made}X`)).toBeNull();
    expect(readPaymentCode('')).toBeNull();
  });

  it('finds the codes in narrations as Nigerian banks write them', () => {
    fc.assert(
      fc.property(code, code, (first, second) => {
        expect(paymentCodesIn(`NIP/KUDA/ADEBAYO OLUWASEUN/${first} SCHOOL FEES`)).toEqual([first]);
        // Reordered by the bank, run into the next word, spaced by the payer, in small letters.
        expect(paymentCodesIn(`SCHOOL FEES ${first.toLowerCase()}FEES TRF FROM OPAY`)).toEqual([first]);
        expect(paymentCodesIn(`USSD TRF ${first.slice(0, 4)} ${first.slice(4)} / ${second}`)).toEqual(
          first === second ? [first] : [first, second],
        );
      }),
    );
  });

  it('does not read a code that does not start a word, or one the bank cut short', () => {
    const made = paymentCodeFrom(new Uint8Array([3, 14, 15, 9, 26]));
    expect(paymentCodesIn(`ISLAMIC SCHOOL FEES X${made}`)).toEqual([]);
    expect(paymentCodesIn(`NIP/ZENITH/CHUKWUEMEKA OKAFOR/${made.slice(0, 7)}`)).toEqual([]);
    expect(paymentCodesIn(`${made.slice(0, 4)}  ${made.slice(4)}`)).toEqual([]);
  });

  it('never throws and reads only codes that check out, whatever the narration', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (narration) => {
        for (const found of paymentCodesIn(narration)) expect(readPaymentCode(found)).toBe(found);
      }),
    );
  });
});
