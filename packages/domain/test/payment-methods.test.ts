import { describe, expect, it } from 'vitest';
import { paymentChannelLabel } from '../src/payment-methods.js';

describe('paymentChannelLabel', () => {
  it("names the providers' channels as a payer reads them", () => {
    expect(paymentChannelLabel('dedicated_nuban')).toBe("Transfer to the family's account");
    expect(paymentChannelLabel('card')).toBe('Card');
    expect(paymentChannelLabel('USSD')).toBe('USSD');
    expect(paymentChannelLabel('bank_transfer')).toBe('Bank transfer');
  });

  it('writes a channel it does not know in words, never with underscores', () => {
    expect(paymentChannelLabel('pay_with_bank')).toBe('Pay with bank');
  });
});
