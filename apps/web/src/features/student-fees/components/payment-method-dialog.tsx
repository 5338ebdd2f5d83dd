import { formatNaira, type StudentFee } from '@schoolledger/domain';
import { Info } from 'lucide-react';
import { Button, Modal } from '@/components/ui';
import { capitalize } from '../lib/format';

export interface PaymentMethodDialogProps {
  item: StudentFee;
  onClose(): void;
}

/** The first step of the SPEC §2 payment dialog; payment methods arrive with the payments API. */
export function PaymentMethodDialog({ item, onClose }: PaymentMethodDialogProps) {
  const { fee } = item;
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Choose Payment Method"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="space-y-4">
        <div className="rounded-lg bg-slate-50 p-4 dark:bg-slate-800/60">
          <p className="font-semibold break-words text-slate-900 dark:text-white">{fee.name}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500 dark:text-slate-400">Amount</dt>
            <dd className="font-medium text-slate-900 dark:text-white">{formatNaira(item.amountDue)}</dd>
            {item.outstanding !== item.amountDue && (
              <>
                <dt className="text-slate-500 dark:text-slate-400">Outstanding</dt>
                <dd className="font-medium text-slate-900 dark:text-white">{formatNaira(item.outstanding)}</dd>
              </>
            )}
            <dt className="text-slate-500 dark:text-slate-400">Type</dt>
            <dd className="text-slate-900 dark:text-white">{capitalize(fee.type)}</dd>
          </dl>
          {fee.description && <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{fee.description}</p>}
        </div>
        <div className="flex gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-200">
          <Info className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>Online payment is coming soon. Until then, please contact the Bursar&apos;s office to pay this fee.</p>
        </div>
      </div>
    </Modal>
  );
}
