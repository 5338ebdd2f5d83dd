import type { AuditCategory, AuditSeverity } from '@schoolledger/domain';
import { and, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, ReadDb } from '../../db/client.js';
import { personMatches } from '../../db/person-search.js';
import { auditLogs, loginAttempts, schools, users } from '../../db/schema.js';
import { inSchoolOrGroupScope, inSchoolScope, type Scope } from '../../plugins/tenancy.js';

/** Start of a calendar day in Nigeria, comparable with a timestamp column. */
const lagosDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Africa/Lagos')`;

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** What the service decided a trail query narrows to; every field optional. */
export interface TrailFilters {
  search?: string | undefined;
  category?: AuditCategory | undefined;
  severity?: AuditSeverity | undefined;
  actorId?: string | undefined;
  entity?: string | undefined;
  /** Only these entities (the financial view: payments). */
  entities?: readonly string[] | undefined;
  action?: string | undefined;
  schoolId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Only security entries: the security category and every sign-in (`auth.*`). */
  security?: boolean | undefined;
}

/**
 * The rows a caller may read: those of the schools in scope and their group's own. Platform rows
 * (neither school nor group) pass only the super-admin's scope.
 */
export const auditInScope = (scope: Scope) => inSchoolOrGroupScope(scope, auditLogs.schoolId, auditLogs.groupSchoolId);

function dateRange(column: typeof auditLogs.createdAt | typeof loginAttempts.createdAt, from?: string, to?: string) {
  return [
    from ? sql`${column} >= ${lagosDayStart(from)}` : undefined,
    to ? sql`${column} < ${lagosDayStart(to)} + interval '1 day'` : undefined,
  ];
}

export function trailWhere(scope: Scope, filters: TrailFilters): SQL {
  const conditions: (SQL | undefined)[] = [auditInScope(scope)];
  if (filters.category) conditions.push(eq(auditLogs.category, filters.category));
  if (filters.severity) conditions.push(eq(auditLogs.severity, filters.severity));
  if (filters.actorId) conditions.push(eq(auditLogs.actorId, filters.actorId));
  if (filters.entity) conditions.push(eq(auditLogs.entity, filters.entity));
  if (filters.entities) conditions.push(inArray(auditLogs.entity, [...filters.entities]));
  if (filters.action) conditions.push(eq(auditLogs.action, filters.action));
  if (filters.security) conditions.push(sql`(${auditLogs.category} = 'security' or ${auditLogs.action} like 'auth.%')`);
  if (filters.schoolId) conditions.push(eq(auditLogs.schoolId, filters.schoolId));
  conditions.push(...dateRange(auditLogs.createdAt, filters.from, filters.to));
  if (filters.search) {
    const pattern = likePattern(filters.search);
    conditions.push(sql`(${auditLogs.action} ilike ${pattern} or ${auditLogs.entity} ilike ${pattern}
      or ${auditLogs.entityId}::text ilike ${pattern}
      or ${auditLogs.after} ->> 'receiptNo' ilike ${pattern} or ${auditLogs.after} ->> 'reference' ilike ${pattern}
      or ${auditLogs.actorId} in (select ${users.id} from ${users} where ${personMatches(filters.search)}))`);
  }
  return and(...conditions)!;
}

export async function schoolName(db: DbOrTx, id: string) {
  const [row] = await db.select({ name: schools.name }).from(schools).where(eq(schools.id, id));
  return row?.name ?? null;
}

const newestFirst = [desc(auditLogs.createdAt), desc(auditLogs.seq), desc(auditLogs.id)];

