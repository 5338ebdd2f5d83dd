import {
  capitalize,
  formatKobo,
  PAYMENT_METHOD_LABELS,
  type Payment,
  type PaymentDispute,
  paymentChannelLabel,
  percentPaid,
} from '@schoolledger/domain';
import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';
import { Badge, type BadgeVariant } from '@/components/ui';
import { formatDate, formatDateTime } from '@/lib/dates';
import { ContinueCheckout } from './continue-checkout';
import { PaymentStatusBadge } from './payment-status-badge';
import { ReceiptButton } from './receipt-button';

/** A dispute is the bursar's to answer: open reads as a warning, the outcome as what the school kept. */
const DISPUTE_LOOK: Record<PaymentDispute['status'], { label: string; variant: BadgeVariant }> = {
  open: { label: 'Disputed', variant: 'red' },
  lost: { label: 'Dispute lost', variant: 'red' },
  won: { label: 'Dispute won', variant: 'green' },
};

function disputeDetails(dispute: PaymentDispute): Detail[] {
  const details: Detail[] = [{ label: 'Dispute opened', value: formatDateTime(dispute.openedAt) }];
  if (dispute.resolvedAt) {
    const outcome = dispute.status === 'lost' ? 'Lost, refunded to the payer' : 'Won, the school keeps it';
    details.push({ label: 'Dispute outcome', value: `${outcome} (${formatDateTime(dispute.resolvedAt)})` });
  }
  if (dispute.resolution) details.push({ label: "Provider's ruling", value: dispute.resolution });
  return details;
}

export const payerName = (payment: Pick<Payment, 'user'>) => `${payment.user.firstname} ${payment.user.lastname}`;

interface Detail {
  label: string;
  value: string;
  /** References and ids, set in a fixed-width face so they are easy to read out and compare. */
  code?: boolean;
}

/**
 * `payer`: a payer's own history, led by the fee, with the installment progress. `bursary`: the
 * school's payment list, led by the student, with the school when the reader sees several.
 */
export type PaymentCardVariant = 'payer' | 'bursary';

export interface PaymentCardProps {
  payment: Payment;
  variant?: PaymentCardVariant;
  /** The bursary card names the school, for those who see several. */
  showSchool?: boolean;
  /** More buttons beside the receipt, such as a refund. */
  actions?: ReactNode;
  className?: string;
}

function payerDetails(payment: Payment): Detail[] {
  const refund = payment.kind === 'refund';
  const details: Detail[] = [
    { label: 'Method', value: PAYMENT_METHOD_LABELS[payment.mode_of_payment] },
    { label: 'Date', value: formatDateTime(payment.trans_date) },
    { label: 'Fee type', value: capitalize(payment.fee.type) },
    { label: 'Channel', value: payment.channel ? paymentChannelLabel(payment.channel) : '—' },
    { label: 'Reference', value: payment.trx_ref, code: true },
    { label: 'Transaction ID', value: payment.trans_id ?? '—', code: payment.trans_id !== null },
  ];
  if (payment.receiptNo) details.push({ label: 'Receipt', value: payment.receiptNo, code: true });
  if (payment.bank_reference) details.push({ label: 'Bank reference', value: payment.bank_reference, code: true });
  if (payment.reason) details.push({ label: refund ? 'Reason' : 'Note', value: payment.reason });
  return details;
}

function bursaryDetails(payment: Payment, showSchool: boolean): Detail[] {
  const refund = payment.kind === 'refund';
  const details: Detail[] = [
    { label: 'Fee', value: payment.fee.name },
    { label: 'Method', value: PAYMENT_METHOD_LABELS[payment.mode_of_payment] },
    { label: 'Date', value: formatDateTime(payment.trans_date) },
    { label: 'Reference', value: payment.trx_ref, code: true },
  ];
  if (payment.receiptNo) details.push({ label: 'Receipt no.', value: payment.receiptNo, code: true });
  if (payment.bank_reference) details.push({ label: 'Bank reference', value: payment.bank_reference, code: true });
  if (payment.transfer_date) details.push({ label: 'Transferred on', value: formatDate(payment.transfer_date) });
  if (showSchool) details.push({ label: 'School', value: payment.school.name });
  if (payment.reason) details.push({ label: refund ? 'Refund reason' : 'Reason', value: payment.reason });
  if (payment.dispute) details.push(...disputeDetails(payment.dispute));
  return details;
}

