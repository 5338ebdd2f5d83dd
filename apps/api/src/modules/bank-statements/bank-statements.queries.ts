import { type BankLineStatus, type StatementMapping, statementMappingSchema } from '@schoolledger/domain';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, ReadDb } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  bankPayerLinks,
  bankStatementLines,
  bankStatementMappings,
  bankStatements,
  parentStudents,
  payments,
  users,
} from '../../db/schema.js';
import type { MatchClaim, MatchFacts, MatchStudent, StoredCandidate } from './matching.js';

type LineRow = typeof bankStatementLines.$inferSelect;
export type LineValues = Omit<typeof bankStatementLines.$inferInsert, 'id' | 'statementId' | 'createdAt'>;

const fullName = (person: { firstname: string; lastname: string }) => `${person.firstname} ${person.lastname}`;

/** What matching reads of a school, once per statement: its students with their parents' names, and its pending claims. */
/**
 * What matching a statement of the school needs; `creditedSince`: the day from which its credited
 * lines are read, for the statement's reversals to find what they take back (none without it).
 */
export async function matchFactsOf(
  db: DbOrTx,
  schoolId: string,
  creditedSince: string | null = null,
): Promise<MatchFacts> {
  const parent = alias(users, 'parent');
  const claimColumns = {
    id: payments.id,
    reference: payments.reference,
    studentId: payments.studentId,
    amountKobo: payments.amountKobo,
    transferDate: payments.transferDate,
    bankReference: payments.payerBankReference,
  };
  const claimsOf = (status: 'pending' | 'success', since?: SQL) =>
    db
      .select(claimColumns)
      .from(payments)
      .where(
        and(
          eq(payments.schoolId, schoolId),
          eq(payments.method, 'bank_transfer'),
          eq(payments.kind, 'payment'),
          eq(payments.status, status),
          since,
        ),
      );
  const [studentRows, parentRows, claimRows, confirmedRows] = await Promise.all([
    db
      .select({
        id: users.id,
        firstname: users.firstname,
        lastname: users.lastname,
        regNo: users.regNo,
        paymentCode: users.paymentCode,
      })
      .from(users)
      .where(and(eq(users.schoolId, schoolId), sql`'Student' = any(${users.roles})`, isNull(users.deletedAt))),
    db
      .select({
        studentId: parentStudents.studentId,
        firstname: parent.firstname,
        lastname: parent.lastname,
        paymentCode: parent.paymentCode,
      })
      .from(parentStudents)
      .innerJoin(parent, eq(parent.id, parentStudents.parentId))
      .where(and(eq(parentStudents.schoolId, schoolId), isNull(parent.deletedAt))),
    claimsOf('pending'),
    // A payer's claim has its transfer day; statement and family-account credits have none. A
    // statement is a month or two behind at most.
    claimsOf(
      'success',
      sql`${payments.transferDate} is not null and ${payments.createdAt} > now() - interval '120 days'`,
    ),
  ]);
  const students = new Map<string, MatchStudent>(
    studentRows.map((row) => [row.id, { ...row, name: fullName(row), parents: [] }]),
  );
  const byParentCode = new Map<string, MatchStudent[]>();
  for (const row of parentRows) {
    const student = students.get(row.studentId);
    if (!student) continue;
    student.parents.push({ firstname: row.firstname, lastname: row.lastname });
    byParentCode.set(row.paymentCode, [...(byParentCode.get(row.paymentCode) ?? []), student]);
  }
  const byCode = new Map([...students.values()].map((student) => [student.paymentCode, student]));
  const links = await db
    .select({ senderAccount: bankPayerLinks.senderAccount, studentId: bankPayerLinks.studentId })
    .from(bankPayerLinks)
    .where(eq(bankPayerLinks.schoolId, schoolId));
  const bySender = new Map(
    links.flatMap((link) => {
      const student = students.get(link.studentId);
      return student ? [[link.senderAccount, student] as const] : [];
    }),
  );
  // Only a statement with a reversal out of the account reads what was credited before it.
  const credited = !creditedSince
    ? []
    : await rowsOf<{
        id: string;
        account_number: string;
        booked_on: string;
        amount_kobo: string;
        narration: string;
        reference: string | null;
        student_name: string;
        receipts: string[];
      }>(
        db,
        sql`select l.id, l.account_number, l.booked_on::text, l.amount_kobo::text, l.narration, l.reference,
          s.firstname || ' ' || s.lastname as student_name,
          array(select p.receipt_no from ${payments} p where p.id = any(l.payment_ids) and p.receipt_no is not null
                order by p.receipt_no) as receipts
        from ${bankStatementLines} l join ${users} s on s.id = l.student_id
        where l.school_id = ${schoolId} and l.status = 'confirmed' and l.direction = 'credit'
          and l.booked_on >= ${creditedSince}::date`,
      );
  return {
    students,
    byCode,
    byParentCode,
    creditedLines: credited.map((row: (typeof credited)[number]) => ({
      id: row.id,
      accountNumber: row.account_number,
      bookedOn: row.booked_on,
      amountKobo: BigInt(row.amount_kobo),
      narration: row.narration,
      reference: row.reference,
      studentName: row.student_name,
      receipts: row.receipts,
    })),
    bySender,
    claims: claimRows satisfies MatchClaim[],
    confirmedClaims: confirmedRows satisfies MatchClaim[],
  };
}

