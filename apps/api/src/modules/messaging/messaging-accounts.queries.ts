import { eq, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { emailSettings, groupSchools, messagingAccounts, schools } from '../../db/schema.js';

export type MessagingAccountRow = typeof messagingAccounts.$inferSelect;
export type MessagingAccountValues = typeof messagingAccounts.$inferInsert;

export async function groupSchoolExists(db: DbOrTx, groupSchoolId: string) {
  const [row] = await db.select({ id: groupSchools.id }).from(groupSchools).where(eq(groupSchools.id, groupSchoolId));
  return row !== undefined;
}

export async function findMessagingAccount(db: DbOrTx, groupSchoolId: string): Promise<MessagingAccountRow | null> {
  const [row] = await db.select().from(messagingAccounts).where(eq(messagingAccounts.groupSchoolId, groupSchoolId));
  return row ?? null;
}

/** The group's account, locked for the save that follows (null: none saved yet). */
export async function lockMessagingAccount(db: DbOrTx, groupSchoolId: string): Promise<MessagingAccountRow | null> {
  const [row] = await db
    .select()
    .from(messagingAccounts)
    .where(eq(messagingAccounts.groupSchoolId, groupSchoolId))
    .for('update');
  return row ?? null;
}

export async function upsertMessagingAccount(db: DbOrTx, values: MessagingAccountValues) {
  const [row] = await db
    .insert(messagingAccounts)
    .values(values)
    .onConflictDoUpdate({ target: messagingAccounts.groupSchoolId, set: values })
    .returning();
  return row!;
}

/** The account of the group a school belongs to; null when the group saved none. */
export async function messagingAccountOfSchool(db: DbOrTx, schoolId: string): Promise<MessagingAccountRow | null> {
  const [row] = await db
    .select({ account: messagingAccounts })
    .from(schools)
    .innerJoin(messagingAccounts, eq(messagingAccounts.groupSchoolId, schools.groupSchoolId))
    .where(eq(schools.id, schoolId));
  return row?.account ?? null;
}

/**
 * Whether any group saved keys of its own that can send, or an SMTP server of its own for its
 * notices' emails (the sender then claims on their channels).
 */
export async function anyOwnSendingAccount(db: DbOrTx): Promise<boolean> {
  const [row] = await rowsOf<{ any: boolean }>(
    db,
    sql`select exists (select 1 from ${messagingAccounts} where ${or(
      isNotNull(messagingAccounts.termiiApiKeyEnc),
      sql`${messagingAccounts.whatsappTokenEnc} is not null and ${messagingAccounts.whatsappPhoneNumberId} is not null`,
    )}) or exists (select 1 from ${emailSettings}) as any`,
  );
  return row?.any === true;
}

/**
 * The groups' saved secrets that sign a provider's webhooks (Termii's secret key, WhatsApp's app
 * secret), encrypted; groups with their own accounts are few, so all are read.
 */
export async function webhookSecrets(db: DbOrTx, provider: 'termii' | 'whatsapp'): Promise<string[]> {
  const column = provider === 'termii' ? messagingAccounts.termiiSecretKeyEnc : messagingAccounts.whatsappAppSecretEnc;
  const rows = await db.select({ secret: column }).from(messagingAccounts).where(isNotNull(column));
  return rows.map((row) => row.secret).filter((secret): secret is string => secret !== null);
}