/** SPEC §2 payment card: one payment or refund with its fee, method, references and receipt. */
export function PaymentCard({ payment, variant = 'payer', showSchool = false, actions, className }: PaymentCardProps) {
  const progressId = useId();
  const bursary = variant === 'bursary';
  const refund = payment.kind === 'refund';
  const { fee } = payment;
  const paidPercent = percentPaid(payment.feePaid, fee.amount);
  const receipt = !refund && payment.status === 'success' ? payment.receiptNo : null;
  const details = bursary ? bursaryDetails(payment, showSchool) : payerDetails(payment);

  return (
    <article
      aria-label={
        bursary ? `${refund ? 'Refund' : 'Payment'} ${payment.trx_ref}` : `${fee.name}, ${formatKobo(payment.amount)}`
      }
      className={clsx(
        'flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900',
        !bursary && 'w-full',
        className,
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900 dark:text-white">
            {bursary ? payerName(payment) : fee.name}
          </h3>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
            {bursary ? (payment.user.regNo ?? 'No registration number') : (fee.term?.name ?? 'Unknown Term')}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1.5">
          <PaymentStatusBadge status={payment.status} refund={refund} awaiting={payment.awaiting} />
          {bursary && payment.voidedAt !== null && <Badge variant="red">Voided</Badge>}
          {bursary && payment.refundedBy !== null && payment.voidedAt === null && (
            <Badge variant="gray">Refunded</Badge>
          )}
          {bursary && payment.dispute && (
            <Badge variant={DISPUTE_LOOK[payment.dispute.status].variant}>
              {DISPUTE_LOOK[payment.dispute.status].label}
            </Badge>
          )}
          {payment.isInstallment && <Badge variant="blue">Installment</Badge>}
        </div>
      </div>

      <p
        className={clsx(
          'mt-3 text-2xl font-semibold tracking-tight',
          refund ? 'text-red-700 dark:text-red-400' : 'text-slate-900 dark:text-white',
        )}
      >
        {refund && '−'}
        {formatKobo(payment.amount)}
      </p>

      {payment.awaiting && (
        <div className="mt-2">
          <ContinueCheckout continueUrl={payment.continueUrl} />
        </div>
      )}

      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {details.map(({ label, value, code }) => (
          <div key={label} className="contents">
            <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
            <dd
              className={clsx(
                'text-right text-slate-900 dark:text-slate-100',
                bursary && 'break-words',
                code && 'font-mono text-xs leading-5 break-all',
              )}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>

      {!bursary && payment.isInstallment && (
        <div className="mt-4 space-y-1.5">
          <p id={progressId} className="flex justify-between gap-3 text-xs text-slate-600 dark:text-slate-400">
            <span>Fee paid so far</span>
            <span>
              {formatKobo(payment.feePaid)} of {formatKobo(fee.amount)}
            </span>
          </p>
          <div
            role="progressbar"
            aria-labelledby={progressId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={paidPercent}
            aria-valuetext={`${paidPercent}% of the fee paid`}
            className="h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
          >
            <div className="h-full rounded-full bg-emerald-500" style={{ width: `${paidPercent}%` }} />
          </div>
        </div>
      )}

      {(receipt || actions) && (
        <div className="mt-auto flex flex-wrap items-center justify-end gap-2 pt-4">
          {receipt && <ReceiptButton paymentId={payment._id} receiptNo={receipt} />}
          {actions}
        </div>
      )}
    </article>
  );
}
