import type { LedgerAccountType, LedgerExportPackage, LedgerSource } from '@schoolledger/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, ReadDb } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { ledgerAccountMappings, ledgerAccounts, ledgerPeriodCloses, schools, users } from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

/*
 * The books' reads and the few writes an accountant makes (the chart, its mappings, period
 * closes). The journal itself is written only by the database's posting functions.
 *
 * Amounts come back from hand-written SQL as text and are read with BigInt, so no kobo is ever a
 * float: the drivers answer bigint as text (pg) or as a number (PGlite) otherwise.
 */

const koboText = (expression: ReturnType<typeof sql>) => sql`coalesce(${expression}, 0)::bigint::text`;

/* ------------------------------------------------------------------ chart */

export type AccountRow = typeof ledgerAccounts.$inferSelect;

/** An account of a school the caller may see; undefined for anyone else's, as if it were not there. */
export async function findAccount(db: ReadDb, scope: Scope, id: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.id, id), inSchoolScope(scope, ledgerAccounts.schoolId)));
  return row;
}

/** As `findAccount`, holding the row until the transaction ends so two edits do not cross. */
export async function lockAccount(tx: DbOrTx, scope: Scope, id: string): Promise<AccountRow | undefined> {
  const [row] = await tx
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.id, id), inSchoolScope(scope, ledgerAccounts.schoolId)))
    .for('update');
  return row;
}

/** A school's chart, by code. */
export function accountsOf(db: ReadDb, schoolId: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.schoolId, schoolId))
    .orderBy(asc(ledgerAccounts.code), asc(ledgerAccounts.id));
}

export interface MappingRow {
  accountId: string;
  package: LedgerExportPackage;
  externalAccount: string;
}

export function mappingsOf(db: ReadDb, accountIds: readonly string[]): Promise<MappingRow[]> {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      accountId: ledgerAccountMappings.accountId,
      package: ledgerAccountMappings.package,
      externalAccount: ledgerAccountMappings.externalAccount,
    })
    .from(ledgerAccountMappings)
    .where(inArray(ledgerAccountMappings.accountId, [...accountIds]));
}

export async function insertAccount(
  tx: DbOrTx,
  values: { schoolId: string; code: string; name: string; type: LedgerAccountType },
): Promise<AccountRow> {
  const [row] = await tx.insert(ledgerAccounts).values(values).returning();
  return row!;
}

export async function updateAccount(
  tx: DbOrTx,
  id: string,
  change: { code?: string | undefined; name?: string | undefined },
): Promise<AccountRow> {
  const [row] = await tx
    .update(ledgerAccounts)
    .set({
      ...(change.code === undefined ? {} : { code: change.code }),
      ...(change.name === undefined ? {} : { name: change.name }),
      updatedAt: new Date(),
    })
    .where(eq(ledgerAccounts.id, id))
    .returning();
  return row!;
}

/** Sets one package's name for the account, or removes it (`externalAccount` null). */
export async function setMapping(
  tx: DbOrTx,
  mapping: { accountId: string; package: LedgerExportPackage; externalAccount: string | null },
) {
  const key = and(
    eq(ledgerAccountMappings.accountId, mapping.accountId),
    eq(ledgerAccountMappings.package, mapping.package),
  );
  if (mapping.externalAccount === null) {
    await tx.delete(ledgerAccountMappings).where(key);
    return;
  }
  await tx
    .insert(ledgerAccountMappings)
    .values({ accountId: mapping.accountId, package: mapping.package, externalAccount: mapping.externalAccount })
    .onConflictDoUpdate({
      target: [ledgerAccountMappings.accountId, ledgerAccountMappings.package],
      set: { externalAccount: mapping.externalAccount, updatedAt: new Date() },
    });
}

export const ACCOUNT_CODE_UNIQUE = 'ledger_accounts_school_code_uq';

/* ------------------------------------------------------------ schools */

export async function schoolRef(db: ReadDb, id: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db.select({ id: schools.id, name: schools.name }).from(schools).where(eq(schools.id, id));
  return row;
}

/* ------------------------------------------------------- trial balance */

export interface BalanceRow {
  accountId: string;
  schoolId: string;
  code: string;
  name: string;
  type: LedgerAccountType;
  /** Signed kobo, debit positive: the balance the day before the period. */
  openingKobo: bigint;
  debitsKobo: bigint;
  creditsKobo: bigint;
}

