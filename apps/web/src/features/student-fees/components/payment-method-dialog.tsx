import { formatKobo, type StudentFee } from '@schoolledger/domain';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button, Modal } from '@/components/ui';
import { titleOf } from '../lib/payment-flow';
import { usePaymentFlow } from '../lib/use-payment-flow';
import { BankTransferStep } from './bank-transfer-step';
import { isOnline, type MethodChoice, MethodStep, useMethodChoice } from './method-step';
import { ProcessingStep } from './processing-step';
import { SuccessStep } from './success-step';

export interface PaymentMethodDialogProps {
  /** The fee being paid; null when the dialog only shows the outcome of a payment the payer came back from. */
  item: StudentFee | null;
  /** The child a parent pays for; null for a student paying their own fee. */
  studentId: string | null;
  /** Opens on the verified outcome of this payment (the provider sent the payer back to this tab). */
  reference?: string | null;
  onClose(): void;
}

/** SPEC §4 payment dialog: what each step shows; the steps themselves move in `usePaymentFlow`. */
export function PaymentMethodDialog({ item, studentId, reference = null, onClose }: PaymentMethodDialogProps) {
  const formId = useId();
  const claimFormId = useId();
  const [claimSubmitting, setClaimSubmitting] = useState(false);
  const choice = useMethodChoice(item, studentId);
  const { step, dispatch, refresh, check, payOnline, openPaymentPage } = usePaymentFlow(studentId, reference);
  const body = useRef<HTMLDivElement>(null);

  // Each step takes the focus, so keyboard and screen-reader users land on what changed.
  const stepKey = step.name === 'processing' ? `${step.name}-${step.phase}` : step.name;
  useEffect(() => {
    if (stepKey) body.current?.focus();
  }, [stepKey]);

  function choose({ option, amount }: MethodChoice) {
    if (!item) return;
    if (isOnline(option.method)) {
      payOnline(option.method, item, amount);
    } else if (option.method === 'bank_transfer') {
      dispatch({ type: 'bank_transfer', option });
    } else {
      dispatch({ type: 'outcome', outcome: { kind: 'cash' } });
    }
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
            <Button onClick={() => dispatch({ type: 'restart' })}>Try again</Button>
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
          claimFormId={claimFormId}
          onClaimingChange={(claiming) => dispatch({ type: 'claiming', claiming })}
          onSubmittingChange={setClaimSubmitting}
          onClaimed={({ amount, reference: claimed, bankReference }) => {
            void refresh();
            dispatch({ type: 'claimed', amount, reference: claimed, bankReference });
          }}
        />
      );
      // One primary action at a time, in the footer that stays in view: the claim's, while it is open.
      footer = step.claiming ? (
        <>
          <Button
            variant="secondary"
            disabled={claimSubmitting}
            onClick={() => dispatch({ type: 'claiming', claiming: false })}
          >
            Cancel
          </Button>
          <Button type="submit" form={claimFormId} loading={claimSubmitting}>
            {claimSubmitting ? 'Recording...' : 'Record transfer'}
          </Button>
        </>
      ) : (
        <>
          <Button variant="secondary" onClick={() => dispatch({ type: 'restart' })}>
            Back
          </Button>
          <Button onClick={() => dispatch({ type: 'outcome', outcome: { kind: 'bank' } })}>I Understand</Button>
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
