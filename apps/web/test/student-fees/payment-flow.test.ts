import type { PaymentMethodOption, PaymentStatusResult } from '@schoolledger/domain';
import { describe, expect, it } from 'vitest';
import {
  type Attempt,
  initialFlow,
  type PaymentFlow,
  paymentFlowReducer,
  titleOf,
  watchedAttempt,
} from '@/features/student-fees/lib/payment-flow';

const attempt: Attempt = { reference: 'PS-REF-1', method: 'paystack', paymentUrl: 'https://pay.example/abc' };
// The reducer reads only the status and the method of an answer.
const answer = (status: PaymentStatusResult['status']) => ({ status, method: 'paystack' }) as PaymentStatusResult;

const run = (flow: PaymentFlow, ...events: Parameters<typeof paymentFlowReducer>[1][]) =>
  events.reduce(paymentFlowReducer, flow);

describe('the payment dialog steps', () => {
  it('starts on the methods, or checking the payment the payer came back from', () => {
    expect(initialFlow(null).step).toEqual({ name: 'methods' });
    const back = initialFlow('PS-REF-9');
    expect(back.step).toMatchObject({ name: 'processing', phase: 'checking', attempt: { reference: 'PS-REF-9' } });
    expect(titleOf(back.step)).toBe('Processing Payment');
  });

  it('waits for the provider page, watches its window, and shows success only once the server says so', () => {
    const waiting = run(initialFlow(null), { type: 'connect' }, { type: 'page_ready', attempt, blocked: false });
    expect(waiting.step).toMatchObject({ name: 'processing', phase: 'waiting', blocked: false });
    expect(waiting.watching).toBe('PS-REF-1');
    expect(watchedAttempt(waiting.step)).toEqual(attempt);

    const pending = run(waiting, { type: 'check', attempt }, { type: 'checked', attempt, result: answer('pending') });
    expect(pending.step).toMatchObject({ name: 'processing', phase: 'pending' });
    expect(titleOf(pending.step)).toBe('Awaiting Confirmation');
    expect(watchedAttempt(pending.step)).toEqual(attempt);

    const paid = paymentFlowReducer(pending, { type: 'checked', attempt, result: answer('success') });
    expect(paid.step).toMatchObject({ name: 'success', outcome: { kind: 'paid' } });
    expect(titleOf(paid.step)).toBe('Payment Successful');
    expect(watchedAttempt(paid.step)).toBeNull();
  });

  it('names a failure and a review, and stops watching the window while checking', () => {
    const checking = paymentFlowReducer(initialFlow(null), { type: 'check', attempt });
    expect(watchedAttempt(checking.step)).toBeNull();
    expect(titleOf(paymentFlowReducer(checking, { type: 'checked', attempt, result: answer('failed') }).step)).toBe(
      'Payment Failed',
    );
    expect(titleOf(paymentFlowReducer(checking, { type: 'checked', attempt, result: answer('review') }).step)).toBe(
      'Payment Under Review',
    );
    expect(paymentFlowReducer(checking, { type: 'check_failed', attempt }).step).toMatchObject({ phase: 'pending' });
  });

  it('goes back to the methods when the payment could not start', () => {
    const flow = run(initialFlow(null), { type: 'connect' }, { type: 'start_failed' });
    expect(flow.step).toEqual({ name: 'methods' });
  });

  it('marks a bank transfer claim in progress only on the bank details step', () => {
    const option = { method: 'bank_transfer' } as PaymentMethodOption;
    const details = paymentFlowReducer(initialFlow(null), { type: 'bank_transfer', option });
    expect(details.step).toMatchObject({ name: 'bank_details', claiming: false });
    expect(paymentFlowReducer(details, { type: 'claiming', claiming: true }).step).toMatchObject({ claiming: true });
    const methods = initialFlow(null);
    expect(paymentFlowReducer(methods, { type: 'claiming', claiming: true })).toBe(methods);
  });
});