/** The school's saved column mappings, the account's first: at most a few per school. */
export async function savedMappingsOf(db: DbOrTx, schoolId: string, accountNumber: string | null) {
  const rows = await db
    .select({ accountNumber: bankStatementMappings.accountNumber, mapping: bankStatementMappings.mapping })
    .from(bankStatementMappings)
    .where(eq(bankStatementMappings.schoolId, schoolId))
    .orderBy(desc(bankStatementMappings.updatedAt));
  const mine = rows.filter((row) => row.accountNumber === (accountNumber ?? ''));
  const others = rows.filter((row) => row.accountNumber !== (accountNumber ?? ''));
  // What was stored passed the schema when written; one that no longer does (the schema grew) is left out.
  return [...mine, ...others].flatMap((row) => {
    const parsed = statementMappingSchema.safeParse(row.mapping);
    return parsed.success ? [{ accountNumber: row.accountNumber, mapping: parsed.data }] : [];
  });
}

export async function saveMapping(
  db: DbOrTx,
  values: { schoolId: string; accountNumber: string; mapping: StatementMapping; updatedBy: string },
) {
  await db
    .insert(bankStatementMappings)
    .values(values)
    .onConflictDoUpdate({
      target: [bankStatementMappings.schoolId, bankStatementMappings.accountNumber],
      set: { mapping: values.mapping, updatedBy: values.updatedBy, updatedAt: sql`now()` },
    });
}

/** A person credited a line from these sender accounts to this student: the next credit from them is suggested. */
export async function learnPayers(
  tx: DbOrTx,
  values: { schoolId: string; senderAccounts: readonly string[]; studentId: string; lineId: string; createdBy: string },
) {
  if (values.senderAccounts.length === 0) return;
  const { senderAccounts, ...rest } = values;
  await tx
    .insert(bankPayerLinks)
    .values(senderAccounts.map((senderAccount) => ({ ...rest, senderAccount })))
    .onConflictDoUpdate({
      target: [bankPayerLinks.schoolId, bankPayerLinks.senderAccount],
      set: { studentId: values.studentId, lineId: values.lineId, createdBy: values.createdBy, createdAt: sql`now()` },
    });
}

export async function insertStatement(db: DbOrTx, values: typeof bankStatements.$inferInsert) {
  const [row] = await db.insert(bankStatements).values(values).returning();
  return row!;
}

