import { ERASED_NAME, ERASED_NAME_PARTS } from '@schoolledger/domain';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, ReadDb } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  auditLogs,
  bankPayerLinks,
  classArms,
  emailOutbox,
  familyCreditEntries,
  fees,
  loginAttempts,
  notificationPreferences,
  notifications,
  parentStudents,
  passwordResetTokens,
  payments,
  schools,
  settings,
  studentDisciplinaryRecords,
  studentProfiles,
  users,
  virtualAccountCredits,
  virtualAccounts,
} from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';
import { feesInScope, feesVisibleTo, listFees } from '../fees/fees.queries.js';
import type { StoredSection } from '../settings/settings.queries.js';

/** At most this many notices, sign-ins and audit entries go into one download, newest first. */
export const MY_DATA_ROW_LIMIT = 5000;

/** `now` less `months`, in the database, so the calendar arithmetic is PostgreSQL's. */
const monthsBefore = (now: Date, months: number) =>
  sql`${now.toISOString()}::timestamptz - make_interval(months => ${months}::int)`;

function peopleFrom(db: ReadDb) {
  return db
    .select({
      user: users,
      school: { id: schools.id, name: schools.name },
      classArm: { name: classArms.name },
      record: studentProfiles,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(classArms, eq(classArms.id, users.classArmId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id));
}

export type PersonRow = Awaited<ReturnType<typeof findPerson>>;

/** One person with their school, class and, for a student, their school record. */
export async function findPerson(db: ReadDb, userId: string) {
  const [row] = await peopleFrom(db).where(eq(users.id, userId));
  return row!;
}

/** The children linked to a parent, within the schools the parent may see, by name. */
export async function childrenOf(db: ReadDb, scope: Scope, parentId: string) {
  return peopleFrom(db)
    .where(
      and(
        sql`exists (select 1 from ${parentStudents} ps where ps.student_id = ${users.id} and ps.parent_id = ${parentId})`,
        isNull(users.deletedAt),
        inSchoolScope(scope, users.schoolId),
      ),
    )
    .orderBy(users.lastname, users.firstname, users.id);
}

/** The payable fees that apply to a student, in the schools in scope. */
export async function feesOfStudent(db: DbOrTx, scope: Scope, studentId: string) {
  return listFees(db, and(feesVisibleTo({ scope: null, studentId, parentId: null }), feesInScope(scope))!);
}

/** Every payment and refund of these students in the schools in scope, newest first, with its fee's name. */
export async function paymentsOf(db: ReadDb, scope: Scope, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  return db
    .select({ payment: payments, fee: { name: fees.name } })
    .from(payments)
    .innerJoin(fees, eq(fees.id, payments.feeId))
    .where(and(inArray(payments.studentId, studentIds), inSchoolScope(scope, payments.schoolId)))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** A family's credit entries, newest first. */
export async function familyCreditOf(db: ReadDb, parentId: string) {
  return db
    .select({ entry: familyCreditEntries, school: { name: schools.name } })
    .from(familyCreditEntries)
    .leftJoin(schools, eq(schools.id, familyCreditEntries.schoolId))
    .where(eq(familyCreditEntries.parentId, parentId))
    .orderBy(desc(familyCreditEntries.createdAt), desc(familyCreditEntries.id));
}

/** The notices a person received over the last `months`, newest first. */
export async function noticesOf(db: ReadDb, userId: string, now: Date, months: number) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.createdAt} >= ${monthsBefore(now, months)}`))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(MY_DATA_ROW_LIMIT);
}

/** A person's sign-in attempts over the last `months`, newest first. */
export async function signInsOf(db: ReadDb, userId: string, now: Date, months: number) {
  return db
    .select()
    .from(loginAttempts)
    .where(and(eq(loginAttempts.userId, userId), sql`${loginAttempts.createdAt} >= ${monthsBefore(now, months)}`))
    .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id))
    .limit(MY_DATA_ROW_LIMIT);
}

/**
 * Audit entries a person made or that are about them over the last `months`, newest first: only
 * what identifies the entry, never its before and after, which may hold other people's details.
 */
export async function auditEntriesOf(db: ReadDb, userId: string, now: Date, months: number) {
  return db
    .select({
      id: auditLogs.id,
      createdAt: auditLogs.createdAt,
      action: auditLogs.action,
      entity: auditLogs.entity,
      entityId: auditLogs.entityId,
      actorId: auditLogs.actorId,
    })
    .from(auditLogs)
    .where(
      and(
        or(eq(auditLogs.actorId, userId), eq(auditLogs.entityId, userId)),
        sql`${auditLogs.createdAt} >= ${monthsBefore(now, months)}`,
      ),
    )
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(MY_DATA_ROW_LIMIT);
}

/* ----------------------------------------------------------------- erasure */

/** The placeholders an erased account keeps: nothing that names, reaches or pictures the person. */
export async function erasePersonRow(tx: DbOrTx, userId: string, placeholder: { email: string }) {
  await tx
    .update(users)
    .set({
      ...ERASED_NAME_PARTS,
      email: placeholder.email,
      phone: null,
      address: null,
      profilePicture: null,
      // The registration number with the first name made a student's first password; both go.
      regNo: null,
      passwordHash: null,
      mustChangePassword: false,
      failedLoginCount: 0,
      lockedUntil: null,
    })
    .where(eq(users.id, userId));
}

/** A student's record keeps what the school runs on (type, status, dates of enrolment) and loses the rest. */
export async function eraseStudentRecord(tx: DbOrTx, userId: string) {
  await tx
    .update(studentProfiles)
    .set({
      dob: null,
      gender: null,
      previousSchool: null,
      street: null,
      city: null,
      state: null,
      country: null,
      postalCode: null,
      guardian: null,
      emergencyContact: null,
    })
    .where(eq(studentProfiles.userId, userId));
  await tx.delete(studentDisciplinaryRecords).where(eq(studentDisciplinaryRecords.studentId, userId));
}

/**
 * Notices to the person and notices to others about them (a payment of theirs, an adjustment on
 * their fee), which name them in their text; answers how many went.
 */
export async function deleteNoticesAbout(tx: DbOrTx, userId: string) {
  const deleted = await tx
    .delete(notifications)
    .where(
      or(
        eq(notifications.userId, userId),
        sql`${notifications.metadata}->>'studentId' = ${userId}`,
        sql`${notifications.metadata}->>'userId' = ${userId}`,
      ),
    )
    .returning({ id: notifications.id });
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return deleted.length;
}

/** Emails written to the person's address, sent or waiting: their text names and reaches them. */
export async function deleteEmailsTo(tx: DbOrTx, email: string) {
  await tx.delete(emailOutbox).where(sql`lower(${emailOutbox.to}) = ${email.toLowerCase()}`);
}

/** Sign-in attempts stay as security history, under the placeholder address instead of the person's. */
export async function forgetSignInEmails(tx: DbOrTx, userId: string, email: string, placeholder: string) {
  await tx
    .update(loginAttempts)
    .set({ email: placeholder })
    .where(or(eq(loginAttempts.userId, userId), sql`lower(${loginAttempts.email}) = ${email.toLowerCase()}`));
}

export async function deletePasswordResetTokens(tx: DbOrTx, userId: string) {
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/** A bank account someone paid the student's fees from, kept only to suggest their next transfer. */
export async function deletePayerLinks(tx: DbOrTx, studentId: string) {
  await tx.delete(bankPayerLinks).where(eq(bankPayerLinks.studentId, studentId));
}

/**
 * The family's account numbers keep their numbers, banks and money, but not the name they were
 * opened in (`School / First Last`), nor the sender's name on the transfers into them.
 */
export async function renameVirtualAccounts(tx: DbOrTx, holderId: string) {
  const accounts = await tx
    .update(virtualAccounts)
    .set({
      accountName: sql`case when position(' / ' in ${virtualAccounts.accountName}) > 0
        then split_part(${virtualAccounts.accountName}, ' / ', 1) || ' / ' || ${ERASED_NAME.toUpperCase()}
        else ${ERASED_NAME.toUpperCase()} end`,
    })
    .where(eq(virtualAccounts.holderId, holderId))
    .returning({ id: virtualAccounts.id });
  if (accounts.length === 0) return;
  await tx
    .update(virtualAccountCredits)
    .set({ senderName: ERASED_NAME })
    .where(
      and(
        inArray(
          virtualAccountCredits.accountId,
          accounts.map((account) => account.id),
        ),
        sql`${virtualAccountCredits.senderName} is not null`,
      ),
    );
}

/* --------------------------------------------------------------- retention */

/** The retention section as the deployment and every group saved it, and every group's id. */
export async function storedRetention(db: ReadDb): Promise<{ groupIds: string[]; stored: StoredSection[] }> {
  const [groups, stored] = await Promise.all([
    rowsOf<{ id: string }>(db, sql`select distinct group_school_id as id from ${schools}`),
    db
      .select({
        section: settings.section,
        value: settings.value,
        groupSchoolId: settings.groupSchoolId,
        schoolId: settings.schoolId,
      })
      .from(settings)
      .where(and(eq(settings.section, 'retention'), isNull(settings.schoolId))),
  ]);
  return { groupIds: groups.map((group) => group.id), stored };
}

/**
 * Deletes at most `batch` notices older than their recipient's group keeps them (`months` per
 * group; `otherwise` for people of no group); answers how many went.
 */
export async function deleteOldNotices(
  db: DbOrTx,
  periods: { groupSchoolId: string; months: number }[],
  options: { otherwise: number; now: Date; batch: number },
): Promise<number> {
  const kept = sql`(select * from jsonb_to_recordset(${JSON.stringify(periods)}::jsonb)
    as p("groupSchoolId" uuid, "months" int))`;
  const removed = await rowsOf<{ id: string }>(
    db,
    sql`delete from ${notifications} where ${notifications.id} in (
      select n.id from ${notifications} n
      join ${users} u on u.id = n.user_id
      left join ${schools} s on s.id = u.school_id
      left join ${kept} k on k."groupSchoolId" = s.group_school_id
      where n.created_at < ${options.now.toISOString()}::timestamptz
        - make_interval(months => coalesce(k."months", ${options.otherwise}::int))
      limit ${options.batch}
    ) returning ${notifications.id}`,
  );
  return removed.length;
}
