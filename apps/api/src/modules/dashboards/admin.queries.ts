import type { AuditCategory, CalendarDate } from '@schoolledger/domain';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, ReadDb } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  auditLogs,
  dailyPaymentStatuses,
  loginAttempts,
  paymentDisputes,
  paymentReviews,
  payments,
  refreshTokens,
  schools,
  users,
} from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';
import { trailWhere } from '../audit/audit-trail.queries.js';

/** Start of a Lagos calendar day, comparable with a timestamp column. */
export const lagosDayStart = (day: CalendarDate) => sql`(${day}::date::timestamp at time zone 'Africa/Lagos')`;

const livePeople = (scope: Scope) => sql`${inSchoolScope(scope, users.schoolId)} and ${users.deletedAt} is null`;

/** The admin's four counts besides revenue: schools, people, transfer claims waiting, payments in review. */
export async function adminCounts(db: ReadDb, scope: Scope) {
  const [row] = await rowsOf<{ schools: number; users: number; transfers: number; review: number }>(
    db,
    sql`select
      (select count(*) from ${schools} where ${inSchoolScope(scope, schools.id)})::int as schools,
      (select count(*) from ${users} where ${livePeople(scope)})::int as users,
      (select count(*) from ${payments} where ${inSchoolScope(scope, payments.schoolId)}
        and ${payments.kind} = 'payment' and ${payments.method} = 'bank_transfer' and ${payments.status} = 'pending')::int as transfers,
      (select count(*) from ${payments} where ${inSchoolScope(scope, payments.schoolId)}
        and ${payments.kind} = 'payment' and ${payments.status} = 'review')::int as review`,
  );
  return row!;
}

/** People per role, per status, and the counts the user-management card shows, in one pass. */
export async function peopleBreakdown(db: ReadDb, scope: Scope, monthStart: CalendarDate, now: Date) {
  const rows = await rowsOf<{ kind: 'role' | 'status' | 'total'; key: string; count: number }>(
    db,
    // The CTE is read three times, so PostgreSQL materializes it: only the five columns the counts
    // need, and the totals in one pass, keep that cheap at 50,000 people.
    sql`with people as (
      select roles, status, created_at, locked_until, last_login from ${users} where ${livePeople(scope)})
    select 'role' as kind, role as key, count(*)::int as count from people, unnest(people.roles) as role group by role
    union all
    select 'status', status, count(*)::int from people group by status
    union all
    select 'total', total.key, total.count from (
      select count(*)::int as everyone,
             (count(*) filter (where created_at >= ${lagosDayStart(monthStart)}))::int as new,
             (count(*) filter (where locked_until > ${now}))::int as locked,
             (count(*) filter (where last_login is null))::int as never
      from people) counts
    cross join lateral (values ('all', counts.everyone), ('new', counts.new), ('locked', counts.locked),
                               ('never', counts.never)) as total(key, count)`,
  );
  return rows;
}

/** People with a session issued or renewed since `recent`, and people who signed in since `dayStart`. */
export async function activePeople(db: DbOrTx, scope: Scope, recent: Date, day: CalendarDate) {
  const [row] = await rowsOf<{ recent: number; today: number }>(
    db,
    sql`select
      (select count(distinct ${refreshTokens.userId}) from ${refreshTokens}
        join ${users} on ${users.id} = ${refreshTokens.userId}
        where ${refreshTokens.createdAt} >= ${recent} and ${refreshTokens.revokedAt} is null and ${livePeople(scope)})::int as recent,
      (select count(*) from ${users} where ${livePeople(scope)} and ${users.lastLogin} >= ${lagosDayStart(day)})::int as today`,
  );
  return row!;
}

/** Payments that happened (not refunds, not unpaid online attempts) made between two Lagos days, per status, with their money. */
export async function paymentsByStatus(db: ReadDb, scope: Scope, range: { from: CalendarDate; to: CalendarDate }) {
  const rows = await rowsOf<{ status: string; count: number; amount: string }>(
    db,
    sql`select ${dailyPaymentStatuses.status} as status, sum(${dailyPaymentStatuses.payments})::int as count,
      coalesce(sum(${dailyPaymentStatuses.amountKobo}), 0)::bigint::text as amount
    from ${dailyPaymentStatuses}
    where ${inSchoolScope(scope, dailyPaymentStatuses.schoolId)}
      and ${dailyPaymentStatuses.day} between ${range.from} and ${range.to}
    group by 1`,
  );
  return new Map(rows.map((row) => [row.status, { count: row.count, amountKobo: BigInt(row.amount) }]));
}