/**
 * Every account of the schools with its balance before `from` and its debits and credits from
 * `from` through `to`, from the accounts' day totals (`ledger_account_days`, kept as lines are
 * written): a year costs a row per account and day it moved, whatever the number of payments.
 */
export async function accountBalances(
  db: ReadDb,
  period: { schoolIds: readonly string[]; from: string; to: string },
): Promise<BalanceRow[]> {
  if (period.schoolIds.length === 0) return [];
  const rows = await rowsOf<{
    account_id: string;
    school_id: string;
    code: string;
    name: string;
    type: LedgerAccountType;
    opening: string;
    debits: string;
    credits: string;
  }>(
    db,
    sql`with moved as (
        select d.account_id,
          sum(d.debit_kobo - d.credit_kobo) filter (where d.day < ${period.from}) as opening,
          sum(d.debit_kobo) filter (where d.day >= ${period.from}) as debits,
          sum(d.credit_kobo) filter (where d.day >= ${period.from}) as credits
        from ledger_account_days d
        where d.school_id = any(${pgUuids(period.schoolIds)}) and d.day <= ${period.to}
        group by d.account_id
      )
      select a.id as account_id, a.school_id, a.code, a.name, a.type,
        ${koboText(sql`m.opening`)} as opening, ${koboText(sql`m.debits`)} as debits,
        ${koboText(sql`m.credits`)} as credits
      from ledger_accounts a left join moved m on m.account_id = a.id
      where a.school_id = any(${pgUuids(period.schoolIds)})
      order by a.code, a.school_id`,
  );
  return rows.map((row) => ({
    accountId: row.account_id,
    schoolId: row.school_id,
    code: row.code,
    name: row.name,
    type: row.type,
    openingKobo: BigInt(row.opening),
    debitsKobo: BigInt(row.debits),
    creditsKobo: BigInt(row.credits),
  }));
}

/** A list of ids as one PostgreSQL array parameter. */
const pgUuids = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/* ------------------------------------------------------- general ledger */

/** Where a page of lines ended: the last line's day and id (lines are read by day, then id). */
export interface LineCursor {
  date: string;
  lineId: string;
}

export interface LedgerLineRow {
  lineId: string;
  entryId: string;
  date: string;
  memo: string;
  source: LedgerSource;
  sourceId: string | null;
  reversesId: string | null;
  amountKobo: bigint;
  student: { id: string; name: string } | null;
  fee: { id: string; name: string } | null;
}

type RawLine = {
  line_id: string;
  entry_id: string;
  entry_date: string;
  memo: string;
  source: LedgerSource;
  source_id: string | null;
  reverses_id: string | null;
  amount: string;
  student_id: string | null;
  firstname: string | null;
  middlename: string | null;
  lastname: string | null;
  fee_id: string | null;
  fee_name: string | null;
};

const LINE_COLUMNS = sql`l.id::text as line_id, l.entry_id::text as entry_id, l.entry_date::text as entry_date,
  e.memo, e.source, e.source_id, e.reverses_id::text as reverses_id, l.amount_kobo::text as amount,
  l.student_id, s.firstname, s.middlename, s.lastname, l.fee_id, f.name as fee_name`;
const LINE_JOINS = sql`join journal_entries e on e.id = l.entry_id
  left join users s on s.id = l.student_id
  left join fees f on f.id = l.fee_id`;

function toLine(row: RawLine): LedgerLineRow {
  const name = [row.firstname, row.middlename, row.lastname].filter(Boolean).join(' ');
  return {
    lineId: row.line_id,
    entryId: row.entry_id,
    date: row.entry_date,
    memo: row.memo,
    source: row.source,
    sourceId: row.source_id,
    reversesId: row.reverses_id,
    amountKobo: BigInt(row.amount),
    student: row.student_id ? { id: row.student_id, name } : null,
    fee: row.fee_id ? { id: row.fee_id, name: row.fee_name ?? '' } : null,
  };
}

const afterCursor = (cursor: LineCursor | null) =>
  cursor ? sql`and (l.entry_date, l.id) > (${cursor.date}::date, ${cursor.lineId}::bigint)` : sql``;

