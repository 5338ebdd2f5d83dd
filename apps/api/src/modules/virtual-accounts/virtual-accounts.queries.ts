import { and, asc, count, desc, eq, exists, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  parentStudents,
  paymentProfiles,
  schools,
  users,
  virtualAccountSettings,
  virtualAccounts,
} from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

export type VirtualAccountRow = typeof virtualAccounts.$inferSelect;
export type VirtualAccountValues = typeof virtualAccounts.$inferInsert;
export type SettingsRow = typeof virtualAccountSettings.$inferSelect;

export async function findSettings(db: DbOrTx, schoolId: string): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(virtualAccountSettings).where(eq(virtualAccountSettings.schoolId, schoolId));
  return row;
}

/** The row as it was, locked, so two saves of one school apply one after the other. */
export async function lockSettings(db: DbOrTx, schoolId: string): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(virtualAccountSettings)
    .where(eq(virtualAccountSettings.schoolId, schoolId))
    .for('update');
  return row;
}

export async function saveSettings(db: DbOrTx, values: typeof virtualAccountSettings.$inferInsert, now: Date) {
  const { schoolId: _schoolId, ...changes } = values;
  const [row] = await db
    .insert(virtualAccountSettings)
    .values(values)
    .onConflictDoUpdate({ target: virtualAccountSettings.schoolId, set: { ...changes, updatedAt: now } })
    .returning();
  return row!;
}

/** Not deleted and linked to a parent who is not deleted either. */
const hasParent = (studentId: SQL) => sql`exists (
  select 1 from ${parentStudents} ps join ${users} p on p.id = ps.parent_id and p.deleted_at is null and 'Parent' = any(p.roles)
  where ps.student_id = ${studentId})`;

/**
 * The person an account may be opened for at a school, with what the provider is told: a parent
 * with a child (not deleted) at the school, or a student of the school; `hasParent` says whether
 * that student's family has a parent, whose account it would share.
 */
export async function findHolder(db: DbOrTx, schoolId: string, holderId: string) {
  const child = alias(users, 'child');
  const [row] = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      phone: users.phone,
      paymentCode: users.paymentCode,
      isParent: sql<boolean>`('Parent' = any(${users.roles}) and ${exists(
        db
          .select({ one: sql`1` })
          .from(parentStudents)
          .innerJoin(child, and(eq(child.id, parentStudents.studentId), isNull(child.deletedAt)))
          .where(and(eq(parentStudents.parentId, users.id), eq(child.schoolId, schoolId))),
      )})`,
      isStudent: sql<boolean>`('Student' = any(${users.roles}) and ${users.schoolId} is not distinct from ${schoolId}::uuid)`,
      hasParent: hasParent(sql`${users.id}`).mapWith(Boolean),
    })
    .from(users)
    .where(and(eq(users.id, holderId), isNull(users.deletedAt)));
  return row;
}

/**
 * The school's families without an active account, by name: the parents of its children, and its
 * students with no parent linked. At most `limit`; `countFamiliesWithoutAccount` says how many.
 */
function familiesWithoutAccount(schoolId: string) {
  return sql`(
    select distinct p.id, 'parent' as kind, p.firstname, p.lastname
    from ${parentStudents} ps
    join ${users} c on c.id = ps.student_id and c.deleted_at is null and c.school_id = ${schoolId}
    join ${users} p on p.id = ps.parent_id and p.deleted_at is null and 'Parent' = any(p.roles)
    union
    select s.id, 'student', s.firstname, s.lastname
    from ${users} s
    where s.school_id = ${schoolId} and s.deleted_at is null and 'Student' = any(s.roles) and not ${hasParent(sql`s.id`)}
  ) f where not exists (
    select 1 from ${virtualAccounts} va where va.school_id = ${schoolId} and va.holder_id = f.id and va.active
  )`;
}

export async function listFamiliesWithoutAccount(db: DbOrTx, schoolId: string, limit: number) {
  return rowsOf<{ id: string; firstname: string; lastname: string }>(
    db,
    sql`select f.id, f.firstname, f.lastname from ${familiesWithoutAccount(schoolId)}
      order by f.lastname, f.firstname, f.id limit ${limit}`,
  );
}

