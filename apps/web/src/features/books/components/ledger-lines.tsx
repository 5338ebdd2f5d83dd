import type { LedgerLine } from '@schoolledger/domain';
import { formatDate } from '@/lib/dates';
import { lineDetails } from '../lib/books';
import { Body, Head, MoneyTd, Table, TableFrame, Td, Th } from './table';

function Description({ line, showStudent }: { line: LedgerLine; showStudent: boolean }) {
  const details = lineDetails(line, { showStudent });
  return (
    <>
      <span className="block">{line.memo}</span>
      {details && <span className="block text-xs text-slate-500 dark:text-slate-400">{details}</span>}
    </>
  );
}

/**
 * Journal lines with the balance after each, oldest first. `columns` names the money columns as
 * the reader knows them: debit and credit in the ledger, charged and paid on a student's account.
 */
export function LedgerLines({
  label,
  lines,
  columns,
  showStudent,
}: {
  label: string;
  lines: readonly LedgerLine[];
  columns: { debit: string; credit: string; balance: string };
  showStudent: boolean;
}) {
  return (
    <TableFrame label={label}>
      <Table>
        <caption className="sr-only">{label}</caption>
        <Head>
          <Th>Date</Th>
          <Th>Description</Th>
          <Th numeric>{columns.debit}</Th>
          <Th numeric>{columns.credit}</Th>
          <Th numeric>{columns.balance}</Th>
        </Head>
        <Body>
          {lines.map((line) => (
            <tr key={line._id}>
              <Td className="whitespace-nowrap tabular-nums">{formatDate(line.date)}</Td>
              <Td className="min-w-56">
                <Description line={line} showStudent={showStudent} />
              </Td>
              <MoneyTd kobo={line.debit} blankZero />
              <MoneyTd kobo={line.credit} blankZero />
              <MoneyTd kobo={line.balance} className="font-medium" />
            </tr>
          ))}
        </Body>
      </Table>
    </TableFrame>
  );
}
