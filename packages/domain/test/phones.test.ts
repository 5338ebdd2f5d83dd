import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayPhone, maskedPhone, normaliseNigerianPhone } from '../src/index.js';

/** A Nigerian mobile number in international form: 234, a mobile prefix, eight digits. */
const mobile = fc
  .tuple(fc.constantFrom('70', '71', '80', '81', '90', '91'), fc.stringMatching(/^\d{8}$/))
  .map(([prefix, rest]) => `234${prefix}${rest}`);
const separator = fc.constantFrom('', ' ', '-', '.');

/** The number as people write it: with or without 0, +234, 234, 00234, "(0)", and separators. */
const written = fc
  .tuple(mobile, fc.constantFrom('0', '+234', '234', '00234', '+234 (0) ', '234-', '+234 '), separator, separator)
  .map(([international, start, first, second]) => {
    const national = international.slice(3);
    return {
      international,
      text: `${start}${national.slice(0, 3)}${first}${national.slice(3, 6)}${second}${national.slice(6)}`,
    };
  });

describe('Nigerian phone numbers', () => {
  it('reads the usual ways of writing a number as the same international number', () => {
    for (const text of [
      '0803 123 4567',
      '08031234567',
      '+2348031234567',
      '2348031234567',
      '+234 (0) 803 123 4567',
      '234-803-123-4567',
      '0803.123.4567',
      ' 0803 123 4567 ',
    ]) {
      expect(normaliseNigerianPhone(text)).toBe('2348031234567');
    }
    fc.assert(
      fc.property(written, ({ international, text }) => {
        expect(normaliseNigerianPhone(text)).toBe(international);
      }),
    );
  });

  it('refuses landlines, wrong lengths, letters and other countries', () => {
    for (const text of [
      '01 234 5678',
      '0609 123 4567',
      '0203 123 4567',
      '0803 123 456',
      '0803 123 45678',
      '8031234567',
      '0803 l23 4567',
      '+44 7911 123456',
      '+233 24 123 4567',
      '+08031234567',
      '0803+1234567',
      '++2348031234567',
      '',
      '+',
    ]) {
      expect(normaliseNigerianPhone(text)).toBeNull();
    }
  });

  it('refuses anything longer than 40 characters without reading it', () => {
    expect(normaliseNigerianPhone(`${' '.repeat(30)}0803 123 4567`)).toBeNull();
    expect(normaliseNigerianPhone('0'.repeat(100_000))).toBeNull();
  });

  it('answers every text with null or a valid international number, never throwing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 45 }), fc.stringMatching(/^[+0-9 ()-]{0,20}$/)), (text) => {
        expect(normaliseNigerianPhone(text) ?? '2348000000000').toMatch(/^234(?:70|71|80|81|90|91)\d{8}$/);
      }),
    );
  });

  it('shows a number the Nigerian way and reads it back as the same number', () => {
    expect(displayPhone('2348031234567')).toBe('0803 123 4567');
    expect(displayPhone('+234 (0) 909 876 5432')).toBe('0909 876 5432');
    fc.assert(
      fc.property(mobile, (international) => {
        expect(displayPhone(international)).toMatch(/^0\d{3} \d{3} \d{4}$/);
        expect(normaliseNigerianPhone(displayPhone(international))).toBe(international);
      }),
    );
  });

  it('masks the middle of a number for those who need not read it', () => {
    expect(maskedPhone('2348031234567')).toBe('0803 *** 4567');
    expect(maskedPhone('+44 7911 123456')).toBe('*** 3456');
    fc.assert(
      fc.property(mobile, (international) => {
        const masked = maskedPhone(international);
        expect(masked).toBe(`0${international.slice(3, 6)} *** ${international.slice(-4)}`);
        expect(normaliseNigerianPhone(masked)).toBeNull();
      }),
    );
  });
});
