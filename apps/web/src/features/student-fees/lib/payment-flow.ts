import type { Kobo, PaymentMethod, PaymentMethodOption, PaymentStatusResult } from '@schoolledger/domain';
import type { ProcessingPhase } from '../components/processing-step';
import type { Outcome } from '../components/success-step';
import { OUTCOME_TITLE, STEP_TITLE } from './messages';

/** One online payment the server created: what we ask about once the payer is done. */
export interface Attempt {
  reference: string;
  method: PaymentMethod | null;
  paymentUrl: string | null;
}

/** SPEC §4 payment dialog: methods, then processing, bank details or success. */
export type Step =
  | { name: 'methods' }
  | { name: 'processing'; phase: ProcessingPhase; attempt: Attempt | null; blocked: boolean }
  | { name: 'bank_details'; option: PaymentMethodOption; claiming: boolean }
  | { name: 'success'; outcome: Outcome };

export interface PaymentFlow {
  step: Step;
  /** The payment whose window we wait for; it may come back while any step shows. */
  watching: string | null;
}

/** Everything that moves the dialog from one step to the next; the side effects stay in the hook. */
export type PaymentEvent =
  | { type: 'restart' }
  | { type: 'connect' }
  | { type: 'start_failed' }
  | { type: 'started_without_page' }
  | { type: 'page_ready'; attempt: Attempt; blocked: boolean }
  | { type: 'page_reopened'; attempt: Attempt }
  | { type: 'check'; attempt: Attempt }
  | { type: 'checked'; attempt: Attempt; result: PaymentStatusResult }
  | { type: 'check_failed'; attempt: Attempt }
  | { type: 'bank_transfer'; option: PaymentMethodOption }
  | { type: 'claiming'; claiming: boolean }
  | { type: 'claimed'; amount: Kobo; reference: string | null; bankReference: string }
  | { type: 'outcome'; outcome: Outcome };

/** A dialog opened on a payer's return from the provider starts by checking that payment. */
export function initialFlow(reference: string | null): PaymentFlow {
  return {
    step: reference
      ? {
          name: 'processing',
          phase: 'checking',
          attempt: { reference, method: null, paymentUrl: null },
          blocked: false,
        }
      : { name: 'methods' },
    watching: null,
  };
}

function phaseOf(status: PaymentStatusResult['status']): ProcessingPhase {
  return status === 'failed' ? 'failed' : status === 'review' ? 'review' : 'pending';
}

export function paymentFlowReducer(flow: PaymentFlow, event: PaymentEvent): PaymentFlow {
  const to = (step: Step): PaymentFlow => ({ ...flow, step });
  const processing = (phase: ProcessingPhase, attempt: Attempt | null, blocked = false) =>
    to({ name: 'processing', phase, attempt, blocked });
  switch (event.type) {
    case 'restart':
    case 'start_failed':
      return to({ name: 'methods' });
    case 'connect':
      return processing('connecting', null);
    case 'started_without_page':
      return to({ name: 'success', outcome: { kind: 'started' } });
    case 'page_ready':
      return {
        step: { name: 'processing', phase: 'waiting', attempt: event.attempt, blocked: event.blocked },
        watching: event.attempt.reference,
      };
    case 'page_reopened':
      return processing('waiting', event.attempt);
    case 'check':
      return processing('checking', event.attempt);
    case 'checked':
      return event.result.status === 'success'
        ? to({ name: 'success', outcome: { kind: 'paid', result: event.result } })
        : processing(phaseOf(event.result.status), { ...event.attempt, method: event.result.method });
    case 'check_failed':
      return processing('pending', event.attempt);
    case 'bank_transfer':
      return to({ name: 'bank_details', option: event.option, claiming: false });
    case 'claiming':
      return flow.step.name === 'bank_details' ? to({ ...flow.step, claiming: event.claiming }) : flow;
    case 'claimed':
      return to({
        name: 'success',
        outcome: {
          kind: 'claimed',
          amount: event.amount,
          reference: event.reference,
          bankReference: event.bankReference,
        },
      });
    case 'outcome':
      return to({ name: 'success', outcome: event.outcome });
  }
}

/** The attempt whose payment window the dialog watches: while the payer is paying or it is pending. */
export function watchedAttempt(step: Step): Attempt | null {
  return step.name === 'processing' && (step.phase === 'waiting' || step.phase === 'pending') ? step.attempt : null;
}

export function titleOf(step: Step): string {
  if (step.name === 'processing') {
    const { phase } = step;
    return phase === 'failed' || phase === 'pending' || phase === 'review'
      ? OUTCOME_TITLE[phase]
      : STEP_TITLE.processing;
  }
  if (step.name === 'success') {
    const { kind } = step.outcome;
    return kind === 'paid' || kind === 'claimed' ? OUTCOME_TITLE[kind] : STEP_TITLE.success;
  }
  return STEP_TITLE[step.name];
}
