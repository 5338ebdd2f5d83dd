import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { paymentProfiles, schools } from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

export type PaymentProfileRow = typeof paymentProfiles.$inferSelect;
export type PaymentProfileValues = Omit<typeof paymentProfiles.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export interface SchoolRef {
  id: string;
  name: string;
}

export async function findPaymentProfile(db: DbOrTx, schoolId: string): Promise<PaymentProfileRow | null> {
  const [row] = await db.select().from(paymentProfiles).where(eq(paymentProfiles.schoolId, schoolId));
  return row ?? null;
}

/** Locks the row (when there is one) so two saves of the same school apply one after the other. */
export async function lockPaymentProfile(db: DbOrTx, schoolId: string): Promise<PaymentProfileRow | null> {
  const [row] = await db.select().from(paymentProfiles).where(eq(paymentProfiles.schoolId, schoolId)).for('update');
  return row ?? null;
}

/** Every school in scope with its profile, if it has one. */
export async function listSchoolProfiles(db: DbOrTx, scope: Scope) {
  return db
    .select({ school: { id: schools.id, name: schools.name }, profile: paymentProfiles })
    .from(schools)
    .leftJoin(paymentProfiles, eq(paymentProfiles.schoolId, schools.id))
    .where(inSchoolScope(scope, schools.id))
    .orderBy(asc(schools.name));
}

export async function findSchoolInScope(db: DbOrTx, scope: Scope, schoolId: string): Promise<SchoolRef | null> {
  const [row] = await db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(and(eq(schools.id, schoolId), inSchoolScope(scope, schools.id)));
  return row ?? null;
}

/** Insert or update in one statement: a concurrent first save of the same school cannot fail on the unique key. */
export async function upsertPaymentProfile(
  db: DbOrTx,
  values: PaymentProfileValues,
  now: Date,
): Promise<PaymentProfileRow> {
  const { schoolId: _schoolId, ...changes } = values;
  const [row] = await db
    .insert(paymentProfiles)
    .values(values)
    .onConflictDoUpdate({ target: paymentProfiles.schoolId, set: { ...changes, updatedAt: now } })
    .returning();
  return row!;
}