/** Lines not imported before (the unique key decides, so two uploads at once import each line once); the new ones' rows. */
export async function insertNewLines(db: DbOrTx, statementId: string, lines: readonly LineValues[]) {
  const inserted: LineRow[] = [];
  // Batches keep each statement's parameters under PostgreSQL's limit of 65,535.
  for (let start = 0; start < lines.length; start += 500) {
    const batch = lines.slice(start, start + 500).map((line) => ({ ...line, statementId }));
    inserted.push(...(await db.insert(bankStatementLines).values(batch).onConflictDoNothing().returning()));
  }
  return inserted;
}

export async function setAlreadyImported(db: DbOrTx, statementId: string, alreadyImported: number) {
  await db.update(bankStatements).set({ alreadyImported }).where(eq(bankStatements.id, statementId));
}

/** A line for a decision, locked until the transaction ends so two people cannot both credit it. */
export async function lockLine(tx: DbOrTx, scoped: SQL | undefined, id: string) {
  const [row] = await tx
    .select()
    .from(bankStatementLines)
    .where(and(scoped, eq(bankStatementLines.id, id)))
    .for('update');
  return row;
}

export async function updateLine(
  tx: DbOrTx,
  id: string,
  changes: Partial<Pick<LineRow, 'status' | 'note' | 'studentId' | 'paymentIds' | 'confirmedBy' | 'decidedAt'>>,
) {
  const [row] = await tx.update(bankStatementLines).set(changes).where(eq(bankStatementLines.id, id)).returning();
  return row!;
}

export async function lineCounts(db: ReadDb, schoolId: string) {
  const rows = await db
    .select({ status: bankStatementLines.status, n: count() })
    .from(bankStatementLines)
    .where(eq(bankStatementLines.schoolId, schoolId))
    .groupBy(bankStatementLines.status);
  const counts: Record<BankLineStatus, number> = { confirmed: 0, review: 0, unmatched: 0, ignored: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** Most lists are short; a school that leaves a year unreviewed sees its newest 500 first. */
const LIST_LIMIT = 500;

/** A school's lines in one status, newest first, with whom they credited and who decided. */
export const linesOf = (db: ReadDb, schoolId: string, status: BankLineStatus) =>
  listedLines(db, and(eq(bankStatementLines.schoolId, schoolId), eq(bankStatementLines.status, status))!);

/** One line as the lists show it; undefined when `scoped` does not reach it. */
export async function lineOf(db: ReadDb, scoped: SQL, id: string) {
  const [row] = await listedLines(db, and(scoped, eq(bankStatementLines.id, id))!);
  return row;
}

function listedLines(db: ReadDb, where: SQL) {
  const student = alias(users, 'student');
  const confirmer = alias(users, 'confirmer');
  return db
    .select({
      line: bankStatementLines,
      student: { id: student.id, firstname: student.firstname, lastname: student.lastname, regNo: student.regNo },
      confirmer: { firstname: confirmer.firstname, lastname: confirmer.lastname },
    })
    .from(bankStatementLines)
    .leftJoin(student, eq(student.id, bankStatementLines.studentId))
    .leftJoin(confirmer, eq(confirmer.id, bankStatementLines.confirmedBy))
    .where(where)
    .orderBy(desc(bankStatementLines.bookedOn), asc(bankStatementLines.position))
    .limit(LIST_LIMIT);
}

export type ListedLine = Awaited<ReturnType<typeof linesOf>>[number];

/** The receipt numbers of the payments lines credited, by payment id. */
export async function receiptsOf(db: ReadDb, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return new Map<string, string | null>();
  const rows = await db
    .select({ id: payments.id, receiptNo: payments.receiptNo })
    .from(payments)
    .where(inArray(payments.id, [...paymentIds]));
  return new Map(rows.map((row) => [row.id, row.receiptNo]));
}

export const candidatesOf = (line: LineRow) => line.candidates as StoredCandidate[];
