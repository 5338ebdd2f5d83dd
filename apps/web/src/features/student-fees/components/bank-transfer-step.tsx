import { zodResolver } from '@hookform/resolvers/zod';
import {
  amountOverOutstanding,
  bankTransferClaimInputSchema,
  formatKobo,
  type Kobo,
  koboToDecimal,
  type PaymentMethodOption,
  type StudentFee,
  todayIn,
} from '@schoolledger/domain';
import { Copy, ImagePlus, Info, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button, FormField, Input } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form';
import { pickedImage } from '@/lib/image-file';
import { notify } from '@/lib/notify';
import { claimBankTransfer } from '../api/claim-bank-transfer';
import { PAYMENT_TEXT } from '../lib/messages';

interface BankTransferStepProps {
  item: StudentFee;
  option: PaymentMethodOption;
  /** The child a parent pays for; null for a student. */
  studentId: string | null;
  /** Whether the 'I have made this transfer' form is open; the dialog's footer then submits it. */
  claiming: boolean;
  /** The id of the claim form, for the footer's submit button. */
  claimFormId: string;
  onClaimingChange(claiming: boolean): void;
  onSubmittingChange(submitting: boolean): void;
  onClaimed(claim: { amount: Kobo; reference: string | null; bankReference: string }): void;
}

export function BankTransferStep({
  item,
  option,
  studentId,
  claiming,
  claimFormId,
  onClaimingChange,
  onSubmittingChange,
  onClaimed,
}: BankTransferStepProps) {
  const details = option.bank_details;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Amount to transfer for <span className="font-medium text-slate-900 dark:text-white">{item.fee.name}</span>
        </p>
        <p className="text-xl font-semibold text-slate-900 dark:text-white">{formatKobo(item.outstanding)}</p>
      </div>

      {details ? (
        <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          <DetailRow label="Bank name" value={details.bank_name} />
          <DetailRow label="Account name" value={details.account_name} />
          <DetailRow label="Account number" value={details.account_no} mono />
          {details.payment_code ? (
            <DetailRow
              label="Payment code"
              value={details.payment_code}
              mono
              hint="Write this code in the transfer's description (narration) so the school knows the money is for this student."
            />
          ) : null}
        </dl>
      ) : (
        <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          The school&apos;s account details are not listed here yet. Please ask the Bursar office which account to pay
          into.
        </p>
      )}

      <div className="flex gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-200">
        <Info className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p>{PAYMENT_TEXT.bankChosen}</p>
      </div>

      {claiming ? (
        <ClaimForm
          id={claimFormId}
          item={item}
          studentId={studentId}
          onSubmittingChange={onSubmittingChange}
          onClaimed={onClaimed}
        />
      ) : (
        <div className="rounded-lg border border-dashed border-slate-300 p-4 dark:border-slate-700">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Already paid? Tell the school about your transfer so the Bursar office can confirm it.
          </p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => onClaimingChange(true)}>
            I have made this transfer
          </Button>
        </div>
      )}
    </div>
  );
}

function DetailRow({
  label,
  value,
  mono = false,
  hint,
}: {
  label: string;
  value: string;
  mono?: boolean;
  hint?: string;
}) {
  return (
    <div className="flex items-center gap-3 px-4 py-3">
      <div className="min-w-0 flex-1">
        <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
        <dd
          className={`break-words font-medium text-slate-900 dark:text-white ${mono ? 'font-mono tracking-wide' : ''}`}
        >
          {value}
        </dd>
        {hint ? <dd className="mt-1 text-xs text-slate-600 dark:text-slate-300">{hint}</dd> : null}
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Copy ${label.toLowerCase()}`}
        onClick={() =>
          navigator.clipboard
            .writeText(value)
            .then(() => notify.success(`${label} copied`))
            .catch(() => notify.error('Could not copy; please copy it by hand'))
        }
      >
        <Copy className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">Copy</span>
      </Button>
    </div>
  );
}

const claimFormSchema = bankTransferClaimInputSchema.pick({ amount: true, transfer_date: true, bank_reference: true });
type ClaimValues = z.input<typeof claimFormSchema>;
type ClaimOutput = z.output<typeof claimFormSchema>;
const CLAIM_FIELDS = ['amount', 'transfer_date', 'bank_reference'] as const;

/** The claim itself; its submit button is the dialog footer's, so it stays in view however long the form. */
function ClaimForm({
  id,
  item,
  studentId,
  onSubmittingChange,
  onClaimed,
}: {
  id: string;
  item: StudentFee;
  studentId: string | null;
  onSubmittingChange: BankTransferStepProps['onSubmittingChange'];
  onClaimed: BankTransferStepProps['onClaimed'];
}) {
  const today = todayIn();
  const titleId = useId();
  const [proof, setProof] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ClaimValues, unknown, ClaimOutput>({
    resolver: zodResolver(claimFormSchema),
    defaultValues: { amount: koboToDecimal(item.outstanding), transfer_date: today, bank_reference: '' },
  });
  useEffect(() => onSubmittingChange(isSubmitting), [isSubmitting, onSubmittingChange]);

  const submit = handleSubmit(async (values) => {
    const { amount } = values;
    const over = amountOverOutstanding(amount, item.outstanding);
    if (over) {
      setError('amount', { message: over });
      return;
    }
    if (values.transfer_date > today) {
      setError('transfer_date', { message: 'The transfer date cannot be in the future' });
      return;
    }
    try {
      const recorded = await claimBankTransfer({
        fee_id: item.fee._id,
        ...(studentId ? { student_id: studentId } : {}),
        amount,
        transfer_date: values.transfer_date,
        bank_reference: values.bank_reference,
        proof,
      });
      onClaimed({ amount, reference: recorded.trx_ref, bankReference: values.bank_reference });
    } catch (error) {
      if (!applyFieldErrors(error, setError, CLAIM_FIELDS)) {
        notify.error(errorMessage(error, 'Failed to record the transfer'));
      }
    }
  });

  return (
    <form
      id={id}
      noValidate
      onSubmit={submit}
      aria-labelledby={titleId}
      className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h3 id={titleId} className="text-sm font-semibold text-slate-900 dark:text-white">
        I have made this transfer
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Amount transferred (₦)" required error={errors.amount?.message}>
          <Input inputMode="decimal" autoComplete="off" autoFocus {...register('amount')} />
        </FormField>
        <FormField label="Date of transfer" required error={errors.transfer_date?.message}>
          <Input type="date" max={today} {...register('transfer_date')} />
        </FormField>
      </div>
      <FormField
        label="Reference from your bank"
        required
        error={errors.bank_reference?.message}
        hint="The session ID or reference on your bank's confirmation."
      >
        <Input autoComplete="off" {...register('bank_reference')} />
      </FormField>
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Proof of payment (optional)</p>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-label="Proof of payment image"
          onChange={(event) => setProof(pickedImage(event) ?? proof)}
        />
        {proof ? (
          <div className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800/60">
            <span className="min-w-0 flex-1 truncate text-slate-700 dark:text-slate-300">{proof.name}</span>
            <Button variant="ghost" size="sm" aria-label="Remove the proof image" onClick={() => setProof(null)}>
              <X className="size-4" aria-hidden="true" />
            </Button>
          </div>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
            <ImagePlus className="size-4" aria-hidden="true" />
            Attach an image
          </Button>
        )}
        <p className="text-xs text-slate-500 dark:text-slate-400">A photo or screenshot of the receipt, up to 5MB.</p>
      </div>
    </form>
  );
}
