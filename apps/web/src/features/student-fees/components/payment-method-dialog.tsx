import {
  formatKobo,
  type Kobo,
  type OnlineMethod,
  type PaymentMethod,
  type PaymentMethodOption,
  type StudentFee,
} from '@schoolledger/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button, Modal } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { getPaymentStatus } from '../api/get-payment-status';
import { initiatePayment } from '../api/initiate-payment';
import { studentFeeKeys } from '../api/keys';
import { OUTCOME_TITLE, PAYMENT_TEXT, STEP_TITLE } from '../lib/messages';
import { openPaymentWindow, POLL_MS, reopenPaymentWindow, watchPaymentReturn } from '../lib/payment-window';
import { BankTransferStep } from './bank-transfer-step';
import { isOnline, type MethodChoice, MethodStep, useMethodChoice } from './method-step';
import { type ProcessingPhase, ProcessingStep } from './processing-step';
import { type Outcome, SuccessStep } from './success-step';

/** One online payment the server created: what we ask about once the payer is done. */
interface Attempt {
  reference: string;
  method: PaymentMethod | null;
  paymentUrl: string | null;
}

/** SPEC §4 payment dialog: methods, then processing, bank details or success. */
type Step =
  | { name: 'methods' }
  | { name: 'processing'; phase: ProcessingPhase; attempt: Attempt | null; blocked: boolean }
  | { name: 'bank_details'; option: PaymentMethodOption; claiming: boolean }
  | { name: 'success'; outcome: Outcome };

export interface PaymentMethodDialogProps {
  /** The fee being paid; null when the dialog only shows the outcome of a payment the payer came back from. */
  item: StudentFee | null;
  /** The child a parent pays for; null for a student paying their own fee. */
  studentId: string | null;
  /** Opens on the verified outcome of this payment (the provider sent the payer back to this tab). */
  reference?: string | null;
  onClose(): void;
}