export async function countFamiliesWithoutAccount(db: DbOrTx, schoolId: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${familiesWithoutAccount(schoolId)}`,
  );
  return row?.n ?? 0;
}

export async function findActiveAccountOf(db: DbOrTx, schoolId: string, holderId: string) {
  const [row] = await db
    .select()
    .from(virtualAccounts)
    .where(
      and(
        eq(virtualAccounts.schoolId, schoolId),
        eq(virtualAccounts.holderId, holderId),
        eq(virtualAccounts.active, true),
      ),
    );
  return row;
}

export async function insertAccount(db: DbOrTx, values: VirtualAccountValues): Promise<VirtualAccountRow> {
  const [row] = await db.insert(virtualAccounts).values(values).returning();
  return row!;
}

/** An account of the caller's schools. */
export async function findAccount(db: DbOrTx, scope: Scope, id: string): Promise<VirtualAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.id, id), inSchoolScope(scope, virtualAccounts.schoolId)));
  return row;
}

/** Deactivates an active account; `undefined` when it was deactivated meanwhile. */
export async function deactivateAccount(
  db: DbOrTx,
  id: string,
  change: { at: Date; by: string | null; reason: string },
): Promise<VirtualAccountRow | undefined> {
  const [row] = await db
    .update(virtualAccounts)
    .set({ active: false, deactivatedAt: change.at, deactivatedBy: change.by, deactivationReason: change.reason })
    .where(and(eq(virtualAccounts.id, id), eq(virtualAccounts.active, true)))
    .returning();
  return row;
}

/**
 * The account a bank credited: the active one with this number, else the one that last had it
 * (a parent's saved beneficiary still sends to a deactivated account).
 */
export async function accountByNumber(db: DbOrTx, provider: VirtualAccountRow['provider'], accountNumber: string) {
  const [row] = await db
    .select()
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.provider, provider), eq(virtualAccounts.accountNumber, accountNumber)))
    .orderBy(desc(virtualAccounts.active), desc(virtualAccounts.createdAt))
    .limit(1);
  return row;
}

/** The Flutterwave account opened with this `tx_ref`, which every transfer into it repeats. */
export async function accountByReference(db: DbOrTx, provider: VirtualAccountRow['provider'], reference: string) {
  const [row] = await db
    .select()
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.provider, provider), eq(virtualAccounts.providerReference, reference)));
  return row;
}

/** The schools that open virtual accounts, with their payment profiles (the keys their accounts were opened with). */
export async function schoolsTakingAccounts(db: DbOrTx, limit: number) {
  return db
    .select({ schoolId: virtualAccountSettings.schoolId, profile: paymentProfiles })
    .from(virtualAccountSettings)
    .innerJoin(paymentProfiles, eq(paymentProfiles.schoolId, virtualAccountSettings.schoolId))
    .where(eq(virtualAccountSettings.enabled, true))
    .orderBy(asc(virtualAccountSettings.schoolId))
    .limit(limit);
}

/** Active accounts after `after` (school, then id), for the requery pass to walk in pages. */
export async function activeAccountsAfter(db: DbOrTx, after: { schoolId: string; id: string } | null, limit: number) {
  return db
    .select()
    .from(virtualAccounts)
    .where(
      and(
        eq(virtualAccounts.active, true),
        after
          ? sql`(${virtualAccounts.schoolId}, ${virtualAccounts.id}) > (${after.schoolId}::uuid, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(virtualAccounts.schoolId), asc(virtualAccounts.id))
    .limit(limit);
}

export interface AccountFilters {
  schoolId: string;
  active?: boolean | undefined;
  search?: string | undefined;
}

const holder = alias(users, 'holder');
const creator = alias(users, 'creator');
const deactivator = alias(users, 'deactivator');

