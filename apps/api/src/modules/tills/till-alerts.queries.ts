import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { schools, tillSessions, users } from '../../db/schema.js';
import type { TillRow } from './tills.queries.js';

/** The school a till's alerts name, and its group, whose proprietors hear them. */
export async function tillSchoolOf(db: DbOrTx, schoolId: string) {
  const [row] = await db
    .select({ name: schools.name, groupSchoolId: schools.groupSchoolId })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row;
}

/** Who hears of a till at a school: the active proprietors of its group, its active principals, or both. */
export async function tillWatchers(
  db: DbOrTx,
  { schoolId, groupSchoolId, proprietors, principals }: TillWatchersOf,
): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select u.id from ${users} u
      left join ${schools} sc on sc.id = u.school_id
      where u.deleted_at is null and u.status = 'active'
        and ((${proprietors} and sc.group_school_id = ${groupSchoolId} and 'Proprietor' = any(u.roles))
          or (${principals} and u.school_id = ${schoolId} and 'Principal' = any(u.roles)))
      order by u.id`,
  );
  return rows.map((row) => row.id);
}
export interface TillWatchersOf {
  schoolId: string;
  groupSchoolId: string;
  proprietors: boolean;
  principals: boolean;
}

/** Tills still open that were opened before `today` (Lagos), whose alert has not gone out. */
export function tillsLeftOpen(db: DbOrTx, today: string): Promise<TillRow[]> {
  return db
    .select()
    .from(tillSessions)
    .where(
      and(
        eq(tillSessions.status, 'open'),
        isNull(tillSessions.leftOpenAlertedAt),
        sql`(${tillSessions.openedAt} at time zone 'Africa/Lagos')::date < ${today}::date`,
      ),
    );
}

/** Confirmed tills not banked whose alert has not gone out; each school's days decide which are late. */
export function tillsNotBanked(db: DbOrTx): Promise<TillRow[]> {
  return db
    .select()
    .from(tillSessions)
    .where(and(eq(tillSessions.status, 'closed'), isNull(tillSessions.notBankedAlertedAt)));
}

/**
 * Takes a till's alert for this run: marks it sent, if it has not been and the till is still as
 * the alert found it. Two runs at once queue on the row, and the second finds it taken.
 */
export async function claimTillAlert(
  tx: DbOrTx,
  { id, alert, status, at }: { id: string; alert: 'left_open' | 'not_banked'; status: 'open' | 'closed'; at: Date },
): Promise<TillRow | undefined> {
  const column = alert === 'left_open' ? tillSessions.leftOpenAlertedAt : tillSessions.notBankedAlertedAt;
  const [row] = await tx
    .update(tillSessions)
    .set(alert === 'left_open' ? { leftOpenAlertedAt: at } : { notBankedAlertedAt: at })
    .where(and(eq(tillSessions.id, id), eq(tillSessions.status, status), isNull(column)))
    .returning();
  return row;
}