function entriesFrom(db: ReadDb) {
  return db
    .select({
      log: {
        id: auditLogs.id,
        seq: auditLogs.seq,
        chain: auditLogs.chain,
        schoolId: auditLogs.schoolId,
        actorId: auditLogs.actorId,
        action: auditLogs.action,
        entity: auditLogs.entity,
        entityId: auditLogs.entityId,
        category: auditLogs.category,
        severity: auditLogs.severity,
        ip: sql<string | null>`host(${auditLogs.ip})`,
        userAgent: auditLogs.userAgent,
        createdAt: auditLogs.createdAt,
        hash: auditLogs.hash,
        prevHash: auditLogs.prevHash,
        /** Small facts the summary sentence and the financial view read; the whole blobs only on the detail. */
        source: sql<string | null>`${auditLogs.after} ->> 'source'`,
        receiptNo: sql<string | null>`${auditLogs.after} ->> 'receiptNo'`,
        amountKobo: sql<
          string | null
        >`case when ${auditLogs.after} ->> 'amountKobo' ~ '^-?[0-9]{1,15}$' then ${auditLogs.after} ->> 'amountKobo' end`,
      },
      actor: {
        id: users.id,
        firstname: users.firstname,
        middlename: users.middlename,
        lastname: users.lastname,
        email: users.email,
        roles: users.roles,
      },
      schoolName: schools.name,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .leftJoin(schools, eq(schools.id, auditLogs.schoolId));
}

export type TrailRow = Awaited<ReturnType<typeof listTrail>>[number];

export function listTrail(db: ReadDb, where: SQL, page: { limit: number; offset: number }) {
  return entriesFrom(db)
    .where(where)
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
}

/** Oldest first, as a report reads: the order the chain was written in. */
export function trailForExport(db: ReadDb, where: SQL, limit: number) {
  return entriesFrom(db).where(where).orderBy(auditLogs.createdAt, auditLogs.seq, auditLogs.id).limit(limit);
}

export async function countTrail(db: ReadDb, where: SQL) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(where);
  return row?.n ?? 0;
}

export async function findTrailEntry(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await db
    .select({ before: auditLogs.before, after: auditLogs.after })
    .from(auditLogs)
    .where(and(auditInScope(scope), eq(auditLogs.id, id)));
  if (!row) return undefined;
  const [entry] = await entriesFrom(db).where(eq(auditLogs.id, id));
  return entry ? { entry, before: row.before, after: row.after } : undefined;
}

/** The modules (entities) that have rows the caller may read, for the filter's choices. */
export async function trailModules(db: DbOrTx, scope: Scope) {
  const rows = await db
    .selectDistinct({ entity: auditLogs.entity })
    .from(auditLogs)
    .where(auditInScope(scope))
    .orderBy(auditLogs.entity);
  return rows.map((row) => row.entity);
}

/** Per action: how many entries and the sum of the amounts those that recorded one carried. */
export async function amountsByAction(db: DbOrTx, where: SQL) {
  return db
    .select({
      action: auditLogs.action,
      count: sql<number>`count(*)::int`,
      amountKobo: sql<string>`coalesce(sum(case when ${auditLogs.after} ->> 'amountKobo' ~ '^-?[0-9]{1,15}$'
        then (${auditLogs.after} ->> 'amountKobo')::bigint end), 0)::text`,
    })
    .from(auditLogs)
    .where(where)
    .groupBy(auditLogs.action)
    .orderBy(auditLogs.action);
}

/* ------------------------------------------------------------------ people */

export interface PeopleFilters {
  search?: string | undefined;
  schoolId?: string | undefined;
  /** Count only activity in these Lagos days. */
  from?: string | undefined;
  to?: string | undefined;
}

/** Roles that act on the trail; students and parents are listed only once they have acted. */
const STAFF_ONLY_IF_ACTIVE = sql`not (${users.roles} <@ array['Student', 'Parent']::text[])`;

function activity(db: ReadDb, scope: Scope, filters: PeopleFilters) {
  return db.$with('activity').as(
    db
      .select({
        actorId: sql<string>`${auditLogs.actorId}`.as('actor_id'),
        count: sql<number>`count(*)::int`.as('activity_count'),
        last: sql<Date>`max(${auditLogs.createdAt})`.as('last_activity'),
      })
      .from(auditLogs)
      .where(
        and(
          auditInScope(scope),
          isNotNull(auditLogs.actorId),
          ...dateRange(auditLogs.createdAt, filters.from, filters.to),
        ),
      )
      .groupBy(auditLogs.actorId),
  );
}

function peopleWhere(scope: Scope, filters: PeopleFilters, activityCount: SQL): SQL {
  return and(
    inSchoolScope(scope, users.schoolId),
    sql`${users.deletedAt} is null`,
    sql`(${activityCount} is not null or ${STAFF_ONLY_IF_ACTIVE})`,
    filters.schoolId ? eq(users.schoolId, filters.schoolId) : undefined,
    filters.search ? personMatches(filters.search) : undefined,
  )!;
}

function peopleFrom(db: ReadDb, scope: Scope, filters: PeopleFilters) {
  const acts = activity(db, scope, filters);
  const query = db
    .with(acts)
    .select({
      user: {
        id: users.id,
        firstname: users.firstname,
        middlename: users.middlename,
        lastname: users.lastname,
        email: users.email,
        roles: users.roles,
        schoolId: users.schoolId,
        status: users.status,
      },
      schoolName: schools.name,
      activityCount: sql<number | null>`${acts.count}`,
      lastActivity: sql<Date | null>`${acts.last}`,
    })
    .from(users)
    .leftJoin(acts, eq(acts.actorId, users.id))
    .leftJoin(schools, eq(schools.id, users.schoolId));
  return { query, count: sql`${acts.count}`, last: sql`${acts.last}` };
}

export type PersonRow = Awaited<ReturnType<typeof listPeople>>[number];

export function listPeople(db: ReadDb, scope: Scope, filters: PeopleFilters, page: { limit: number; offset: number }) {
  const { query, count, last } = peopleFrom(db, scope, filters);
  return query
    .where(peopleWhere(scope, filters, count))
    .orderBy(sql`${last} desc nulls last`, users.lastname, users.firstname, users.id)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countPeople(db: ReadDb, scope: Scope, filters: PeopleFilters) {
  const acts = activity(db, scope, filters);
  const [row] = await db
    .with(acts)
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .leftJoin(acts, eq(acts.actorId, users.id))
    .where(peopleWhere(scope, filters, sql`${acts.count}`));
  return row?.n ?? 0;
}

/** A person in the caller's schools, with their activity; undefined outside the scope. */
export async function findPerson(db: DbOrTx, scope: Scope, id: string) {
  const { query } = peopleFrom(db, scope, {});
  const [row] = await query.where(and(inSchoolScope(scope, users.schoolId), eq(users.id, id)));
  return row;
}

/* ------------------------------------------------------------ failed sign-ins */

export interface AttemptFilters {
  schoolId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

function attemptsWhere(scope: Scope, filters: AttemptFilters): SQL {
  return and(
    eq(loginAttempts.success, false),
    inSchoolScope(scope, loginAttempts.schoolId),
    filters.schoolId ? eq(loginAttempts.schoolId, filters.schoolId) : undefined,
    ...dateRange(loginAttempts.createdAt, filters.from, filters.to),
  )!;
}

export type AttemptRow = Awaited<ReturnType<typeof listFailedAttempts>>[number];

export function listFailedAttempts(
  db: ReadDb,
  scope: Scope,
  filters: AttemptFilters,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      id: loginAttempts.id,
      email: loginAttempts.email,
      userId: loginAttempts.userId,
      schoolId: loginAttempts.schoolId,
      schoolName: schools.name,
      ip: sql<string | null>`host(${loginAttempts.ip})`,
      userAgent: loginAttempts.userAgent,
      reason: loginAttempts.reason,
      createdAt: loginAttempts.createdAt,
    })
    .from(loginAttempts)
    .leftJoin(schools, eq(schools.id, loginAttempts.schoolId))
    .where(attemptsWhere(scope, filters))
    .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countFailedAttempts(db: ReadDb, scope: Scope, filters: AttemptFilters) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(attemptsWhere(scope, filters));
  return row?.n ?? 0;
}

/* ----------------------------------------------------------------- reports */

/** The audit's own record of reports generated, newest first: the entries reports leave behind. */
export function recentReports(db: DbOrTx, scope: Scope, entity: string, limit: number) {
  return db
    .select({
      id: auditLogs.id,
      after: auditLogs.after,
      createdAt: auditLogs.createdAt,
      schoolName: schools.name,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .leftJoin(schools, eq(schools.id, auditLogs.schoolId))
    .where(and(auditInScope(scope), eq(auditLogs.entity, entity), eq(auditLogs.action, 'export')))
    .orderBy(...newestFirst)
    .limit(limit);
}
