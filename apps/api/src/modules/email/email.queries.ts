import type { EmailTemplateId } from '@schoolledger/domain';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  emailOutbox,
  emailSettings,
  emailTemplates,
  groupSchools,
  reportRuns,
  schools,
  users,
} from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type EmailSettingsRow = typeof emailSettings.$inferSelect;
export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

const DUE = ['queued', 'retrying'] as const;

/** The newest emails of the caller's schools; account emails of the super-admin have no school, so only the super-admin's scope includes them. */
export async function listOutbox(db: DbOrTx, scope: Scope, limit: number) {
  return db
    .select()
    .from(emailOutbox)
    .where(inSchoolScope(scope, emailOutbox.schoolId))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
}

export async function insertOutboxEmail(tx: DbOrTx, values: typeof emailOutbox.$inferInsert) {
  const [row] = await tx.insert(emailOutbox).values(values).returning();
  return row!;
}

/** An email for the outbox, as `queueEmails` (and the notices' `deliver_notices`) write it. */
export type OutboxEmail = Pick<
  typeof emailOutbox.$inferInsert,
  'schoolId' | 'groupSchoolId' | 'templateId' | 'to' | 'subject' | 'text' | 'html' | 'status' | 'nextAttemptAt'
> & { priority: 'high' | 'normal'; sensitive: boolean; sentBy?: string | null; reportRunId?: string | null };

/** Queues emails in the outbox, in one statement (migration 0027's `queue_emails`). */
export async function queueEmails(tx: DbOrTx, values: readonly OutboxEmail[]) {
  if (values.length === 0) return [];
  return rowsOf<{ id: string }>(tx, sql`select queue_emails(${JSON.stringify(values)}::jsonb) as id`);
}

/** The outcome of one attempt: its status, the attempt count, and when (or whether) to try again. */
export async function recordDeliveryAttempt(
  db: DbOrTx,
  id: string,
  outcome: Pick<typeof emailOutbox.$inferInsert, 'status' | 'attempts' | 'nextAttemptAt' | 'sentAt' | 'lastError'>,
) {
  await db.update(emailOutbox).set(outcome).where(eq(emailOutbox.id, id));
}

/**
 * Claims up to `batch` emails due by `now` until `claimedUntil`; rows another pass holds locked
 * are skipped, so two passes never claim the same email.
 */
export async function claimDueEmails(db: DbOrTx, now: Date, claimedUntil: Date, batch: number) {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.status, DUE), lte(emailOutbox.nextAttemptAt, now)))
    // What a person is waiting on goes before a bulk run that came due earlier (mailer priorities).
    .orderBy(sql`${emailOutbox.priority} = 'high' desc`, asc(emailOutbox.nextAttemptAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({ nextAttemptAt: claimedUntil })
    .where(and(inArray(emailOutbox.id, due), inArray(emailOutbox.status, DUE)))
    .returning();
}

export async function groupTemplate(db: DbOrTx, groupSchoolId: string, templateId: EmailTemplateId) {
  const [row] = await db
    .select({ subject: emailTemplates.subject, html: emailTemplates.html, text: emailTemplates.text })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.groupSchoolId, groupSchoolId), eq(emailTemplates.templateId, templateId)));
  return row;
}

/**
 * A group's own wordings of `templateIds`, as a JSON array of `{ templateId, subject, html, text }`
 * inside a larger statement, whose `group` names the group.
 */
export const groupTemplatesJson = (group: SQL, templateIds: readonly EmailTemplateId[]) =>
  sql`(select coalesce(json_agg(json_build_object('templateId', ${emailTemplates.templateId},
      'subject', ${emailTemplates.subject}, 'html', ${emailTemplates.html}, 'text', ${emailTemplates.text})), '[]'::json)
    from ${emailTemplates}
    where ${emailTemplates.groupSchoolId} = ${group}
      and ${emailTemplates.templateId} = any(${`{${templateIds.join(',')}}`}::text[]))`;

export async function groupTemplates(db: DbOrTx, groupSchoolId: string) {
  return db.select().from(emailTemplates).where(eq(emailTemplates.groupSchoolId, groupSchoolId));
}

export async function findGroupTemplate(db: DbOrTx, groupSchoolId: string, templateId: EmailTemplateId) {
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.groupSchoolId, groupSchoolId), eq(emailTemplates.templateId, templateId)))
    .for('update');
  return row;
}

export async function insertGroupTemplate(db: DbOrTx, values: typeof emailTemplates.$inferInsert) {
  const [row] = await db.insert(emailTemplates).values(values).returning();
  return row!;
}

