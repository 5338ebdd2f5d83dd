import { zodResolver } from '@hookform/resolvers/zod';
import { capitalize, type Fee, formatKobo, rejectFeeRequestSchema, todayIn } from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import { Badge, Button, FormField, Modal, Textarea } from '@/components/ui';
import { useApproveFee } from '../api/approve-fee';
import { useRejectFee } from '../api/reject-fee';
import { dueText, installmentSummary, STATUS_LABEL, STATUS_VARIANT, targetSummary } from '../lib/format';
import { FEE_MESSAGES } from '../lib/messages';
import type { FeePermissions } from '../lib/permissions';

/** SPEC §2 'Fee Approval Review': the fee's details, then Approve, or Reject with a reason. */
export function FeeReviewDialog({ fee, may, onClose }: { fee: Fee; may: FeePermissions; onClose(): void }) {
  const approve = useApproveFee();
  const reject = useRejectFee();
  const pending = approve.isPending || reject.isPending;
  const ownFee = may.isAuthorOf(fee);
  const mayDecide = may.approve && !ownFee;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(rejectFeeRequestSchema), defaultValues: { reason: '' } });

  const onReject = handleSubmit(({ reason }) => reject.mutate({ id: fee._id, reason }, { onSuccess: onClose }));
  const today = todayIn();
  const rows: [string, React.ReactNode][] = [
    ['Fee type', capitalize(fee.type)],
    ['Amount', formatKobo(fee.amount)],
    ['School', fee.school.name],
    ['Term', `${fee.term.name} (${fee.term.session.name})`],
    ['Applies to', targetSummary(fee)],
    ['Installments', installmentSummary(fee)],
    ['Due', dueText(fee.effectiveDueDate, today)],
    ['Active', fee.isActive ? 'Yes' : 'No'],
    ['Created by', fee.createdBy?.name ?? '—'],
    ['Last edited by', fee.updatedBy?.name ?? '—'],
  ];

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title="Fee Approval Review"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {mayDecide ? 'Cancel' : 'Close'}
          </Button>
          {mayDecide && (
            <>
              <Button variant="danger" onClick={onReject} loading={reject.isPending} disabled={pending}>
                Reject
              </Button>
              <Button
                onClick={() => approve.mutate(fee._id, { onSuccess: onClose })}
                loading={approve.isPending}
                disabled={pending}
              >
                Approve
              </Button>
            </>
          )}
        </>
      }
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{fee.name}</h3>
          <Badge variant={STATUS_VARIANT[fee.status]}>{STATUS_LABEL[fee.status]}</Badge>
        </div>
        {(fee.description || fee.decription) && (
          <p className="text-sm text-slate-600 dark:text-slate-300">{fee.description || fee.decription}</p>
        )}
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div
              key={label}
              className="flex justify-between gap-3 border-b border-slate-100 py-1.5 dark:border-slate-800"
            >
              <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
              <dd className="text-right font-medium text-slate-900 dark:text-white">{value}</dd>
            </div>
          ))}
        </dl>
        {ownFee ? (
          <p
            role="note"
            className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
          >
            {FEE_MESSAGES.ownFee}
          </p>
        ) : (
          mayDecide && (
            <form onSubmit={onReject} noValidate>
              <FormField
                label="Reason for rejection"
                error={errors.reason?.message}
                hint="Required to reject; the fee's author sees it."
              >
                <Textarea rows={3} {...register('reason')} />
              </FormField>
            </form>
          )
        )}
      </div>
    </Modal>
  );
}
