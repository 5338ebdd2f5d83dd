import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui';
import { download, errorMessage } from '@/lib/api-client';

export type ReceiptFormat = 'a4' | '80mm';

/** Saves a successful payment's PDF receipt: A4, or the 80 mm strip for thermal printers. */
export function downloadReceipt(paymentId: string, receiptNo: string, format: ReceiptFormat = 'a4') {
  const suffix = format === 'a4' ? '' : '-80mm';
  return download(`/payment/${paymentId}/receipt?format=${format}`, `${receiptNo}${suffix}.pdf`);
}

export function ReceiptButton({
  paymentId,
  receiptNo,
  format = 'a4',
  label = 'Receipt',
}: {
  paymentId: string;
  receiptNo: string;
  format?: ReceiptFormat;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadReceipt(paymentId, receiptNo, format);
        } catch (error) {
          toast.error(errorMessage(error, 'Failed to download the receipt'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FileDown className="size-4" aria-hidden="true" />
      {label}
    </Button>
  );
}
