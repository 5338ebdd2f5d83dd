import {
  type BookStudentSearch,
  type bookStudentSearchQuerySchema,
  displayName,
  type GeneralLedger,
  type generalLedgerQuerySchema,
  LAGOS,
  naturalBalance,
  type StudentAccount,
  type studentAccountQuerySchema,
  type TrialBalance,
  type TrialBalanceRow,
  todayIn,
  type trialBalanceQuerySchema,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { validationFailed } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolExistsInScope } from '../../plugins/tenancy.js';
import { schoolsOf } from '../dashboards/proprietor.queries.js';
import { accountNotFound, badCursor, studentNotFound } from './books.errors.js';
import { withRunningBalance } from './books.presenters.js';
import {
  type AccountRow,
  accountBalances,
  accountLines,
  accountTotals,
  type BalanceRow,
  balanceThrough,
  findAccount,
  findStudent,
  type LineCursor,
  schoolRef,
  searchStudents,
  studentLines,
  studentOpening,
} from './books.queries.js';

/*
 * The books as an accountant reads them: trial balance, general ledger and a student's account,
 * for one school or the caller's group, over any period. Everything is read from the journal the
 * database posts, on the read side (a replica may be a few seconds behind the desk).
 */

export const BOOKS = {
  trialBalance: 'Trial balance loaded',
  generalLedger: 'General ledger loaded',
  studentAccount: "Student's account loaded",
  students: 'Students loaded',
} as const;

type Period = { from?: string | undefined; to?: string | undefined };

/**
 * The period asked for: through today (Lagos) unless told, from the first of January of its last
 * day's year unless told, so a bare request reads the year to date.
 */
export function periodOf(ctx: AppContext, period: Period): { from: string; to: string } {
  const to = period.to ?? todayIn(LAGOS, ctx.clock());
  const from = period.from ?? `${to.slice(0, 4)}-01-01`;
  if (from > to) throw validationFailed([{ field: 'to', message: 'The end date must be on or after the start date' }]);
  return { from, to };
}

/* ---------------------------------------------------------- trial balance */

/** One school's accounts, or the same account of several schools summed by code, name and type. */
function rowsOfBalances(balances: readonly BalanceRow[], group: boolean): TrialBalanceRow[] {
  const rows = new Map<string, TrialBalanceRow & { openingSigned: bigint }>();
  for (const balance of balances) {
    const key = group ? `${balance.code}\u0000${balance.name}\u0000${balance.type}` : balance.accountId;
    const row = rows.get(key) ?? {
      accountId: group ? null : balance.accountId,
      code: balance.code,
      name: balance.name,
      type: balance.type,
      openingSigned: 0n,
      opening: 0n,
      debits: 0n,
      credits: 0n,
      closing: 0n,
      closingDebit: 0n,
      closingCredit: 0n,
    };
    row.openingSigned += balance.openingKobo;
    row.debits += balance.debitsKobo;
    row.credits += balance.creditsKobo;
    rows.set(key, row);
  }
  return [...rows.values()]
    .filter((row) => row.openingSigned !== 0n || row.debits !== 0n || row.credits !== 0n)
    .map(({ openingSigned, ...row }) => {
      const closingSigned = openingSigned + row.debits - row.credits;
      return {
        ...row,
        opening: naturalBalance(row.type, openingSigned),
        closing: naturalBalance(row.type, closingSigned),
        closingDebit: closingSigned > 0n ? closingSigned : 0n,
        closingCredit: closingSigned < 0n ? -closingSigned : 0n,
      };
    });
}

/** The schools a trial balance covers: the one named (in scope, or 404), else every school the caller reads. */
async function schoolsCovered(ctx: AppContext, auth: AuthContext, schoolId: string | undefined) {
  if (schoolId) {
    await assertSchoolExistsInScope(ctx.db, auth.scope, schoolId);
    const school = await schoolRef(ctx.readDb, schoolId);
    return { school: school ?? null, schools: school ? [school] : [] };
  }
  return { school: null, schools: await schoolsOf(ctx.readDb, auth.scope) };
}

export async function getTrialBalance({
  ctx,
  auth,
  query,
}: {
  ctx: AppContext;
  auth: AuthContext;
  query: z.output<typeof trialBalanceQuerySchema>;
}): Promise<TrialBalance> {
  const { from, to } = periodOf(ctx, query);
  const covered = await schoolsCovered(ctx, auth, query.school_id);
  const balances = await accountBalances(ctx.readDb, { schoolIds: covered.schools.map((s) => s.id), from, to });
  const rows = rowsOfBalances(balances, covered.school === null);
  const sum = (pick: (row: TrialBalanceRow) => bigint) => rows.reduce((total, row) => total + pick(row), 0n);
  const totals = {
    debits: sum((row) => row.debits),
    credits: sum((row) => row.credits),
    closingDebit: sum((row) => row.closingDebit),
    closingCredit: sum((row) => row.closingCredit),
  };
  const ref = (school: { id: string; name: string }) => ({ _id: school.id, name: school.name });
  return {
    school: covered.school && ref(covered.school),
    schools: covered.schools.map(ref),
    from,
    to,
    rows,
    totals,
    balanced: totals.debits === totals.credits && totals.closingDebit === totals.closingCredit,
  };
}