function accountsWhere(scope: Scope, filters: AccountFilters) {
  const search = filters.search ? `%${filters.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  return and(
    inSchoolScope(scope, virtualAccounts.schoolId),
    eq(virtualAccounts.schoolId, filters.schoolId),
    filters.active === undefined ? undefined : eq(virtualAccounts.active, filters.active),
    search
      ? or(
          ilike(virtualAccounts.accountNumber, search),
          ilike(sql`${holder.firstname} || ' ' || ${holder.lastname}`, search),
        )
      : undefined,
  );
}

const personRef = (person: typeof creator | typeof deactivator) => ({
  id: person.id,
  firstname: person.firstname,
  middlename: person.middlename,
  lastname: person.lastname,
});

function accountSelect(db: DbOrTx) {
  return db
    .select({
      account: virtualAccounts,
      school: { id: schools.id, name: schools.name },
      holder: {
        id: holder.id,
        firstname: holder.firstname,
        middlename: holder.middlename,
        lastname: holder.lastname,
        paymentCode: holder.paymentCode,
      },
      creator: personRef(creator),
      deactivator: personRef(deactivator),
    })
    .from(virtualAccounts)
    .innerJoin(schools, eq(schools.id, virtualAccounts.schoolId))
    .innerJoin(holder, eq(holder.id, virtualAccounts.holderId))
    .leftJoin(creator, eq(creator.id, virtualAccounts.createdBy))
    .leftJoin(deactivator, eq(deactivator.id, virtualAccounts.deactivatedBy));
}

export type ListedAccount = Awaited<ReturnType<typeof listAccounts>>[number];

/** A school's accounts, newest first, with their holders' names. */
export async function listAccounts(
  db: DbOrTx,
  scope: Scope,
  filters: AccountFilters,
  page: { limit: number; offset: number },
) {
  return accountSelect(db)
    .where(accountsWhere(scope, filters))
    .orderBy(desc(virtualAccounts.createdAt), desc(virtualAccounts.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAccounts(db: DbOrTx, scope: Scope, filters: AccountFilters) {
  const [row] = await db
    .select({ n: count() })
    .from(virtualAccounts)
    .innerJoin(holder, eq(holder.id, virtualAccounts.holderId))
    .where(accountsWhere(scope, filters));
  return row?.n ?? 0;
}

/** One account as the lists show it, when it is one of the caller's schools'. */
export async function listedAccount(db: DbOrTx, scope: Scope, id: string): Promise<ListedAccount | undefined> {
  const [row] = await accountSelect(db).where(
    and(eq(virtualAccounts.id, id), inSchoolScope(scope, virtualAccounts.schoolId)),
  );
  return row;
}

/**
 * Each school a parent has a child (not deleted) at that takes virtual accounts or where the
 * parent has one, with the parent's active account there, if any.
 */
export async function parentAccountsBySchool(db: DbOrTx, parentId: string) {
  const child = alias(users, 'child');
  return db
    .selectDistinctOn([schools.name, schools.id], {
      school: { id: schools.id, name: schools.name },
      /** Who opens the school's new accounts while it takes them; null when it does not. */
      opensWith: sql<
        VirtualAccountRow['provider'] | null
      >`case when ${virtualAccountSettings.enabled} then ${virtualAccountSettings.provider} end`,
      account: {
        provider: virtualAccounts.provider,
        accountNumber: virtualAccounts.accountNumber,
        accountName: virtualAccounts.accountName,
        bankName: virtualAccounts.bankName,
      },
    })
    .from(parentStudents)
    .innerJoin(child, and(eq(child.id, parentStudents.studentId), isNull(child.deletedAt)))
    .innerJoin(schools, eq(schools.id, child.schoolId))
    .leftJoin(
      virtualAccounts,
      and(
        eq(virtualAccounts.schoolId, schools.id),
        eq(virtualAccounts.holderId, parentId),
        eq(virtualAccounts.active, true),
      ),
    )
    .leftJoin(virtualAccountSettings, eq(virtualAccountSettings.schoolId, schools.id))
    .where(
      and(
        eq(parentStudents.parentId, parentId),
        or(eq(virtualAccountSettings.enabled, true), isNotNull(virtualAccounts.id)),
      ),
    )
    .orderBy(asc(schools.name), asc(schools.id));
}

/**
 * A student's family account at their school: their own, else a linked parent's (the parent
 * linked first), with the holder's payment code; `undefined` when there is none yet.
 */
export async function studentFamilyAccount(db: DbOrTx, studentId: string, schoolId: string) {
  const accountHolder = alias(users, 'account_holder');
  const [row] = await db
    .select({
      provider: virtualAccounts.provider,
      accountNumber: virtualAccounts.accountNumber,
      accountName: virtualAccounts.accountName,
      bankName: virtualAccounts.bankName,
      paymentCode: accountHolder.paymentCode,
    })
    .from(virtualAccounts)
    .innerJoin(accountHolder, eq(accountHolder.id, virtualAccounts.holderId))
    .leftJoin(
      parentStudents,
      and(eq(parentStudents.parentId, virtualAccounts.holderId), eq(parentStudents.studentId, studentId)),
    )
    .where(
      and(
        eq(virtualAccounts.schoolId, schoolId),
        eq(virtualAccounts.active, true),
        or(eq(virtualAccounts.holderId, studentId), sql`${parentStudents.parentId} is not null`),
      ),
    )
    .orderBy(sql`${virtualAccounts.holderId} = ${studentId} desc`, asc(parentStudents.createdAt))
    .limit(1);
  return row;
}

/** Who opens the school's virtual accounts now, or `null` while it does not open them. */
export async function opensAccountsWith(db: DbOrTx, schoolId: string) {
  const settings = await findSettings(db, schoolId);
  return settings?.enabled ? settings.provider : null;
}

/** A school's name and phone, which a student's account is named by and opened with. */
export async function schoolOf(db: DbOrTx, schoolId: string) {
  const [row] = await db
    .select({ id: schools.id, name: schools.name, phone: schools.phoneNumber })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row;
}
