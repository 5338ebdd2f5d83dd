import {
  formatKobo,
  lagosDateTime,
  PAYMENT_METHOD_LABELS,
  PAYMENT_VOID_STATUS_LABELS,
  TILL_REPORT_TITLES,
  TILL_STATUS_LABELS,
  type TillReport,
} from '@schoolledger/domain';
import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { SlipLine } from '@/components/slip-line';
import { Button } from '@/components/ui';
import { notify } from '@/lib/notify';
import { TILL_MESSAGES } from '../lib/messages';
import { varianceText } from './close-till-dialog';
import { type PrintPaper, PrintSheet, printSheet, SignatureLines } from './print-sheet';

const SLIP_ID = 'till-report-slip';
const PAGE_ID = 'till-report-page';

const payments = (count: number) => `${count} ${count === 1 ? 'payment' : 'payments'}`;

/** "Print 80 mm" and "Print A4" under a till's report, each printing the layout made for its paper. */
export function TillPrintActions({ till }: { till: TillReport }) {
  const title = TILL_REPORT_TITLES[till.report.kind];
  const print = (id: string, paper: PrintPaper) => {
    printSheet(id, paper);
    notify.success(TILL_MESSAGES.reportPrinted);
  };
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => print(SLIP_ID, '80mm')}>
          <Printer className="size-4" aria-hidden="true" />
          Print 80 mm
        </Button>
        <Button size="sm" variant="secondary" onClick={() => print(PAGE_ID, 'A4')}>
          <Printer className="size-4" aria-hidden="true" />
          Print A4
        </Button>
      </div>
      <PrintSheet id={SLIP_ID} paper="80mm" label={`Printed ${title} on 80 mm`}>
        <TillSlip till={till} />
      </PrintSheet>
      <PrintSheet id={PAGE_ID} paper="A4" label={`Printed ${title} on A4`}>
        <TillPage till={till} />
      </PrintSheet>
    </>
  );
}

/** The narrow thermal slip: a line a figure, label on the left and amount on the right. */
function TillSlip({ till }: { till: TillReport }) {
  const { session, report } = till;
  return (
    <>
      <header className="border-b border-dashed pb-2 text-center">
        <p className="text-sm font-bold break-words">{report.school.name}</p>
        <p className="mt-1 text-sm font-bold uppercase">{TILL_REPORT_TITLES[report.kind]}</p>
      </header>
      <div>
        <SlipLine label="Till">{session.desk}</SlipLine>
        <SlipLine label="Bursar">{session.opened_by.name}</SlipLine>
        <SlipLine label="Opened">{lagosDateTime(session.opened_at)}</SlipLine>
        {session.closed_at && <SlipLine label="Closed">{lagosDateTime(session.closed_at)}</SlipLine>}
        <SlipLine label="Status">{TILL_STATUS_LABELS[session.status]}</SlipLine>
      </div>
      <div className="border-t border-dashed pt-2">
        <SlipLine label="Opening float">{formatKobo(report.float)}</SlipLine>
        <SlipLine label={`Cash taken (${payments(report.payments)})`}>{formatKobo(report.cash_taken)}</SlipLine>
      </div>
      {report.by_method.length > 0 && (
        <div className="border-t border-dashed pt-2">
          <p className="font-bold">By method</p>
          {report.by_method.map((line) => (
            <SlipLine key={line.method} label={`${PAYMENT_METHOD_LABELS[line.method]} (${line.payments})`}>
              {formatKobo(line.amount)}
            </SlipLine>
          ))}
        </div>
      )}
      {report.by_recorder.length > 0 && (
        <div className="border-t border-dashed pt-2">
          <p className="font-bold">Taken by</p>
          {report.by_recorder.map((line) => (
            <SlipLine key={line.user._id} label={`${line.user.name} (${line.payments})`}>
              {formatKobo(line.amount)}
            </SlipLine>
          ))}
        </div>
      )}
      <div className="border-t border-dashed pt-2">
        {report.refunds.map((refund) => (
          <SlipLine key={refund.payment_id} label={`Refund ${refund.receipt_no ?? ''}`.trim()}>
            {formatKobo(refund.amount)}
          </SlipLine>
        ))}
        <SlipLine label="Refunds out of the drawer">{formatKobo(report.refunded)}</SlipLine>
        {report.voids.map((line) => (
          <SlipLine key={line._id} label={`Void ${line.receipt_no ?? ''} (${PAYMENT_VOID_STATUS_LABELS[line.status]})`}>
            {formatKobo(line.amount)}
          </SlipLine>
        ))}
        <SlipLine label="Voids paid back">{formatKobo(report.voided)}</SlipLine>
      </div>
      <div className="border-y border-dashed py-2">
        <SlipLine label="Expected in the drawer" strong>
          {formatKobo(report.expected)}
        </SlipLine>
        {session.counted !== null && (
          <SlipLine label="Counted" strong>
            {formatKobo(session.counted)}
          </SlipLine>
        )}
        {session.variance !== null && (
          <SlipLine label="Difference" strong>
            {varianceText(session.variance)}
          </SlipLine>
        )}
      </div>
      {session.variance_reason && <p className="break-words">Reason: {session.variance_reason}</p>}
      {session.closed_by && (
        <div>
          <SlipLine label="Counted by">{session.closed_by.name}</SlipLine>
          {session.confirmed_by && session.confirmed_at && (
            <>
              <SlipLine label="Confirmed by">{session.confirmed_by.name}</SlipLine>
              <SlipLine label="Confirmed">{lagosDateTime(session.confirmed_at)}</SlipLine>
            </>
          )}
        </div>
      )}
      {session.banking && (
        <div className="border-t border-dashed pt-2">
          <SlipLine label="Banked" strong>
            {formatKobo(session.banking.amount)}
          </SlipLine>
          <SlipLine label="Bank">{session.banking.bank_name}</SlipLine>
          <SlipLine label="Deposit slip">{session.banking.deposit_slip_no}</SlipLine>
          <SlipLine label="Banked by">{session.banking.banked_by.name}</SlipLine>
          <SlipLine label="Banked">{lagosDateTime(session.banking.banked_at)}</SlipLine>
          {report.remaining !== null && (
            <SlipLine label="Remained (kept back)">{formatKobo(report.remaining)}</SlipLine>
          )}
        </div>
      )}
      <p className="border-t border-dashed pt-2 text-center">Printed {lagosDateTime(new Date())}</p>
    </>
  );
}