/** One account's lines of the period after `cursor`, oldest first, at most `limit`. */
export async function accountLines(
  db: ReadDb,
  page: { accountId: string; from: string; to: string; after: LineCursor | null; limit: number },
): Promise<LedgerLineRow[]> {
  const rows = await rowsOf<RawLine>(
    db,
    sql`select ${LINE_COLUMNS} from journal_lines l ${LINE_JOINS}
      where l.account_id = ${page.accountId} and l.entry_date between ${page.from} and ${page.to}
        ${afterCursor(page.after)}
      order by l.entry_date, l.id limit ${page.limit}`,
  );
  return rows.map(toLine);
}

/** How many lines the account has in the period: what an export of them would hold. */
export async function countAccountLines(db: ReadDb, period: { accountId: string; from: string; to: string }) {
  const [row] = await rowsOf<{ lines: number }>(
    db,
    sql`select count(*)::int as lines from journal_lines
      where account_id = ${period.accountId} and entry_date between ${period.from} and ${period.to}`,
  );
  return row!.lines;
}

export interface AccountTotals {
  /** Signed kobo, debit positive. */
  openingKobo: bigint;
  debitsKobo: bigint;
  creditsKobo: bigint;
}

/** An account's balance before `from` and its debits and credits through `to`, from its day totals. */
export async function accountTotals(
  db: ReadDb,
  period: { accountId: string; from: string; to: string },
): Promise<AccountTotals> {
  const [row] = await rowsOf<{ opening: string; debits: string; credits: string }>(
    db,
    sql`select ${koboText(sql`sum(debit_kobo - credit_kobo) filter (where day < ${period.from})`)} as opening,
        ${koboText(sql`sum(debit_kobo) filter (where day >= ${period.from})`)} as debits,
        ${koboText(sql`sum(credit_kobo) filter (where day >= ${period.from})`)} as credits
      from ledger_account_days where account_id = ${period.accountId} and day <= ${period.to}`,
  );
  return { openingKobo: BigInt(row!.opening), debitsKobo: BigInt(row!.debits), creditsKobo: BigInt(row!.credits) };
}

/**
 * The account's balance through the cursor's line, where the next page's running balance starts:
 * the day totals before its day, and that day's lines up to it.
 */
export async function balanceThrough(db: ReadDb, accountId: string, cursor: LineCursor): Promise<bigint> {
  const [row] = await rowsOf<{ balance: string }>(
    db,
    sql`select (coalesce((select sum(d.debit_kobo - d.credit_kobo) from ledger_account_days d
          where d.account_id = ${accountId} and d.day < ${cursor.date}::date), 0)
        + coalesce((select sum(l.amount_kobo) from journal_lines l
          where l.account_id = ${accountId} and l.entry_date = ${cursor.date}::date
            and l.id <= ${cursor.lineId}::bigint), 0))::text as balance`,
  );
  return BigInt(row!.balance);
}

/* ------------------------------------------------------ student account */

export interface StudentRow {
  id: string;
  schoolId: string;
  firstname: string;
  middlename: string | null;
  lastname: string;
  regNo: string | null;
}

const STUDENT_FIELDS = {
  id: users.id,
  schoolId: users.schoolId,
  firstname: users.firstname,
  middlename: users.middlename,
  lastname: users.lastname,
  regNo: users.regNo,
};
const isStudentIn = (scope: Scope) =>
  and(sql`'Student' = any(${users.roles})`, sql`${users.schoolId} is not null`, inSchoolScope(scope, users.schoolId));

/** A student of the caller's schools, whether still enrolled or not: their books stay. */
export async function findStudent(db: ReadDb, scope: Scope, id: string): Promise<StudentRow | undefined> {
  const [row] = await db
    .select(STUDENT_FIELDS)
    .from(users)
    .where(and(eq(users.id, id), isStudentIn(scope)));
  return row ? { ...row, schoolId: row.schoolId! } : undefined;
}

