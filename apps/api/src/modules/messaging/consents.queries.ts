import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { messageConsents, messageOutbox, phoneVerifications, schools, users } from '../../db/schema.js';

/** The person's phone, whether it is confirmed, and their school's name (which the consent wording names). */
export async function phoneOwner(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
      schoolId: users.schoolId,
      schoolName: schools.name,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, userId));
  return row;
}

export async function saveVerification(
  db: DbOrTx,
  values: { userId: string; phone: string; codeHash: string; expiresAt: Date },
) {
  await db
    .insert(phoneVerifications)
    .values({ ...values, attempts: 0 })
    .onConflictDoUpdate({
      target: phoneVerifications.userId,
      set: {
        phone: values.phone,
        codeHash: values.codeHash,
        expiresAt: values.expiresAt,
        attempts: 0,
        createdAt: sql`now()`,
      },
    });
}

export async function findVerification(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  return row;
}

/** Counts a wrong try; answers the tries so far. */
export async function countWrongCode(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
    .where(eq(phoneVerifications.userId, userId))
    .returning({ attempts: phoneVerifications.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

export async function dropVerification(db: DbOrTx, userId: string) {
  await db.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
}

/** The phone confirmed: written as Nigerians write it, with the time (the trigger keeps it confirmed). */
export async function confirmPhone(db: DbOrTx, { userId, phone, at }: { userId: string; phone: string; at: Date }) {
  await db.update(users).set({ phone, phoneVerifiedAt: at }).where(eq(users.id, userId));
}

const recorder = alias(users, 'recorder');

/** Every agreement the person gave, newest first, with who recorded it. */
export async function consentsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      consent: messageConsents,
      recorderFirst: recorder.firstname,
      recorderLast: recorder.lastname,
    })
    .from(messageConsents)
    .leftJoin(recorder, eq(recorder.id, messageConsents.recordedBy))
    .where(eq(messageConsents.userId, userId))
    .orderBy(desc(messageConsents.optedInAt));
}

/** Records an agreement; one in force per channel, so a second is the first kept. */
export async function recordConsent(db: DbOrTx, values: typeof messageConsents.$inferInsert) {
  const [row] = await db
    .insert(messageConsents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: messageConsents.id });
  return row;
}

/** Ends the person's agreement on a channel; answers the ended rows. */
export async function withdrawConsent(
  db: DbOrTx,
  { userId, channel, how, at }: { userId: string; channel: 'sms' | 'whatsapp'; how: 'web' | 'staff'; at: Date },
) {
  return db
    .update(messageConsents)
    .set({ withdrawnAt: at, withdrawnHow: how })
    .where(
      and(
        eq(messageConsents.userId, userId),
        eq(messageConsents.channel, channel),
        isNull(messageConsents.withdrawnAt),
      ),
    )
    .returning({ id: messageConsents.id, userId: messageConsents.userId });
}

/** STOP from a phone: every agreement in force at that number on that channel ends. */
export async function withdrawAtPhone(
  db: DbOrTx,
  { phone, channel, at }: { phone: string; channel: 'sms' | 'whatsapp'; at: Date },
) {
  return db
    .update(messageConsents)
    .set({ withdrawnAt: at, withdrawnHow: 'reply' })
    .where(
      and(eq(messageConsents.phone, phone), eq(messageConsents.channel, channel), isNull(messageConsents.withdrawnAt)),
    )
    .returning({ id: messageConsents.id, userId: messageConsents.userId });
}

/**
 * An erased person's messages: their phone agreements end (`erased`), a code on its way is
 * dropped, and the emails, SMS and WhatsApp messages keep their state, cost and dates but lose the
 * address, the words and the receipt link; those not sent yet never are. Runs before the phone is
 * cleared, whose trigger would end them as changed.
 */
export async function forgetPhoneOf(tx: DbOrTx, userId: string, at: Date) {
  await tx
    .update(messageConsents)
    .set({ withdrawnAt: at, withdrawnHow: 'erased' })
    .where(and(eq(messageConsents.userId, userId), isNull(messageConsents.withdrawnAt)));
  await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  await tx
    .update(messageOutbox)
    .set({
      toAddress: '',
      body: 'Erased',
      // An email keeps a subject (the outbox's rule), without its words.
      subject: sql`case when ${messageOutbox.channel} = 'email' then 'Erased' end`,
      html: null,
      fallbackBody: null,
      template: null,
      linkToken: null,
      // What had not gone yet never will.
      status: sql`case when ${messageOutbox.status} in ('queued', 'held') then 'skipped' else ${messageOutbox.status} end`,
      statusReason: sql`case when ${messageOutbox.status} in ('queued', 'held') then 'The person was erased'
        else ${messageOutbox.statusReason} end`,
    })
    .where(eq(messageOutbox.userId, userId));
}