function Cell({ children, right = false }: { children: ReactNode; right?: boolean }) {
  return (
    <td className={`border-b border-slate-300 px-2 py-1.5 align-top ${right ? 'text-right tabular-nums' : ''}`}>
      {children}
    </td>
  );
}

function HeadCell({ children, right = false }: { children: ReactNode; right?: boolean }) {
  return (
    <th
      scope="col"
      className={`border-b-2 border-black px-2 py-1.5 font-semibold ${right ? 'text-right' : 'text-left'}`}
    >
      {children}
    </th>
  );
}

/** The A4 page: the session's facts, its figures and breakdowns in tables, and lines for the signatures. */
function TillPage({ till }: { till: TillReport }) {
  const { session, report } = till;
  const figures: [string, string][] = [
    ['Opening float', formatKobo(report.float)],
    [`Cash taken (${payments(report.payments)})`, formatKobo(report.cash_taken)],
    ['Refunds out of the drawer', formatKobo(report.refunded)],
    ['Voids paid back', formatKobo(report.voided)],
    ['Expected in the drawer', formatKobo(report.expected)],
  ];
  if (session.counted !== null) figures.push(['Counted', formatKobo(session.counted)]);
  if (session.variance !== null) figures.push(['Difference', varianceText(session.variance)]);
  if (session.banking) figures.push(['Banked', formatKobo(session.banking.amount)]);
  if (report.remaining !== null)
    figures.push(['Remained (counted less banked, kept back)', formatKobo(report.remaining)]);
  return (
    <>
      <header className="flex items-end justify-between gap-6 border-b-2 border-black pb-3">
        <div>
          <p className="text-lg font-bold">{report.school.name}</p>
          <h1 className="text-2xl font-bold">
            {TILL_REPORT_TITLES[report.kind]}: {session.desk}
          </h1>
        </div>
        <p className="text-right text-xs">Printed {lagosDateTime(new Date())}</p>
      </header>
      <dl className="grid grid-cols-2 gap-x-8 gap-y-1">
        {(
          [
            ['Bursar', session.opened_by.name],
            ['Status', TILL_STATUS_LABELS[session.status]],
            ['Opened', lagosDateTime(session.opened_at)],
            ['Closed', session.closed_at ? lagosDateTime(session.closed_at) : 'Still open'],
            ['Counted by', session.closed_by?.name ?? '—'],
            [
              'Confirmed by',
              session.confirmed_by && session.confirmed_at
                ? `${session.confirmed_by.name}, ${lagosDateTime(session.confirmed_at)}`
                : '—',
            ],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="font-semibold">{label}:</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <table className="w-full border-collapse">
        <caption className="pb-1 text-left font-semibold">Figures</caption>
        <tbody>
          {figures.map(([label, value]) => (
            <tr key={label}>
              <th scope="row" className="border-b border-slate-300 px-2 py-1.5 text-left font-normal">
                {label}
              </th>
              <Cell right>{value}</Cell>
            </tr>
          ))}
        </tbody>
      </table>
      {session.variance_reason && (
        <p>
          <span className="font-semibold">Reason for the difference:</span> {session.variance_reason}
        </p>
      )}
      <div className="grid grid-cols-2 gap-8">
        <table className="w-full border-collapse">
          <caption className="pb-1 text-left font-semibold">Cash by method</caption>
          <thead>
            <tr>
              <HeadCell>Method</HeadCell>
              <HeadCell right>Payments</HeadCell>
              <HeadCell right>Amount</HeadCell>
            </tr>
          </thead>
          <tbody>
            {report.by_method.length === 0 ? (
              <tr>
                <Cell>None taken</Cell>
                <Cell right>0</Cell>
                <Cell right>{formatKobo(0n)}</Cell>
              </tr>
            ) : (
              report.by_method.map((line) => (
                <tr key={line.method}>
                  <Cell>{PAYMENT_METHOD_LABELS[line.method]}</Cell>
                  <Cell right>{line.payments}</Cell>
                  <Cell right>{formatKobo(line.amount)}</Cell>
                </tr>
              ))
            )}
          </tbody>
        </table>
        <table className="w-full border-collapse">
          <caption className="pb-1 text-left font-semibold">Cash by who took it</caption>
          <thead>
            <tr>
              <HeadCell>Taken by</HeadCell>
              <HeadCell right>Payments</HeadCell>
              <HeadCell right>Amount</HeadCell>
            </tr>
          </thead>
          <tbody>
            {report.by_recorder.length === 0 ? (
              <tr>
                <Cell>No one yet</Cell>
                <Cell right>0</Cell>
                <Cell right>{formatKobo(0n)}</Cell>
              </tr>
            ) : (
              report.by_recorder.map((line) => (
                <tr key={line.user._id}>
                  <Cell>{line.user.name}</Cell>
                  <Cell right>{line.payments}</Cell>
                  <Cell right>{formatKobo(line.amount)}</Cell>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {(report.refunds.length > 0 || report.voids.length > 0) && (
        <table className="w-full border-collapse">
          <caption className="pb-1 text-left font-semibold">Refunds and voids</caption>
          <thead>
            <tr>
              <HeadCell>Receipt</HeadCell>
              <HeadCell>What</HeadCell>
              <HeadCell right>Amount</HeadCell>
            </tr>
          </thead>
          <tbody>
            {report.refunds.map((refund) => (
              <tr key={refund.payment_id}>
                <Cell>{refund.receipt_no ?? '—'}</Cell>
                <Cell>
                  Refund, {lagosDateTime(refund.at)}
                  {refund.from_drawer ? ', out of the drawer' : ', from the cash on hand'}
                </Cell>
                <Cell right>{formatKobo(refund.amount)}</Cell>
              </tr>
            ))}
            {report.voids.map((line) => (
              <tr key={line._id}>
                <Cell>{line.receipt_no ?? '—'}</Cell>
                <Cell>
                  {PAYMENT_VOID_STATUS_LABELS[line.status]}: {line.reason}
                </Cell>
                <Cell right>{formatKobo(line.amount)}</Cell>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {session.banking && (
        <p>
          <span className="font-semibold">Banking:</span> {formatKobo(session.banking.amount)} at{' '}
          {session.banking.bank_name}, deposit slip {session.banking.deposit_slip_no}, by{' '}
          {session.banking.banked_by.name}, {lagosDateTime(session.banking.banked_at)}.
        </p>
      )}
      <SignatureLines labels={['Counted by', 'Confirmed by']} />
    </>
  );
}
