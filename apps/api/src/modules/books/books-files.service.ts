import {
  EXPORT_ROW_LIMIT,
  type ExportFormat,
  formatCalendarDate,
  formatKobo,
  type generalLedgerExportQuerySchema,
  LAGOS,
  LEDGER_ACCOUNT_TYPE_LABELS,
  LEDGER_SOURCE_LABELS,
  type LedgerLine,
  naturalBalance,
  type studentAccountExportQuerySchema,
  todayIn,
  type trialBalanceExportQuerySchema,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { exportTooLarge } from '../../lib/errors.js';
import {
  type Column,
  fileNameFor,
  generatedLine,
  type Letterhead,
  type ReportDocument,
  TABLE_CONTENT_TYPES,
  writeDocument,
} from '../../lib/tabular/index.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { groupLetterhead, schoolLetterhead } from '../reports/letterhead.service.js';
import { withRunningBalance } from './books.presenters.js';
import { accountLines, accountTotals, countAccountLines, schoolRef } from './books.queries.js';
import { accountInScope, getStudentAccount, getTrialBalance, periodOf } from './books.service.js';

/*
 * The trial balance, a general ledger and a student's account as the files an accountant files
 * away: CSV, Excel or PDF, through the product's one writer of each (CSV cells neutralised against
 * formulas), on the school's letterhead. Each download is recorded in the school's trail.
 */

export interface BooksFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

type Caller = { ctx: AppContext; auth: AuthContext; actor: Actor };

const periodLine = (period: { from: string; to: string }) =>
  `${formatCalendarDate(period.from)} to ${formatCalendarDate(period.to)}`;

async function fileOf(ctx: AppContext, document: ReportDocument, format: ExportFormat): Promise<BooksFile> {
  return {
    body: await writeDocument(document, format),
    contentType: TABLE_CONTENT_TYPES[format],
    fileName: fileNameFor(document.title, format, todayIn(LAGOS, ctx.clock())),
  };
}

/** The export itself, in the trail of the school it is about (the caller's own, for a group's). */
const recordExport = (
  { ctx, auth, actor }: Caller,
  what: { report: string; schoolId: string | null; format: ExportFormat; from: string; to: string; rows: number },
) =>
  recordAudit(ctx.db, actor, {
    action: 'export',
    entity: 'books',
    entityId: null,
    schoolId: what.schoolId ?? auth.schoolId,
    after: { report: what.report, format: what.format, from: what.from, to: what.to, rows: what.rows },
  });

/* ---------------------------------------------------------- trial balance */

type BalanceLine = Record<'code' | 'name' | 'type', string> &
  Record<'opening' | 'debits' | 'credits' | 'closingDebit' | 'closingCredit', bigint>;

const BALANCE_COLUMNS: Column<BalanceLine>[] = [
  { key: 'code', header: 'Code', kind: 'text', width: 8 },
  { key: 'name', header: 'Account', kind: 'text', width: 24 },
  { key: 'type', header: 'Type', kind: 'text', width: 10 },
  { key: 'opening', header: 'Opening balance', kind: 'money' },
  { key: 'debits', header: 'Debits', kind: 'money', total: true },
  { key: 'credits', header: 'Credits', kind: 'money', total: true },
  { key: 'closingDebit', header: 'Closing debit', kind: 'money', total: true },
  { key: 'closingCredit', header: 'Closing credit', kind: 'money', total: true },
];

export async function trialBalanceFile(
  caller: Caller & { query: z.output<typeof trialBalanceExportQuerySchema> },
): Promise<BooksFile> {
  const { ctx, auth, query } = caller;
  const { format, ...filters } = query;
  const balance = await getTrialBalance({ ctx, auth, query: filters });
  const letterhead: Letterhead | null = balance.school
    ? await schoolLetterhead(ctx, balance.school._id)
    : auth.scope.kind === 'group'
      ? await groupLetterhead(ctx, auth.scope.groupSchoolId)
      : null;
  const document: ReportDocument = {
    title: 'Trial balance',
    letterhead,
    subtitle: [
      balance.school
        ? balance.school.name
        : `${balance.schools.length} schools: ${balance.schools.map((s) => s.name).join(', ')}`,
      periodLine(balance),
      'Opening balances as each account reads them: debit for assets and expenses, credit for the rest.',
      generatedLine(auth.row.user, auth.roles, ctx.clock()),
    ],
    sections: [
      {
        title: '',
        columns: BALANCE_COLUMNS,
        rows: balance.rows.map((row) => ({ ...row, type: LEDGER_ACCOUNT_TYPE_LABELS[row.type] })),
        totals: true,
      },
    ],
  };
  const file = await fileOf(ctx, document, format);
  await recordExport(caller, {
    report: 'trial_balance',
    schoolId: balance.school?._id ?? null,
    format,
    from: balance.from,
    to: balance.to,
    rows: balance.rows.length,
  });
  return file;
}

/* ------------------------------------------------- ledger lines (GL, student) */

type LineRow = Record<'date' | 'memo' | 'source' | 'about', string> & Record<'debit' | 'credit' | 'balance', bigint>;

const lineColumns = (about: string): Column<LineRow>[] => [
  { key: 'date', header: 'Date', kind: 'day' },
  { key: 'memo', header: 'Memo', kind: 'text', width: 30 },
  { key: 'source', header: 'Source', kind: 'text', width: 12 },
  { key: 'about', header: about, kind: 'text', width: 18 },
  { key: 'debit', header: 'Debit', kind: 'money', total: true },
  { key: 'credit', header: 'Credit', kind: 'money', total: true },
  { key: 'balance', header: 'Balance', kind: 'money' },
];

const lineRow = (line: LedgerLine, about: string): LineRow => ({
  date: line.date,
  memo: line.memo,
  source: LEDGER_SOURCE_LABELS[line.source],
  about,
  debit: line.debit,
  credit: line.credit,
  balance: line.balance,
});

const balanceLines = (opening: bigint, closing: bigint) => [
  `Opening balance ${formatKobo(opening)}; closing balance ${formatKobo(closing)}`,
];

export async function generalLedgerFile(
  caller: Caller & { query: z.output<typeof generalLedgerExportQuerySchema> },
): Promise<BooksFile> {
  const { ctx, auth, query } = caller;
  const { from, to } = periodOf(ctx, query);
  const account = await accountInScope(ctx, auth, query.account_id);
  const period = { accountId: account.id, from, to };
  const count = await countAccountLines(ctx.readDb, period);
  if (count > EXPORT_ROW_LIMIT) throw exportTooLarge(count, 'lines');
  const [school, totals, rows] = await Promise.all([
    schoolRef(ctx.readDb, account.schoolId),
    accountTotals(ctx.readDb, period),
    accountLines(ctx.readDb, { ...period, after: null, limit: EXPORT_ROW_LIMIT }),
  ]);
  const closing = totals.openingKobo + totals.debitsKobo - totals.creditsKobo;
  const lines = withRunningBalance(rows, account.type, totals.openingKobo);
  const document: ReportDocument = {
    title: `General ledger ${account.code} ${account.name}`,
    letterhead: await schoolLetterhead(ctx, account.schoolId),
    subtitle: [
      `${school?.name ?? ''}: ${account.code} ${account.name} (${LEDGER_ACCOUNT_TYPE_LABELS[account.type]})`,
      periodLine({ from, to }),
      ...balanceLines(naturalBalance(account.type, totals.openingKobo), naturalBalance(account.type, closing)),
      generatedLine(auth.row.user, auth.roles, ctx.clock()),
    ],
    sections: [
      {
        title: '',
        columns: lineColumns('Student'),
        rows: lines.map((line) => lineRow(line, line.student?.name ?? '')),
        totals: true,
      },
    ],
  };
  const file = await fileOf(ctx, document, query.format);
  await recordExport(caller, {
    report: 'general_ledger',
    schoolId: account.schoolId,
    format: query.format,
    from,
    to,
    rows: lines.length,
  });
  return file;
}

export async function studentAccountFile(
  caller: Caller & { studentId: string; query: z.output<typeof studentAccountExportQuerySchema> },
): Promise<BooksFile> {
  const { ctx, auth, query } = caller;
  const { format, ...period } = query;
  const account = await getStudentAccount({ ctx, auth, studentId: caller.studentId, query: period });
  const who = account.student.admissionNumber
    ? `${account.student.name} (${account.student.admissionNumber})`
    : account.student.name;
  const document: ReportDocument = {
    title: `Student account ${account.student.name}`,
    letterhead: await schoolLetterhead(ctx, account.school._id),
    subtitle: [
      `${account.school.name}: ${who}`,
      periodLine(account),
      ...balanceLines(account.opening, account.closing),
      generatedLine(auth.row.user, auth.roles, ctx.clock()),
    ],
    sections: [
      {
        title: '',
        columns: lineColumns('Fee'),
        rows: account.lines.map((line) => lineRow(line, line.fee?.name ?? '')),
        totals: true,
      },
    ],
  };
  const file = await fileOf(ctx, document, format);
  await recordExport(caller, {
    report: 'student_account',
    schoolId: account.school._id,
    format,
    from: account.from,
    to: account.to,
    rows: account.lines.length,
  });
  return file;
}