/** Students of the caller's schools (of one, when named) whose name or registration number holds `search`. */
export async function searchStudents(
  db: ReadDb,
  scope: Scope,
  query: { schoolId?: string | undefined; search: string; limit: number },
): Promise<(StudentRow & { schoolName: string })[]> {
  const like = `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const rows = await db
    .select({ ...STUDENT_FIELDS, schoolName: schools.name })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(
      and(
        isStudentIn(scope),
        query.schoolId ? eq(users.schoolId, query.schoolId) : undefined,
        sql`(concat_ws(' ', ${users.firstname}, ${users.middlename}, ${users.lastname}) ilike ${like}
          or concat_ws(' ', ${users.firstname}, ${users.lastname}) ilike ${like} or ${users.regNo} ilike ${like})`,
      ),
    )
    .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id))
    .limit(query.limit);
  return rows.map((row) => ({ ...row, schoolId: row.schoolId! }));
}

/**
 * The student's lines on fees receivable. Every line of an entry about a student names them (the
 * money's line too), so the receivable account is what picks out what they owe.
 */
const receivableOf = (studentId: string, schoolId: string) =>
  sql`l.student_id = ${studentId} and l.school_id = ${schoolId} and l.account_id =
    (select id from ledger_accounts where school_id = ${schoolId} and system_key = 'receivable')`;

export async function studentLines(
  db: ReadDb,
  period: { studentId: string; schoolId: string; from: string; to: string },
): Promise<LedgerLineRow[]> {
  const rows = await rowsOf<RawLine>(
    db,
    sql`select ${LINE_COLUMNS} from journal_lines l ${LINE_JOINS}
      where ${receivableOf(period.studentId, period.schoolId)} and l.entry_date between ${period.from} and ${period.to}
      order by l.entry_date, l.id`,
  );
  return rows.map(toLine);
}

/** What the student owed the day before `from`, in signed kobo. */
export async function studentOpening(
  db: ReadDb,
  period: { studentId: string; schoolId: string; from: string },
): Promise<bigint> {
  const [row] = await rowsOf<{ balance: string }>(
    db,
    sql`select ${koboText(sql`sum(l.amount_kobo)`)} as balance from journal_lines l
      where ${receivableOf(period.studentId, period.schoolId)} and l.entry_date < ${period.from}`,
  );
  return BigInt(row!.balance);
}

/* --------------------------------------------------------- journal export */

/** Where a batch of the journal export ended: the last entry's day and id. */
export interface EntryCursor {
  date: string;
  entryId: string;
}

export interface JournalLineRow {
  entryId: string;
  date: string;
  memo: string;
  source: LedgerSource;
  accountId: string;
  amountKobo: bigint;
}

/**
 * The lines of the next `limit` entries of a school's period after `after`, entry by entry in
 * order. Read in batches by key, so an export of millions of entries holds one batch at a time.
 */
export async function journalBatch(
  db: ReadDb,
  batch: { schoolId: string; from: string; to: string; after: EntryCursor | null; limit: number },
): Promise<JournalLineRow[]> {
  const after = batch.after
    ? sql`and (e.entry_date, e.id) > (${batch.after.date}::date, ${batch.after.entryId}::bigint)`
    : sql``;
  const rows = await rowsOf<{
    entry_id: string;
    entry_date: string;
    memo: string;
    source: LedgerSource;
    account_id: string;
    amount: string;
  }>(
    db,
    sql`with e as (
        select e.id, e.entry_date, e.memo, e.source from journal_entries e
        where e.school_id = ${batch.schoolId} and e.entry_date between ${batch.from} and ${batch.to} ${after}
        order by e.entry_date, e.id limit ${batch.limit}
      )
      select e.id::text as entry_id, e.entry_date::text as entry_date, e.memo, e.source, l.account_id,
        l.amount_kobo::text as amount
      from e join journal_lines l on l.entry_id = e.id
      order by e.entry_date, e.id, l.id`,
  );
  return rows.map((row) => ({
    entryId: row.entry_id,
    date: row.entry_date,
    memo: row.memo,
    source: row.source,
    accountId: row.account_id,
    amountKobo: BigInt(row.amount),
  }));
}

/* ----------------------------------------------------------- period close */

export type CloseRow = typeof ledgerPeriodCloses.$inferSelect;

/** A school's closes, newest first, with who closed each. */
export function closesOf(db: ReadDb, schoolId: string) {
  return db
    .select({
      id: ledgerPeriodCloses.id,
      closedThrough: ledgerPeriodCloses.closedThrough,
      closedAt: ledgerPeriodCloses.closedAt,
      closedById: users.id,
      closedByFirstname: users.firstname,
      closedByMiddlename: users.middlename,
      closedByLastname: users.lastname,
    })
    .from(ledgerPeriodCloses)
    .leftJoin(users, eq(users.id, ledgerPeriodCloses.closedBy))
    .where(eq(ledgerPeriodCloses.schoolId, schoolId))
    .orderBy(sql`${ledgerPeriodCloses.closedThrough} desc`, sql`${ledgerPeriodCloses.closedAt} desc`);
}

/**
 * Makes the close wait for every posting under way and holds new ones until it commits. A
 * posting's BEFORE INSERT trigger dates it after the closes committed when it runs, so an entry for
 * the closing day written by a transaction still open could otherwise land behind the close. The
 * SHARE lock waits for those writers and is released at commit; closes are rare, so the pause is
 * milliseconds once a month.
 *
 * The close then writes its audit row, which queues on the school's audit chain; a posting that
 * wrote an audit row before it posts (a family checkout of several fees) holds that chain while it
 * waits for the lock, and the two would wait on each other. The close's own waits therefore give
 * up well within PostgreSQL's deadlock check (one second), so the close is the one to step back
 * and the money goes through.
 */
export async function holdPostings(tx: DbOrTx) {
  await tx.execute(sql`set local lock_timeout = '400ms'`);
  await tx.execute(sql`lock table journal_entries in share mode`);
}

/** The latest day the school's books are closed through, or null while they are open. */
export async function closedThrough(db: DbOrTx, schoolId: string): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`max(${ledgerPeriodCloses.closedThrough})::text` })
    .from(ledgerPeriodCloses)
    .where(eq(ledgerPeriodCloses.schoolId, schoolId));
  return row?.day ?? null;
}

export async function insertClose(
  tx: DbOrTx,
  values: { schoolId: string; closedThrough: string; closedBy: string | null },
): Promise<CloseRow> {
  const [row] = await tx.insert(ledgerPeriodCloses).values(values).returning();
  return row!;
}

/* -------------------------------------------------------------- integrity */

export interface DisagreementRow {
  schoolId: string;
  check: string;
  detail: string;
  journalKobo: bigint;
  recordsKobo: bigint;
}

/** What `ledger_disagreements` finds for one school, or for every school when `schoolId` is null. */
export async function findDisagreements(db: ReadDb, schoolId: string | null): Promise<DisagreementRow[]> {
  const rows = await rowsOf<{
    school_id: string;
    check_name: string;
    detail: string;
    journal: string;
    records: string;
  }>(
    db,
    sql`select school_id, check_name, detail, journal_kobo::text as journal, records_kobo::text as records
      from ledger_disagreements(${schoolId}::uuid) order by school_id, check_name, detail`,
  );
  return rows.map((row) => ({
    schoolId: row.school_id,
    check: row.check_name,
    detail: row.detail,
    journalKobo: BigInt(row.journal),
    recordsKobo: BigInt(row.records),
  }));
}

/** Every school, for the daily check over all of them. */
export function allSchools(db: ReadDb) {
  return db.select({ id: schools.id, name: schools.name }).from(schools).orderBy(asc(schools.name));
}

export interface CheckRecord {
  schoolId: string;
  checkedAt: Date;
  after: unknown;
}

/**
 * The newest integrity check recorded for each of the schools: the check writes its result to the
 * school's audit trail (`actions`), where it is kept, chained and read back from.
 */
export async function lastChecks(
  db: ReadDb,
  query: { schoolIds: readonly string[]; actions: readonly string[] },
): Promise<CheckRecord[]> {
  if (query.schoolIds.length === 0) return [];
  const rows = await rowsOf<{ school_id: string; created_at: string | Date; after: unknown }>(
    db,
    sql`select s.id as school_id, c.created_at, c.after
      from unnest(${pgUuids(query.schoolIds)}) as s(id)
      cross join lateral (
        select a.created_at, a.after from audit_logs a
        where a.school_id = s.id and a.entity = 'ledger' and a.action = any(${`{${query.actions.join(',')}}`}::text[])
        order by a.created_at desc limit 1
      ) c`,
  );
  return rows.map((row) => ({ schoolId: row.school_id, checkedAt: new Date(row.created_at), after: row.after }));
}
