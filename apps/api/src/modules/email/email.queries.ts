import type { EmailTemplateId } from '@schoolledger/domain';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { emailOutbox, emailTemplates } from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

export type OutboxRow = typeof emailOutbox.$inferSelect;

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

/**
 * Many emails in one statement (a batch of reminders), passed as one JSON document: a multi-row
 * VALUES list costs a bind parameter per field and is several times slower for large batches.
 */
export async function insertOutboxEmails(
  tx: DbOrTx,
  values: readonly (Pick<
    typeof emailOutbox.$inferInsert,
    'schoolId' | 'groupSchoolId' | 'templateId' | 'to' | 'subject' | 'text' | 'html' | 'status' | 'nextAttemptAt'
  > & { priority: 'high' | 'normal'; sensitive: boolean })[],
) {
  if (values.length === 0) return;
  await tx.execute(sql`insert into ${emailOutbox}
      (school_id, group_school_id, template_id, priority, "to", subject, text, html, sensitive, status, next_attempt_at)
    select "schoolId", "groupSchoolId", "templateId", priority, "to", subject, text, html, sensitive, status, "nextAttemptAt"
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as e("schoolId" uuid, "groupSchoolId" uuid, "templateId" text,
      priority text, "to" text, subject text, text text, html text, sensitive boolean, status text, "nextAttemptAt" timestamptz)`);
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
    .orderBy(asc(emailOutbox.nextAttemptAt))
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
