import { CheckCircle2, Plus, Printer } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button, Card } from '@/components/ui';
import { notify } from '@/lib/notify';
import { useReceiptSettings } from '../api/get-receipt-settings';

export const RECEIPT_PRINTED = 'Receipt sent to printer';

/** A till roll is 80 mm wide and prints about 72 mm of it: the slip is laid out at that width. */
const SLIP_MARGIN_MM = 4;
const MM_PER_PX = 25.4 / 96;

/*
 * Printing prints the slip alone, on a page of the till roll's width: the slip sits straight under
 * <body> (a portal), out of sight on screen, and in print everything else is set aside. Thermal
 * printers print black, so the slip does too.
 */
const slipCss = (slipId: string) => `#${slipId} { width: ${80 - 2 * SLIP_MARGIN_MM}mm; }
@media screen { #${slipId} { position: fixed; top: 0; left: -10000px; visibility: hidden; } }
@media print {
  body > :not(#${slipId}) { display: none !important; }
  #${slipId}, #${slipId} * { color: #000 !important; background: transparent !important; border-color: #000 !important; }
}`;

/** The page is as long as the slip measured on screen at the same width, so the roll is cut after it. */
const slipPage = (slipHeightPx: number) =>
  `@page { size: 80mm ${Math.ceil(slipHeightPx * MM_PER_PX) + 2 * SLIP_MARGIN_MM + 2}mm; margin: ${SLIP_MARGIN_MM}mm; }`;

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
  /** The receipt on screen. */
  children: ReactNode;
  /** The same receipt as the 80 mm slip prints it, in `SlipLine`s. */
  slip: ReactNode;
}

/**
 * What the bursar hands over after a desk payment, one fee or a family's: the school's letterhead
 * and footer from its receipt settings, the body given, and Print and New Payment. Print puts the
 * same receipt on an 80 mm slip.
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
  slip,
}: ReceiptSheetProps) {
  const printed = useReceiptSettings(schoolId).data;
  const slipId = `${id}-slip`;
  const pageStyle = useRef<HTMLStyleElement>(null);
  const print = () => {
    const slip = document.getElementById(slipId);
    if (pageStyle.current && slip) pageStyle.current.textContent = slipPage(slip.getBoundingClientRect().height);
    window.print();
    notify.success(RECEIPT_PRINTED);
  };
  return (
    <div className={`mx-auto space-y-4 ${className ?? 'max-w-2xl'}`}>
      <style>{slipCss(slipId)}</style>
      <style ref={pageStyle} />
      <div className="flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-500/10 dark:text-emerald-200">
        <CheckCircle2 className="size-6 shrink-0" aria-hidden="true" />
        <p className="text-sm font-medium">{recorded}</p>
      </div>

      <Card id={id} aria-labelledby={`${id}-title`} className="overflow-hidden">
        <header className="bg-emerald-700 px-5 py-5 text-white sm:px-6">
          <p className="text-lg font-semibold">{school}</p>
          {printed?.contact && <p className="text-sm text-emerald-50">{printed.contact}</p>}
          <div className="mt-3 flex flex-wrap items-end justify-between gap-2">
            <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight">
              {title}
            </h2>
            {aside}
          </div>
        </header>
        <div className="space-y-5 px-5 py-5 sm:px-6">
          {children}
          {printed?.footer && (
            <p className="border-t border-slate-200 pt-4 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
              {printed.footer}
            </p>
          )}
        </div>
      </Card>

      {createPortal(
        <article id={slipId} aria-label={`Printed ${title.toLowerCase()}`} className="space-y-2 text-xs leading-snug">
          <header className="border-b border-dashed pb-2 text-center">
            <p className="text-sm font-bold break-words">{school}</p>
            {printed?.contact && <p className="break-words">{printed.contact}</p>}
            <p className="mt-1 text-sm font-bold uppercase">{title}</p>
          </header>
          {slip}
          {printed?.footer && <p className="border-t border-dashed pt-2 text-center break-words">{printed.footer}</p>}
        </article>,
        document.body,
      )}

      <div className="flex flex-wrap gap-2">
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