export async function updateGroupTemplate(
  db: DbOrTx,
  id: string,
  values: Pick<EmailTemplateRow, 'subject' | 'html' | 'text' | 'updatedBy'>,
) {
  const [row] = await db
    .update(emailTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(emailTemplates.id, id))
    .returning();
  return row!;
}

export async function deleteGroupTemplate(db: DbOrTx, id: string) {
  await db.delete(emailTemplates).where(eq(emailTemplates.id, id));
}

export async function findEmailSettings(db: DbOrTx, groupSchoolId: string) {
  const [row] = await db.select().from(emailSettings).where(eq(emailSettings.groupSchoolId, groupSchoolId));
  return row;
}

/** The school group a school belongs to. */
export async function groupSchoolOf(db: DbOrTx, schoolId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: schools.groupSchoolId }).from(schools).where(eq(schools.id, schoolId));
  return row?.id;
}

/** Locks the group's row (when there is one) so two saves never interleave. */
export async function lockEmailSettings(db: DbOrTx, groupSchoolId: string) {
  const [row] = await db
    .select()
    .from(emailSettings)
    .where(eq(emailSettings.groupSchoolId, groupSchoolId))
    .for('update');
  return row;
}

export async function upsertEmailSettings(db: DbOrTx, values: typeof emailSettings.$inferInsert) {
  const { groupSchoolId, ...rest } = values;
  const [row] = await db
    .insert(emailSettings)
    .values(values)
    .onConflictDoUpdate({ target: emailSettings.groupSchoolId, set: { ...rest, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function groupSchoolExists(db: DbOrTx, groupSchoolId: string) {
  const [row] = await db.select({ id: groupSchools.id }).from(groupSchools).where(eq(groupSchools.id, groupSchoolId));
  return row !== undefined;
}

/** The people with these addresses whom the caller may reach, with their school and group. */
export async function recipientsInScope(db: DbOrTx, scope: Scope, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({
      email: sql<string>`lower(${users.email})`,
      firstname: users.firstname,
      lastname: users.lastname,
      regNo: users.regNo,
      schoolId: users.schoolId,
      groupSchoolId: schools.groupSchoolId,
      schoolName: schools.name,
      schoolEmail: schools.email,
      logoUrl: groupSchools.logoUrl,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(groupSchools, eq(groupSchools.id, schools.groupSchoolId))
    .where(
      and(inArray(sql`lower(${users.email})`, emails), isNull(users.deletedAt), inSchoolScope(scope, users.schoolId)),
    );
}

/** Emails people of each school wrote by hand since `since`, for the hourly limit; the app's own notices are not counted. */
export async function handWrittenCountsSince(db: DbOrTx, schoolIds: string[], since: Date) {
  if (schoolIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ schoolId: emailOutbox.schoolId, total: count() })
    .from(emailOutbox)
    .where(
      and(inArray(emailOutbox.schoolId, schoolIds), isNotNull(emailOutbox.sentBy), gte(emailOutbox.createdAt, since)),
    )
    .groupBy(emailOutbox.schoolId);
  return new Map(rows.map((row) => [row.schoolId ?? '', Number(row.total)]));
}

/** Counts per status of the caller's emails queued in [from, to). */
export async function outboxStatusCounts(db: DbOrTx, scope: Scope, from: Date | null, to: Date | null) {
  const rows = await db
    .select({ status: emailOutbox.status, total: count() })
    .from(emailOutbox)
    .where(
      and(
        inSchoolScope(scope, emailOutbox.schoolId),
        from ? gte(emailOutbox.createdAt, from) : undefined,
        to ? lt(emailOutbox.createdAt, to) : undefined,
      ),
    )
    .groupBy(emailOutbox.status);
  return rows.map((row) => ({ status: row.status, total: Number(row.total) }));
}

export async function recentOutbox(db: DbOrTx, scope: Scope, from: Date | null, to: Date | null, limit: number) {
  return db
    .select()
    .from(emailOutbox)
    .where(
      and(
        inSchoolScope(scope, emailOutbox.schoolId),
        from ? gte(emailOutbox.createdAt, from) : undefined,
        to ? lt(emailOutbox.createdAt, to) : undefined,
      ),
    )
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
}

/** A ready report's file, to attach; undefined once it expired (the email then goes without it). */
export async function findReportAttachment(db: DbOrTx, runId: string) {
  const [row] = await db
    .select({ filename: reportRuns.fileName, contentType: reportRuns.contentType, content: reportRuns.body })
    .from(reportRuns)
    .where(and(eq(reportRuns.id, runId), eq(reportRuns.status, 'ready')));
  if (!row?.filename || !row.content) return undefined;
  return { filename: row.filename, contentType: row.contentType ?? undefined, content: row.content };
}