/** The trail rows of some categories, as the scope may read them. */
export const trailOfCategories = (scope: Scope, categories: readonly AuditCategory[]): SQL =>
  and(trailWhere(scope, {}), inArray(auditLogs.category, [...categories]))!;

/** Trail rows of severity high or critical since a moment: what an auditor must look at. */
export const seriousTrailSince = (scope: Scope, since: CalendarDate): SQL =>
  and(
    trailWhere(scope, {}),
    inArray(auditLogs.severity, ['critical', 'high']),
    sql`${auditLogs.createdAt} >= ${lagosDayStart(since)}`,
  )!;

/** Every trail row the scope may read. */
export const wholeTrail = (scope: Scope): SQL => trailWhere(scope, {});

/** People locked out by failed sign-ins right now, the lock ending soonest first. */
export async function lockedOutPeople(db: DbOrTx, scope: Scope, now: Date, limit: number) {
  return rowsOf<{
    id: string;
    name: string;
    email: string;
    school_name: string | null;
    locked_until: Date | string;
    total: number;
  }>(
    db,
    sql`select count(*) over ()::int as total, ${users.id} as id, concat_ws(' ', ${users.firstname}, ${users.lastname}) as name, ${users.email} as email,
      ${schools.name} as school_name, ${users.lockedUntil} as locked_until
    from ${users} left join ${schools} on ${schools.id} = ${users.schoolId}
    where ${livePeople(scope)} and ${users.lockedUntil} > ${now}
    order by ${users.lockedUntil}, ${users.id}
    limit ${limit}`,
  );
}

const failedIn = (scope: Scope) =>
  sql`${loginAttempts.success} = false and ${inSchoolScope(scope, loginAttempts.schoolId)}`;

/**
 * The auditor's counts over the audit trail, sign-in attempts, people and payments, each one
 * statement. `since`: the first Lagos day of the 30 the dashboard covers, so its figures equal the
 * audit screen's lists from that day.
 */
export async function auditorCounts(db: ReadDb, scope: Scope, now: Date, since: CalendarDate) {
  const day = new Date(now.getTime() - 24 * 3600_000);
  const month = lagosDayStart(since);
  const hour = new Date(now.getTime() - 3600_000);
  const [trail] = await rowsOf<{
    total: number;
    month: number;
    critical: number;
    high: number;
    lockouts: number;
    resets: number;
  }>(
    db,
    sql`select count(*)::int as total,
      (count(*) filter (where created_at >= ${month}))::int as month,
      (count(*) filter (where created_at >= ${month} and severity = 'critical'))::int as critical,
      (count(*) filter (where created_at >= ${month} and severity = 'high'))::int as high,
      (count(*) filter (where created_at >= ${month} and action = 'auth.lockout'))::int as lockouts,
      (count(*) filter (where created_at >= ${month} and action = 'password_reset'))::int as resets
    from ${auditLogs} where ${trailWhere(scope, {})}`,
  );
  const [people] = await rowsOf<{ failed_day: number; failed_month: number; locked: number }>(
    db,
    sql`select
      (select count(*) from ${loginAttempts} where ${failedIn(scope)} and ${loginAttempts.createdAt} >= ${day})::int as failed_day,
      (select count(*) from ${loginAttempts} where ${failedIn(scope)} and ${loginAttempts.createdAt} >= ${month})::int as failed_month,
      (select count(*) from ${users} where ${livePeople(scope)} and ${users.lockedUntil} > ${now})::int as locked`,
  );
  const [money] = await rowsOf<{ reviews: number; disputes: number; in_review: number; stale: number }>(
    db,
    sql`select
      (select count(*) from ${paymentReviews} where ${inSchoolScope(scope, paymentReviews.schoolId)} and ${paymentReviews.status} = 'open')::int as reviews,
      (select count(*) from ${paymentDisputes} where ${inSchoolScope(scope, paymentDisputes.schoolId)}
        and ${paymentDisputes.status} = 'open')::int as disputes,
      (select count(*) from ${payments} where ${inSchoolScope(scope, payments.schoolId)} and ${payments.status} = 'review')::int as in_review,
      (select count(*) from ${payments} where ${inSchoolScope(scope, payments.schoolId)} and ${payments.status} = 'pending'
        and ${payments.kind} = 'payment' and ${payments.method} in ('paystack', 'flutterwave')
        and ${payments.createdAt} < ${hour})::int as stale`,
  );
  return { trail: trail!, people: people!, money: money! };
}
