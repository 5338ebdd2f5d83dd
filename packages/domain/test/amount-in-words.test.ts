import { describe, expect, it } from 'vitest';
import { amountInWords, nairaToKobo, numberInWords } from '../src/index.js';

const words = (naira: string) => amountInWords(nairaToKobo(naira));

describe('amount in words', () => {
  it('writes naira and kobo the way a Nigerian receipt does', () => {
    expect(words('0')).toBe('Zero naira only');
    expect(words('1')).toBe('One naira only');
    expect(words('15')).toBe('Fifteen naira only');
    expect(words('100')).toBe('One hundred naira only');
    expect(words('101')).toBe('One hundred and one naira only');
    expect(words('1000000')).toBe('One million naira only');
    expect(words('1234567.89')).toBe(
      'One million, two hundred and thirty-four thousand, five hundred and sixty-seven naira and eighty-nine kobo only',
    );
  });

  it('writes kobo alone when there is no naira', () => {
    expect(words('0.50')).toBe('Fifty kobo only');
    expect(words('0.01')).toBe('One kobo only');
  });

  it('joins a last group under a hundred with "and", as British English does', () => {
    expect(numberInWords(1005n)).toBe('one thousand and five');
    expect(numberInWords(1_000_042n)).toBe('one million and forty-two');
    expect(numberInWords(2_000_100n)).toBe('two million, one hundred');
    expect(numberInWords(100_000_000n)).toBe('one hundred million');
    expect(words('250000.05')).toBe('Two hundred and fifty thousand naira and five kobo only');
  });

  it('refuses negative amounts', () => {
    expect(() => amountInWords(-1n)).toThrow(RangeError);
  });
});
