import {
  type CalendarDate,
  formatKobo,
  type JournalExportFormat,
  LEDGER_SOURCE_LABELS,
  type LedgerExportPackage,
  type LedgerLine,
  ledgerAccountMappingInputSchema,
  relativeTime,
} from '@schoolledger/domain';
import { formatDateTime } from '@/lib/dates';

/**
 * The rules of the Books screen that are not layout: the period read when none is chosen, what a
 * period close may be given, a mapping's validation, the names of the files downloaded and how the
 * integrity check's findings are said.
 */

export interface Period {
  from: CalendarDate;
  to: CalendarDate;
}

/**
 * The period shown: the chosen days, else the first of January of the end's year to today, as the
 * API reads a period left out. `invalid` when the start comes after the end.
 */
export function periodOf(chosen: { from: string; to: string }, today: CalendarDate): Period & { invalid: boolean } {
  const to = chosen.to || today;
  const from = chosen.from || `${to.slice(0, 4)}-01-01`;
  return { from, to, invalid: from > to };
}

/** The first day a new close may name: the day after the last close, or any day while the books are open. */
export function firstClosableDay(closedThrough: CalendarDate | null): CalendarDate | undefined {
  if (!closedThrough) return undefined;
  const next = new Date(`${closedThrough}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** Why a close through `day` would be refused, as the server would say it; null when it may go ahead. */
export function closeDayProblem(day: string, closedThrough: CalendarDate | null, today: CalendarDate): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return 'Choose the last day to close';
  if (closedThrough && day <= closedThrough) return 'The books are already closed through that day: choose a later one';
  if (day > today) return 'A day that has not ended cannot be closed';
  return null;
}

/** A mapping as typed, checked by the contract the server checks it with: the message, or null when it is fine. */
export function mappingProblem(pkg: LedgerExportPackage, text: string): string | null {
  const checked = ledgerAccountMappingInputSchema.safeParse({ package: pkg, external_account: text });
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Check the account name');
}

/** "Debits ₦1,000.00 = credits ₦1,000.00": the two totals side by side, with the sign that holds between them. */
export function totalsSentence(debits: bigint, credits: bigint): string {
  return `Debits ${formatKobo(debits)} ${debits === credits ? '=' : '≠'} credits ${formatKobo(credits)}`;
}

/** The plain-text journal is read by ledger and hledger as a `.journal` file; the packages import CSV. */
export const journalExtension = (format: JournalExportFormat) => (format === 'hledger' ? 'journal' : 'csv');

/** A download's file name: what it is, whose, the period, in lower-case words joined by dashes. */
export function exportFileName(parts: readonly string[], period: Period, extension: string): string {
  const words = parts
    .map((part) =>
      part
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean);
  return `${[...words, period.from, 'to', period.to].join('-')}.${extension}`;
}

/**
 * What a journal line concerns, said under its memo: what posted it (unless the memo already says
 * so), the student where the list is not one student's, the fee, and the entry it reverses.
 */
export function lineDetails(line: LedgerLine, { showStudent }: { showStudent: boolean }): string {
  const source = LEDGER_SOURCE_LABELS[line.source];
  return [
    line.memo.toLowerCase().startsWith(source.toLowerCase()) ? undefined : source,
    showStudent ? line.student?.name : undefined,
    line.fee?.name,
    line.reversesEntryId ? `reverses entry ${line.reversesEntryId}` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * When the books were last checked, read at `now`: "5m ago (21 Nov 2026, 14:05 Lagos time)", or
 * the Lagos time alone once it is over a week old (the relative part would only repeat the date).
 */
export function checkedWhen(checkedAt: string, now: Date): string {
  const at = `${formatDateTime(checkedAt)} Lagos time`;
  const relative = relativeTime(checkedAt, now);
  if (relative === 'Just now') return `just now (${at})`;
  return /^\d+[mhd]$/.test(relative) ? `${relative} ago (${at})` : at;
}

/** What each part of the integrity check compares, as its finding is headed. */
const CHECK_LABELS: Record<string, string> = {
  entry: 'A journal entry does not balance',
  receivable: "A student's fee: owed in the journal and in the records differ",
  money: 'Money received: the journal and the payments differ',
  family_credit: 'Family credit: the journal and the credit records differ',
  expense: 'Expenses paid: the journal and the payouts differ',
  account: "An account's day totals and its lines differ",
};

/** The heading of one disagreement; a part of the check this screen does not know yet is named as sent. */
export const checkLabel = (check: string) => CHECK_LABELS[check] ?? check.replaceAll('_', ' ');
