import { desc, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { reportSchedules, users } from '../../db/schema.js';

const scheduleColumns = {
  id: reportSchedules.id,
  report: reportSchedules.report,
  format: reportSchedules.format,
  filters: reportSchedules.filters,
  emailTo: reportSchedules.emailTo,
  frequency: reportSchedules.frequency,
  weekday: reportSchedules.weekday,
  hour: reportSchedules.hour,
  nextRunAt: reportSchedules.nextRunAt,
  lastRunAt: reportSchedules.lastRunAt,
  createdBy: reportSchedules.createdBy,
  schoolId: reportSchedules.schoolId,
  creatorFirstname: users.firstname,
  creatorLastname: users.lastname,
};

export type ScheduleRow = NonNullable<Awaited<ReturnType<typeof findSchedule>>>;

export async function insertSchedule(db: DbOrTx, values: typeof reportSchedules.$inferInsert) {
  const [row] = await db.insert(reportSchedules).values(values).returning({ id: reportSchedules.id });
  return row!;
}

export async function findSchedule(db: DbOrTx, id: string) {
  const [row] = await db
    .select(scheduleColumns)
    .from(reportSchedules)
    .innerJoin(users, eq(users.id, reportSchedules.createdBy))
    .where(eq(reportSchedules.id, id));
  return row;
}

export function schedulesOf(db: DbOrTx, userId: string) {
  return db
    .select(scheduleColumns)
    .from(reportSchedules)
    .innerJoin(users, eq(users.id, reportSchedules.createdBy))
    .where(eq(reportSchedules.createdBy, userId))
    .orderBy(desc(reportSchedules.createdAt));
}

export async function deleteSchedule(db: DbOrTx, id: string) {
  await db.delete(reportSchedules).where(eq(reportSchedules.id, id));
}

/** Due schedules, locked for this pass so a second process skips them. */
export function lockDueSchedules(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({
      id: reportSchedules.id,
      report: reportSchedules.report,
      format: reportSchedules.format,
      filters: reportSchedules.filters,
      emailTo: reportSchedules.emailTo,
      frequency: reportSchedules.frequency,
      weekday: reportSchedules.weekday,
      hour: reportSchedules.hour,
      createdBy: reportSchedules.createdBy,
    })
    .from(reportSchedules)
    .where(lte(reportSchedules.nextRunAt, now))
    .orderBy(reportSchedules.nextRunAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markScheduleRun(db: DbOrTx, id: string, lastRunAt: Date, nextRunAt: Date) {
  await db.update(reportSchedules).set({ lastRunAt, nextRunAt }).where(eq(reportSchedules.id, id));
}
