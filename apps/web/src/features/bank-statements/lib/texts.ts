import {
  type BankLineCandidate,
  type BankLineStatus,
  type BankMatchStrength,
  type BankStatementImport,
  type BankStatementLine,
  formatKobo,
} from '@schoolledger/domain';
import type { BadgeVariant } from '@/components/ui';

/** The formats the server reads, as the file input offers them. */
export const STATEMENT_ACCEPT = '.csv,.xlsx,.sta,.mt940,.txt,.xml';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What an upload did, in one line: "42 lines read · 3 already imported · 30 credited · 6 to review
 * · 2 unmatched · 1 not a payment". The lines read are always said; the rest only when there are any.
 */
export function importSummary(result: BankStatementImport): string {
  const parts = [
    plural(result.lines, 'line read', 'lines read'),
    result.already_imported > 0 && `${result.already_imported} already imported`,
    result.confirmed > 0 && `${result.confirmed} credited`,
    result.review > 0 && `${result.review} to review`,
    result.unmatched > 0 && `${result.unmatched} unmatched`,
    result.ignored > 0 && plural(result.ignored, 'not a payment', 'not payments'),
  ];
  return parts.filter(Boolean).join(' · ');
}

/** "14", "14 and 20", "14, 20 and 31". */
export function listOfNumbers(numbers: readonly number[]): string {
  if (numbers.length <= 1) return numbers.join('');
  return `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}

/** Where the running balance does not follow from the line before, as the bursar is asked to check it. */
export function balanceBreakText(positions: readonly number[]): string | null {
  if (positions.length === 0) return null;
  const where = positions.length === 1 ? `line ${positions[0]}` : `lines ${listOfNumbers(positions)}`;
  return `The running balance does not follow at ${where} — check this statement against the bank's copy.`;
}

export const problemText = (problem: { row: number; message: string }) => `Row ${problem.row}: ${problem.message}`;

/** Said under the summary of an upload read with the columns the bursar chose: the next one needs no choosing. */
export const columnsSavedText = (accountNumber: string | null) =>
  accountNumber ? `Columns saved for account ${accountNumber}` : 'Columns saved for this account';

/** The tabs, one per status, in the order the bursar works through them. */
export const LINE_TABS = [
  ['review', 'To review'],
  ['unmatched', 'Unmatched'],
  ['confirmed', 'Credited'],
  ['ignored', 'Not payments'],
] as const satisfies readonly (readonly [BankLineStatus, string])[];

/** What each tab says when it has no lines. */
export const EMPTY_TEXT: Record<BankLineStatus, { title: string; description: string }> = {
  review: {
    title: 'No lines waiting for review',
    description: 'Upload a statement to match its credits.',
  },
  unmatched: {
    title: 'No unmatched lines',
    description: 'Credits that point at nobody, and lines you turned down, wait here for you to find the student.',
  },
  confirmed: {
    title: 'Nothing credited yet',
    description: 'Lines credited to a student, by the matching or by you, are listed here with their receipts.',
  },
  ignored: {
    title: 'No lines set aside',
    description:
      'Debits, reversals and payment providers’ settlements are listed here: they are not a family’s payment.',
  },
};

export const STRENGTHS: Record<BankMatchStrength, { label: string; variant: BadgeVariant }> = {
  exact: { label: 'Exact', variant: 'green' },
  likely: { label: 'Likely', variant: 'blue' },
  possible: { label: 'Possible', variant: 'yellow' },
};

/** "Ada Obi's", "Moses'": the possessive of a name. */
export const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

/** The student a line would credit, as the confirm dialog names them. */
export interface CreditTarget {
  student: { _id: string; name: string; reg_no: string | null };
  claim: BankLineCandidate['claim'];
}

/** The confirm dialog's question: a transfer claim confirmed, or the line's money put on the student's fees. */
export function confirmQuestion(line: Pick<BankStatementLine, 'amount'>, target: CreditTarget): string {
  if (target.claim) {
    return `Confirm ${possessive(target.student.name)} transfer claim ${target.claim.reference} for ${formatKobo(target.claim.amount)}?`;
  }
  return `Credit ${formatKobo(line.amount)} to ${possessive(target.student.name)} fees?`;
}

/** The success toast of a confirmed line: whom it paid and the receipts it gave. */
export function creditedText(line: Pick<BankStatementLine, 'amount' | 'credited'>): string {
  const credited = line.credited;
  if (!credited) return `${formatKobo(line.amount)} credited`;
  const head = `${formatKobo(line.amount)} credited to ${credited.student.name}`;
  const { receipts } = credited;
  if (receipts.length === 0) return head;
  return `${head}. ${receipts.length === 1 ? 'Receipt' : 'Receipts'} ${receipts.join(', ')}`;
}