function titleOf(step: Step): string {
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

export function PaymentMethodDialog({ item, studentId, reference = null, onClose }: PaymentMethodDialogProps) {
  const queryClient = useQueryClient();
  const formId = useId();
  const choice = useMethodChoice(item, studentId);
  const [step, setStep] = useState<Step>(() =>
    reference
      ? {
          name: 'processing',
          phase: 'checking',
          attempt: { reference, method: null, paymentUrl: null },
          blocked: false,
        }
      : { name: 'methods' },
  );
  const popup = useRef<Window | null>(null);
  /** The payment whose window we wait for; it may come back while any step shows. */
  const [watching, setWatching] = useState<string | null>(null);
  const current = useRef(step);
  const checking = useRef(false);
  const open = useRef(true);
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);

  // What is owed and what was paid change with any payment, even one still pending.
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studentFeeKeys.allFees() }),
        queryClient.invalidateQueries({ queryKey: studentFeeKeys.allPayments() }),
      ]),
    [queryClient],
  );

  /** Asks the server, which verifies with the provider, and shows only what it confirms. */
  const check = useCallback(
    async (attempt: Attempt) => {
      if (checking.current) return;
      checking.current = true;
      setStep({ name: 'processing', phase: 'checking', attempt, blocked: false });
      try {
        const result = await getPaymentStatus(attempt.reference);
        if (!open.current) return;
        void refresh();
        if (result.status === 'success') {
          popup.current?.close();
          setStep({ name: 'success', outcome: { kind: 'paid', result } });
        } else {
          const phase = result.status === 'failed' ? 'failed' : result.status === 'review' ? 'review' : 'pending';
          setStep({ name: 'processing', phase, attempt: { ...attempt, method: result.method }, blocked: false });
        }
      } catch (error) {
        notify.error(errorMessage(error, 'Failed to check the payment. Please try again.'));
        if (open.current) setStep({ name: 'processing', phase: 'pending', attempt, blocked: false });
      } finally {
        checking.current = false;
      }
    },
    [refresh],
  );

  // The payer came back to this tab from the provider: show that payment's outcome at once.
  useEffect(() => {
    if (reference) void check({ reference, method: null, paymentUrl: null });
  }, [reference, check]);

  useEffect(() => {
    current.current = step;
  });

  // The payment window came back from the provider: ask at once instead of at the next poll.
  useEffect(() => {
    if (!watching) return;
    return watchPaymentReturn(watching, () => {
      const now = current.current;
      if (now.name === 'processing' && now.attempt?.reference === watching) void check(now.attempt);
    });
  }, [watching, check]);

  // SPEC §7: every second, whether the payer closed the payment window.
  const watched =
    step.name === 'processing' && (step.phase === 'waiting' || step.phase === 'pending') ? step.attempt : null;
  useEffect(() => {
    if (!watched) return;
    const timer = setInterval(() => {
      if (!popup.current?.closed) return;
      popup.current = null;
      clearInterval(timer);
      void check(watched);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [watched, check]);

  // Each step takes the focus, so keyboard and screen-reader users land on what changed.
  const stepKey = step.name === 'processing' ? `${step.name}-${step.phase}` : step.name;
  useEffect(() => {
    if (stepKey) body.current?.focus();
  }, [stepKey]);

  function payOnline(method: OnlineMethod, fee: StudentFee, amount: Kobo | undefined) {
    // Opened inside the click: a window opened after waiting for the server would be blocked.
    const payWindow = openPaymentWindow(method);
    popup.current = payWindow;
    setStep({ name: 'processing', phase: 'connecting', attempt: null, blocked: false });
    initiatePayment({
      fee_id: fee.fee._id,
      ...(studentId ? { user_id: studentId } : {}),
      payment_method: method,
      ...(amount === undefined ? {} : { amount }),
    }).then(
      ({ result, message }) => {
        if (message) notify.success(message);
        if (!result.paymentUrl) {
          payWindow?.close();
          void refresh();
          if (open.current) setStep({ name: 'success', outcome: { kind: 'started' } });
          return;
        }
        const attempt = { reference: result.reference, method, paymentUrl: result.paymentUrl };
        setWatching(result.reference);
        const usable = payWindow !== null && !payWindow.closed;
        if (usable) payWindow.location.href = result.paymentUrl;
        if (open.current) setStep({ name: 'processing', phase: 'waiting', attempt, blocked: !usable });
      },
      (error) => {
        payWindow?.close();
        popup.current = null;
        notify.error(errorMessage(error, PAYMENT_TEXT.initiateFailed));
        if (open.current) setStep({ name: 'methods' });
      },
    );
  }

  function choose({ option, amount }: MethodChoice) {
    if (!item) return;
    if (isOnline(option.method)) {
      payOnline(option.method, item, amount);
    } else if (option.method === 'bank_transfer') {
      setStep({ name: 'bank_details', option, claiming: false });
    } else {
      setStep({ name: 'success', outcome: { kind: 'cash' } });
    }
  }

  function openPaymentPage(attempt: Attempt) {
    if (!attempt.paymentUrl) return;
    const payWindow = reopenPaymentWindow(attempt.paymentUrl);
    if (!payWindow) return;
    popup.current = payWindow;
    setStep({ name: 'processing', phase: 'waiting', attempt, blocked: false });
  }

  function close() {
    // A payment left open may still settle; the page should not keep showing the old balance.
    if (step.name !== 'methods') void refresh();
    onClose();
  }

  let content: ReactNode;
  let footer: ReactNode;
  const closeButton = (label = 'Close') => (
    <Button variant="secondary" onClick={close}>
      {label}
    </Button>
  );
  switch (step.name) {
    case 'methods': {
      if (!item) return null;
      const online = choice.option && isOnline(choice.option.method);
      content = <MethodStep formId={formId} item={item} state={choice} onSubmit={choose} />;
      footer = (
        <>
          {closeButton('Cancel')}
          <Button type="submit" form={formId} disabled={!choice.option}>
            {online ? (choice.payable === null ? 'Pay' : `Pay ${formatKobo(choice.payable)}`) : 'Continue'}
          </Button>
        </>
      );
      break;
    }
    case 'processing': {
      const { attempt, phase } = step;
      content = (
        <ProcessingStep
          phase={phase}
          method={attempt?.method ?? null}
          paymentUrl={attempt?.paymentUrl ?? null}
          blocked={step.blocked}
          onOpenPaymentPage={() => attempt && openPaymentPage(attempt)}
        />
      );
      if (phase === 'waiting' && attempt) {
        footer = (
          <>
            {closeButton()}
            <Button onClick={() => void check(attempt)}>I have finished paying</Button>
          </>
        );
      } else if (phase === 'pending' && attempt) {
        footer = (
          <>
            {closeButton()}
            <Button onClick={() => void check(attempt)}>Check again</Button>
          </>
        );
      } else if (phase === 'failed' && item) {
        footer = (
          <>
            {closeButton()}
            <Button onClick={() => setStep({ name: 'methods' })}>Try again</Button>
          </>
        );
      } else if (phase !== 'checking') {
        footer = closeButton();
      }
      break;
    }
    case 'bank_details':
      if (!item) return null;
      content = (
        <BankTransferStep
          item={item}
          option={step.option}
          studentId={studentId}
          claiming={step.claiming}
          onClaimingChange={(claiming) => setStep({ ...step, claiming })}
          onClaimed={({ amount, reference: claimed }) => {
            void refresh();
            setStep({ name: 'success', outcome: { kind: 'claimed', amount, reference: claimed } });
          }}
        />
      );
      footer = (
        <>
          <Button variant="secondary" onClick={() => setStep({ name: 'methods' })}>
            Back
          </Button>
          {!step.claiming && (
            <Button onClick={() => setStep({ name: 'success', outcome: { kind: 'bank' } })}>I Understand</Button>
          )}
        </>
      );
      break;
    case 'success':
      content = <SuccessStep outcome={step.outcome} />;
      footer = <Button onClick={close}>Done</Button>;
      break;
  }

  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={titleOf(step)}
      footer={footer}
    >
      <div ref={body} tabIndex={-1} className="focus:outline-none">
        {content}
      </div>
    </Modal>
  );
}
