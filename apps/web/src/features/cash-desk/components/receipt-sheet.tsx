import { CheckCircle2, Plus, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, Card } from '@/components/ui';
import { notify } from '@/lib/notify';
import { useReceiptSettings } from '../api/get-receipt-settings';

export const RECEIPT_PRINTED = 'Receipt sent to printer';

/* Printing shows the receipt alone: the shell, the buttons and the rest of the page stay off paper. */
const printCss = (id: string) => `@media print {
  body * { visibility: hidden !important; }
  #${id}, #${id} * { visibility: visible !important; }
  #${id} { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; box-shadow: none; }
}`;

export interface ReceiptSheetProps {
  /** The element printed alone; its heading is `${id}-title`. */
  id: string;
  schoolId: string;
  school: string;
  title: string;
  /** Beside the title: the receipt number, or the day of a family's receipts. */
  aside: ReactNode;
  /** The banner over the sheet saying what was recorded and what to do next. */
  recorded: string;
  printLabel: string;
  /** More buttons between Print and New Payment (the PDF downloads). */
  downloads?: ReactNode;
  onNewPayment(): void;
  className?: string;
  children: ReactNode;
}

/**
 * What the bursar hands over after a desk payment, one fee or a family's: the school's letterhead
 * and footer from its receipt settings, the body given, and Print and New Payment.
 */
export function ReceiptSheet({
  id,
  schoolId,
  school,
  title,
  aside,
  recorded,
  printLabel,
  downloads,
  onNewPayment,
  className,
  children,
}: ReceiptSheetProps) {
  const printed = useReceiptSettings(schoolId).data;
  const print = () => {
    window.print();
    notify.success(RECEIPT_PRINTED);
  };
  return (
    <div className={`mx-auto space-y-4 ${className ?? 'max-w-2xl'}`}>
      <style>{printCss(id)}</style>
      <div className="flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-500/10 dark:text-emerald-200 print:hidden">
        <CheckCircle2 className="size-6 shrink-0" aria-hidden="true" />
        <p className="text-sm font-medium">{recorded}</p>
      </div>

      <Card id={id} aria-labelledby={`${id}-title`} className="overflow-hidden print:text-black">
        <header className="bg-emerald-700 px-5 py-5 text-white sm:px-6 print:bg-white print:px-0 print:text-black">
          <p className="text-lg font-semibold">{school}</p>
          {printed?.contact && <p className="text-sm text-emerald-50 print:text-black">{printed.contact}</p>}
          <div className="mt-3 flex flex-wrap items-end justify-between gap-2">
            <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight">
              {title}
            </h2>
            {aside}
          </div>
        </header>
        <div className="space-y-5 px-5 py-5 sm:px-6 print:px-0">
          {children}
          {printed?.footer && (
            <p className="border-t border-slate-200 pt-4 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400 print:text-black">
              {printed.footer}
            </p>
          )}
        </div>
      </Card>

      <div className="flex flex-wrap gap-2 print:hidden">
        <Button size="sm" onClick={print}>
          <Printer className="size-4" aria-hidden="true" />
          {printLabel}
        </Button>
        {downloads}
        <Button variant="secondary" size="sm" onClick={onNewPayment} className="sm:ml-auto">
          <Plus className="size-4" aria-hidden="true" />
          New Payment
        </Button>
      </div>
    </div>
  );
}
