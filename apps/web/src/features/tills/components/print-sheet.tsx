import { type ReactNode, useEffect } from 'react';
import { createPortal } from 'react-dom';

/** A till roll is 80 mm wide and prints about 72 mm of it; an A4 page keeps 15 mm margins. */
const SLIP_MARGIN_MM = 4;
const A4_MARGIN_MM = 15;
const MM_PER_PX = 25.4 / 96;

/** A till roll, or an A4 page upright or on its side (for tables too wide to stand). */
export type PrintPaper = '80mm' | 'A4' | 'A4-landscape';

/** What a sheet is laid out across: the paper's width less its margins. */
const SHEET_WIDTH: Record<PrintPaper, string> = {
  '80mm': `${80 - 2 * SLIP_MARGIN_MM}mm`,
  A4: `${210 - 2 * A4_MARGIN_MM}mm`,
  'A4-landscape': `${297 - 2 * A4_MARGIN_MM}mm`,
};

const PRINT_STYLE_ID = 'till-print-style';

/*
 * A sheet is printed alone: it sits straight under <body> (a portal), out of sight on screen, and
 * when one is printed everything else is set aside (the app's chrome, the dialog over it). The
 * slip prints black, as thermal printers do; the page keeps the shades of its table lines.
 */
const sheetCss = (id: string, paper: PrintPaper, heightPx: number) => {
  const page =
    paper === '80mm'
      ? `@page { size: 80mm ${Math.ceil(heightPx * MM_PER_PX) + 2 * SLIP_MARGIN_MM + 2}mm; margin: ${SLIP_MARGIN_MM}mm; }`
      : `@page { size: ${paper === 'A4' ? 'A4' : 'A4 landscape'}; margin: ${A4_MARGIN_MM}mm; }`;
  const ink =
    paper === '80mm'
      ? `#${id}, #${id} * { color: #000 !important; background: transparent !important; border-color: #000 !important; }`
      : `#${id} { color: #000 !important; background: #fff !important; }`;
  return `${page}
@media print {
  body > :not(#${id}) { display: none !important; }
  #${id} { position: static !important; visibility: visible !important; }
  ${ink}
}`;
};

/**
 * Prints the sheet `id` on its paper: the slip's page is as long as the slip measured on screen
 * at the same width, so the roll is cut after it.
 */
export function printSheet(id: string, paper: PrintPaper) {
  const sheet = document.getElementById(id);
  const style = document.getElementById(PRINT_STYLE_ID) ?? document.head.appendChild(document.createElement('style'));
  style.id = PRINT_STYLE_ID;
  style.textContent = sheetCss(id, paper, sheet?.getBoundingClientRect().height ?? 0);
  // Once printed, the page prints as itself again (and another screen's printing is not hidden).
  window.addEventListener('afterprint', () => style.remove(), { once: true });
  window.print();
}

/** A sheet that leaves the page takes its print rules with it. */
function useForgetPrintStyle(id: string) {
  useEffect(
    () => () => {
      const style = document.getElementById(PRINT_STYLE_ID);
      if (style?.textContent?.includes(`#${id} `)) style.remove();
    },
    [id],
  );
}

/** A sheet laid out for its paper, kept out of sight until it is printed. */
export function PrintSheet({
  id,
  paper,
  label,
  children,
}: {
  id: string;
  paper: PrintPaper;
  /** What the sheet is, for assistive technology ("Printed Z report"). */
  label: string;
  children: ReactNode;
}) {
  useForgetPrintStyle(id);
  return createPortal(
    <article
      id={id}
      aria-label={label}
      style={{ width: SHEET_WIDTH[paper] }}
      className={
        paper === '80mm'
          ? 'invisible fixed top-0 -left-[10000px] space-y-2 bg-white text-xs leading-snug text-black'
          : 'invisible fixed top-0 -left-[10000px] space-y-5 bg-white text-sm leading-normal text-black'
      }
    >
      {children}
    </article>,
    document.body,
  );
}

/** Where the people who count and confirm the cash sign an A4 sheet. */
export function SignatureLines({ labels }: { labels: readonly string[] }) {
  return (
    <div className="grid grid-cols-2 gap-x-10 gap-y-8 pt-10">
      {labels.map((label) => (
        <div key={label}>
          <div className="h-10 border-b border-black" />
          <p className="mt-1 text-xs">{label}: name, signature and date</p>
        </div>
      ))}
    </div>
  );
}
