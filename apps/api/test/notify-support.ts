import type { NotificationKind } from '@schoolledger/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { messageOutbox, notificationPreferences, notifications, parentStudents, users } from '../src/db/schema.js';
import { demoEmail, type TestApp } from './helper.js';

/** The notices written about one thing (a payment, a fee), whoever they went to. */
export async function noticesAbout(t: TestApp, key: 'paymentId' | 'feeId', id: string) {
  return t.ctx.db.select().from(notifications).where(sql`${notifications.metadata}->>${key} = ${id}`);
}

export async function noticesOf(t: TestApp, userId: string, kind: NotificationKind) {
  return t.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
}

/** The notices' emails in the outbox that `where` picks, as their recipients read them. */
export async function noticeEmails(t: TestApp, where?: SQL) {
  const rows = await t.ctx.db
    .select()
    .from(messageOutbox)
    .where(and(eq(messageOutbox.channel, 'email'), where))
    .orderBy(messageOutbox.createdAt);
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    subject: row.subject ?? '',
    text: row.body,
    html: row.html,
    templateId: row.emailTemplateId,
    status: row.status,
    schoolId: row.schoolId,
    userId: row.userId,
    kind: row.kind,
  }));
}

/** The notices' emails with this exact subject. */
export const emailsWithSubject = (t: TestApp, subject: string) => noticeEmails(t, eq(messageOutbox.subject, subject));

export const emailsTo = (t: TestApp, to: string) => noticeEmails(t, eq(messageOutbox.toAddress, to));

export async function userByEmail(t: TestApp, email: string) {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  expect(row, email).toBeDefined();
  return row!;
}

export const demoUser = (t: TestApp, name: string) => userByEmail(t, demoEmail(name));

/** The parents the seed linked to a student, read straight from parent_students. */
export async function linkedParents(t: TestApp, studentId: string) {
  const rows = await t.ctx.db
    .select({ id: users.id, email: users.email })
    .from(parentStudents)
    .innerJoin(users, eq(users.id, parentStudents.parentId))
    .where(eq(parentStudents.studentId, studentId));
  return rows;
}

export async function emailsOf(t: TestApp, ids: readonly string[]) {
  const rows = await t.ctx.db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return rows.map((row) => row.email).sort();
}

/** The person keeps the notices of `kind` in the app but asks for no email about them. */
export async function switchEmailOff(t: TestApp, userId: string, kind: NotificationKind) {
  await t.ctx.db.insert(notificationPreferences).values({ userId, kind, inApp: true, email: false });
}

export const sorted = (values: Iterable<string>) => [...values].sort();
