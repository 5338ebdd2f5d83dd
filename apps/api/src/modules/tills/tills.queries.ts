import type { PaymentMethod, TillStatus } from '@schoolledger/domain';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, ReadDb } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { schools, tillSessions, users } from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

export type TillRow = typeof tillSessions.$inferSelect;
export type NewTill = typeof tillSessions.$inferInsert;

/** Which sessions a list shows, besides the caller's scope. */
export interface TillFilters {
  schoolId?: string | undefined;
  status?: TillStatus | undefined;
  /** Opened on this day, in Lagos (YYYY-MM-DD). */
  openedOn?: string | undefined;
}

export async function insertTill(db: DbOrTx, row: NewTill): Promise<TillRow> {
  const [created] = await db.insert(tillSessions).values(row).returning();
  return created!;
}

export async function findTill(db: ReadDb, scope: Scope, id: string): Promise<TillRow | undefined> {
  const [row] = await db
    .select()
    .from(tillSessions)
    .where(and(eq(tillSessions.id, id), inSchoolScope(scope, tillSessions.schoolId)));
  return row;
}

/**
 * The session held for a step of its close: a payment being taken into it holds the row shared
 * (migration 0038's `payments_till`), so the step waits for those under way and the next ones find
 * it no longer open.
 */
export async function lockTill(tx: DbOrTx, scope: Scope, id: string): Promise<TillRow | undefined> {
  const [row] = await tx
    .select()
    .from(tillSessions)
    .where(and(eq(tillSessions.id, id), inSchoolScope(scope, tillSessions.schoolId)))
    .for('update');
  return row;
}

export async function updateTill(tx: DbOrTx, id: string, values: Partial<NewTill>): Promise<TillRow> {
  const [row] = await tx.update(tillSessions).set(values).where(eq(tillSessions.id, id)).returning();
  return row!;
}

/** The open till of a person at a school, if they have one. */
export async function openTillOf(db: DbOrTx, schoolId: string, userId: string): Promise<TillRow | undefined> {
  const [row] = await db
    .select()
    .from(tillSessions)
    .where(
      and(eq(tillSessions.schoolId, schoolId), eq(tillSessions.openedBy, userId), eq(tillSessions.status, 'open')),
    );
  return row;
}

export async function listTills(db: ReadDb, scope: Scope, filters: TillFilters): Promise<TillRow[]> {
  const where: SQL[] = [inSchoolScope(scope, tillSessions.schoolId)];
  if (filters.schoolId) where.push(eq(tillSessions.schoolId, filters.schoolId));
  if (filters.status) where.push(eq(tillSessions.status, filters.status));
  if (filters.openedOn) {
    where.push(sql`(${tillSessions.openedAt} at time zone 'Africa/Lagos')::date = ${filters.openedOn}::date`);
  }
  return db
    .select()
    .from(tillSessions)
    .where(and(...where))
    .orderBy(desc(tillSessions.openedAt), desc(tillSessions.id))
    .limit(500);
}

export async function namesOf(db: ReadDb, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, `${row.firstname} ${row.lastname}`.trim()]));
}

export interface TillTakings {
  takenKobo: bigint;
  payments: number;
  byRecorder: { userId: string; payments: number; amountKobo: bigint }[];
  refunds: { paymentId: string; receiptNo: string | null; amountKobo: bigint; at: Date; fromDrawer: boolean }[];
  /** Refunds paid out of the drawer while it was open, less what of them the family kept as credit. */
  refundedKobo: bigint;
  /** Paid back out of the drawer by approved voids (their refund rows are not among `refunds`). */
  voidedKobo: bigint;
}

/** What a session took (cash payments credited into it) and what of it was refunded, read in one round trip each. */
export async function tillTakings(db: ReadDb, tillId: string): Promise<TillTakings> {
  const recorders = await rowsOf<{ user_id: string; payments: number; amount: string }>(
    db,
    sql`select p.initiated_by as user_id, count(*)::int as payments, sum(p.amount_kobo)::bigint::text as amount
      from payments p
      where p.till_session_id = ${tillId} and p.kind = 'payment' and p.status = 'success'
      group by p.initiated_by order by sum(p.amount_kobo) desc, p.initiated_by`,
  );
  const refunds = await rowsOf<{
    payment_id: string;
    receipt_no: string | null;
    amount: string;
    at: Date | string;
    from_drawer: boolean;
    kept: string;
  }>(
    db,
    sql`select o.id as payment_id, o.receipt_no, r.amount_kobo::text as amount, coalesce(r.paid_at, r.created_at) as at,
        r.till_session_id is not distinct from o.till_session_id as from_drawer,
        coalesce((select sum(c.amount_kobo) from family_credit_entries c
          where c.kind = 'refund_to_credit' and c.payment_id = o.id), 0)::bigint::text as kept
      from payments o join payments r on r.refund_of = o.id and r.kind = 'refund' and r.status = 'success'
      where o.till_session_id = ${tillId} and o.kind = 'payment'
        and not exists (select 1 from payment_voids v where v.refund_payment_id = r.id)
      order by coalesce(r.paid_at, r.created_at), r.id`,
  );
  const [voided] = await rowsOf<{ amount: string }>(
    db,
    sql`select coalesce(sum(r.amount_kobo), 0)::bigint::text as amount
      from payment_voids v join payments r on r.id = v.refund_payment_id
      where v.till_session_id = ${tillId} and v.status = 'approved' and r.status = 'success'`,
  );
  const byRecorder = recorders.map((row) => ({
    userId: row.user_id,
    payments: row.payments,
    amountKobo: BigInt(row.amount),
  }));
  return {
    takenKobo: byRecorder.reduce((sum, row) => sum + row.amountKobo, 0n),
    payments: byRecorder.reduce((sum, row) => sum + row.payments, 0),
    byRecorder,
    refunds: refunds.map((row) => ({
      paymentId: row.payment_id,
      receiptNo: row.receipt_no,
      amountKobo: BigInt(row.amount),
      at: new Date(row.at),
      fromDrawer: row.from_drawer,
    })),
    refundedKobo: refunds
      .filter((row) => row.from_drawer)
      .reduce((sum, row) => sum + BigInt(row.amount) - BigInt(row.kept), 0n),
    voidedKobo: BigInt(voided?.amount ?? '0'),
  };
}

/** A school of the caller's scope, by id, with its name; none outside the scope. */
export async function schoolInScope(
  db: ReadDb,
  scope: Scope,
  schoolId: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(and(eq(schools.id, schoolId), inSchoolScope(scope, schools.id)));
  return row;
}

export type TillMethodTakings = { method: PaymentMethod; payments: number; amountKobo: bigint }[];

/** A session's takings by the method they were paid by, largest first (the same payments as `tillTakings`). */
export async function tillTakingsByMethod(db: ReadDb, tillId: string): Promise<TillMethodTakings> {
  const rows = await rowsOf<{ method: PaymentMethod; payments: number; amount: string }>(
    db,
    sql`select p.method, count(*)::int as payments, sum(p.amount_kobo)::bigint::text as amount
      from payments p
      where p.till_session_id = ${tillId} and p.kind = 'payment' and p.status = 'success'
      group by p.method order by sum(p.amount_kobo) desc, p.method`,
  );
  return rows.map((row) => ({ method: row.method, payments: row.payments, amountKobo: BigInt(row.amount) }));
}
