import { type BankStatementLine, formatKobo } from '@schoolledger/domain';
import { ConfirmDialog } from '@/components/ui';
import { formatDate } from '@/lib/dates';
import { useConfirmLine } from '../api/confirm-line';
import { type CreditTarget, confirmQuestion } from '../lib/texts';

/** Asks before a line credits anyone: a candidate's transfer claim, or a student's fees. */
export function ConfirmLineDialog({
  line,
  target,
  onClose,
}: {
  line: BankStatementLine;
  target: CreditTarget;
  onClose(): void;
}) {
  const confirm = useConfirmLine();
  const { student, claim } = target;
  const named = student.reg_no ? `${student.name} (${student.reg_no})` : student.name;
  const booked = `The ${formatKobo(line.amount)} line of ${formatDate(line.booked_on)}`;
  const description = claim
    ? `${booked} confirms the transfer ${named} claimed${claim.bank_reference ? ` (bank ref. ${claim.bank_reference})` : ''}. The claim is credited and a receipt is issued.`
    : `${booked} pays the fees ${named} owes, and a receipt is issued.`;

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && !confirm.isPending && onClose()}
      title={confirmQuestion(line, target)}
      description={description}
      confirmLabel={claim ? 'Confirm transfer' : 'Credit fees'}
      loading={confirm.isPending}
      onConfirm={() =>
        confirm.mutate(
          { lineId: line._id, input: claim ? { claim_id: claim._id } : { student_id: student._id } },
          { onSettled: onClose },
        )
      }
    />
  );
}