/* --------------------------------------------------------- general ledger */

const CURSOR_TEXT = /^(\d{4}-\d{2}-\d{2})\.(\d{1,19})$/;

export const encodeLineCursor = (cursor: LineCursor) =>
  Buffer.from(`${cursor.date}.${cursor.lineId}`).toString('base64url');

function decodeLineCursor(text: string): LineCursor {
  const match = CURSOR_TEXT.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match) throw badCursor();
  return { date: match[1]!, lineId: match[2]! };
}

/** An account of the caller's schools, or 404. */
export async function accountInScope(ctx: AppContext, auth: AuthContext, accountId: string): Promise<AccountRow> {
  const account = await findAccount(ctx.readDb, auth.scope, accountId);
  if (!account) throw accountNotFound();
  return account;
}

export async function getGeneralLedger({
  ctx,
  auth,
  query,
}: {
  ctx: AppContext;
  auth: AuthContext;
  query: z.output<typeof generalLedgerQuerySchema>;
}): Promise<GeneralLedger> {
  const { from, to } = periodOf(ctx, query);
  const after = query.cursor ? decodeLineCursor(query.cursor) : null;
  if (after && (after.date < from || after.date > to)) throw badCursor();
  const account = await accountInScope(ctx, auth, query.account_id);
  const school = await schoolRef(ctx.readDb, account.schoolId);
  const [totals, rows, start] = await Promise.all([
    accountTotals(ctx.readDb, { accountId: account.id, from, to }),
    accountLines(ctx.readDb, { accountId: account.id, from, to, after, limit: query.limit + 1 }),
    after ? balanceThrough(ctx.readDb, account.id, after) : null,
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const closingSigned = totals.openingKobo + totals.debitsKobo - totals.creditsKobo;
  return {
    account: {
      _id: account.id,
      school: { _id: account.schoolId, name: school?.name ?? '' },
      code: account.code,
      name: account.name,
      type: account.type,
      systemKey: account.systemKey,
    },
    from,
    to,
    opening: naturalBalance(account.type, totals.openingKobo),
    debits: totals.debitsKobo,
    credits: totals.creditsKobo,
    closing: naturalBalance(account.type, closingSigned),
    lines: withRunningBalance(page, account.type, start ?? totals.openingKobo),
    nextCursor: rows.length > query.limit && last ? encodeLineCursor({ date: last.date, lineId: last.lineId }) : null,
  };
}

/* ------------------------------------------------------- student account */

export async function getStudentAccount({
  ctx,
  auth,
  studentId,
  query,
}: {
  ctx: AppContext;
  auth: AuthContext;
  studentId: string;
  query: z.output<typeof studentAccountQuerySchema>;
}): Promise<StudentAccount> {
  const { from, to } = periodOf(ctx, query);
  const student = await findStudent(ctx.readDb, auth.scope, studentId);
  if (!student) throw studentNotFound();
  const period = { studentId: student.id, schoolId: student.schoolId, from, to };
  const [school, opening, rows] = await Promise.all([
    schoolRef(ctx.readDb, student.schoolId),
    studentOpening(ctx.readDb, period),
    studentLines(ctx.readDb, period),
  ]);
  const lines = withRunningBalance(rows, 'asset', opening);
  const debits = lines.reduce((total, line) => total + line.debit, 0n);
  const credits = lines.reduce((total, line) => total + line.credit, 0n);
  return {
    student: { _id: student.id, name: displayName(student), admissionNumber: student.regNo },
    school: { _id: student.schoolId, name: school?.name ?? '' },
    from,
    to,
    opening,
    debits,
    credits,
    closing: opening + debits - credits,
    lines,
  };
}

const STUDENT_SEARCH_LIMIT = 20;

export async function searchBookStudents({
  ctx,
  auth,
  query,
}: {
  ctx: AppContext;
  auth: AuthContext;
  query: z.output<typeof bookStudentSearchQuerySchema>;
}): Promise<BookStudentSearch> {
  if (query.school_id) await assertSchoolExistsInScope(ctx.db, auth.scope, query.school_id);
  const rows = await searchStudents(ctx.readDb, auth.scope, {
    schoolId: query.school_id,
    search: query.search,
    limit: STUDENT_SEARCH_LIMIT,
  });
  return {
    students: rows.map((row) => ({
      _id: row.id,
      name: displayName(row),
      admissionNumber: row.regNo,
      school: { _id: row.schoolId, name: row.schoolName },
    })),
  };
}
