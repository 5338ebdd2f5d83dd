import { ROLES } from '@schoolledger/domain';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  adjustmentRuleStudents,
  adjustmentRules,
  feeAdjustments,
  fees,
  groupSchools,
  parentStudents,
  schools,
  studentProfiles,
  users,
} from '../../db/schema.js';
import { inGroupScope, inSchoolScope, type Scope } from '../../plugins/tenancy.js';
import { owedOnFee } from '../fees/fee-ledger.queries.js';
import { feeAppliesTo, payable } from '../fees/fees.queries.js';

/** The rules a caller sees: their group's group-wide rules and those of their schools. */
export const rulesVisibleTo = (scope: Scope): SQL =>
  and(
    inGroupScope(scope, adjustmentRules.groupSchoolId),
    or(isNull(adjustmentRules.schoolId), inSchoolScope(scope, adjustmentRules.schoolId)),
  )!;

/** The rules a caller may decide or switch: those of their schools, and group-wide ones only if they oversee the group. */
export function rulesManagedBy(scope: Scope): SQL {
  if (scope.kind === 'all') return sql`true`;
  const ofSchools = and(sql`${adjustmentRules.schoolId} is not null`, inSchoolScope(scope, adjustmentRules.schoolId))!;
  if (scope.kind !== 'group') return ofSchools;
  return and(eq(adjustmentRules.groupSchoolId, scope.groupSchoolId), or(isNull(adjustmentRules.schoolId), ofSchools))!;
}

export const ruleWithId = (where: SQL, id: string): SQL => and(where, eq(adjustmentRules.id, id))!;

const creator = alias(users, 'rule_creator');
const decider = alias(users, 'rule_decider');
const person = (table: typeof creator | typeof decider) => ({
  id: table.id,
  firstname: table.firstname,
  middlename: table.middlename,
  lastname: table.lastname,
});

export async function listRules(db: DbOrTx, where: SQL) {
  return db
    .select({
      rule: adjustmentRules,
      school: { id: schools.id, name: schools.name },
      createdBy: person(creator),
      decidedBy: person(decider),
      applied: sql<number>`(select count(*)::int from ${feeAdjustments} fa
        where fa.rule_id = ${adjustmentRules.id} and fa.status = 'approved')`.mapWith(Number),
    })
    .from(adjustmentRules)
    .leftJoin(schools, eq(schools.id, adjustmentRules.schoolId))
    .leftJoin(creator, eq(creator.id, adjustmentRules.createdBy))
    .leftJoin(decider, eq(decider.id, adjustmentRules.decidedBy))
    .where(where)
    .orderBy(asc(adjustmentRules.name), asc(adjustmentRules.id));
}

export type RuleRow = Awaited<ReturnType<typeof listRules>>[number];

/** The holders of each rule's scholarship, by rule. */
export async function studentsOfRules(db: DbOrTx, ruleIds: string[]) {
  const byRule = new Map<string, { id: string; firstname: string; middlename: string | null; lastname: string }[]>();
  if (!ruleIds.length) return byRule;
  const rows = await db
    .select({
      ruleId: adjustmentRuleStudents.ruleId,
      id: users.id,
      firstname: users.firstname,
      middlename: users.middlename,
      lastname: users.lastname,
    })
    .from(adjustmentRuleStudents)
    .innerJoin(users, eq(users.id, adjustmentRuleStudents.studentId))
    .where(inArray(adjustmentRuleStudents.ruleId, ruleIds))
    .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id));
  for (const { ruleId, ...student } of rows) byRule.set(ruleId, [...(byRule.get(ruleId) ?? []), student]);
  return byRule;
}

export async function groupOfSchool(db: DbOrTx, schoolId: string) {
  const [row] = await db.select({ groupSchoolId: schools.groupSchoolId }).from(schools).where(eq(schools.id, schoolId));
  return row?.groupSchoolId;
}

export async function groupExists(db: DbOrTx, groupSchoolId: string) {
  const [row] = await db.select({ id: groupSchools.id }).from(groupSchools).where(eq(groupSchools.id, groupSchoolId));
  return Boolean(row);
}

/** Of the ids, the live students of the school, or of any school of the group when school is null. */
export async function studentsOfRuleSchools(
  db: DbOrTx,
  rule: { schoolId: string | null; groupSchoolId: string },
  ids: string[],
) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(
      and(
        inArray(users.id, ids),
        sql`'Student' = any(${users.roles})`,
        isNull(users.deletedAt),
        rule.schoolId ? eq(users.schoolId, rule.schoolId) : eq(schools.groupSchoolId, rule.groupSchoolId),
      ),
    );
  return rows.map((row) => row.id);
}

export type RuleValues = typeof adjustmentRules.$inferInsert;

export async function insertRule(tx: Tx, values: RuleValues, studentIds: string[]) {
  const [row] = await tx.insert(adjustmentRules).values(values).returning();
  if (studentIds.length)
    await tx.insert(adjustmentRuleStudents).values(studentIds.map((studentId) => ({ ruleId: row!.id, studentId })));
  return row!;
}

export async function lockRule(tx: Tx, where: SQL, id: string) {
  const [row] = await tx
    .select()
    .from(adjustmentRules)
    .where(and(where, eq(adjustmentRules.id, id)))
    .for('update');
  return row;
}

export async function updateRule(tx: Tx, id: string, values: Partial<RuleValues>) {
  const [row] = await tx.update(adjustmentRules).set(values).where(eq(adjustmentRules.id, id)).returning();
  return row!;
}

/* What the rules job reads. */

export async function activeRules(db: DbOrTx) {
  return db
    .select()
    .from(adjustmentRules)
    .where(and(eq(adjustmentRules.status, 'approved'), eq(adjustmentRules.isActive, true)))
    .orderBy(asc(adjustmentRules.createdAt), asc(adjustmentRules.id));
}

export async function scholarsOf(db: DbOrTx, ruleId: string) {
  const rows = await db
    .select({ id: adjustmentRuleStudents.studentId })
    .from(adjustmentRuleStudents)
    .where(eq(adjustmentRuleStudents.ruleId, ruleId));
  return new Set(rows.map((row) => row.id));
}

export interface RuleCandidate {
  fee_id: string;
  student_id: string;
}

/**
 * Each payable fee of the rule's type in its school (or every school of its group) and each
 * active student it applies to who owes on it and whom the rule has not yet adjusted (a reversed
 * adjustment keeps its row, so an override is not made again).
 */
export async function ruleCandidates(db: DbOrTx, rule: typeof adjustmentRules.$inferSelect) {
  const inRuleSchools = rule.schoolId
    ? sql`"fees"."school_id" = ${rule.schoolId}`
    : sql`"fees"."school_id" in (select id from ${schools} where group_school_id = ${rule.groupSchoolId})`;
  return rowsOf<RuleCandidate>(
    db,
    sql`select "fees"."id" as fee_id, s.id as student_id
      from ${fees}
      join ${users} s on 'Student' = any(s.roles) and s.deleted_at is null and s.status = 'active' and ${feeAppliesTo('s')}
      where ${payable} and ${inRuleSchools}
        and "fees"."type" = any(${`{${rule.feeTypes.join(',')}}`}::text[])
        and not exists (select 1 from ${feeAdjustments} fa
          where fa.rule_id = ${rule.id} and fa.fee_id = "fees"."id" and fa.student_id = s.id)
        and ${owedOnFee(sql`s.id`)} > 0
      order by "fees"."id", s.id`,
  );
}

export interface FamilyLink {
  parent_id: string;
  student_id: string;
  dob: string | null;
  created_at: string;
}

/** Every parent–child link of the group's active students, with what ranks the children. */
export async function familyLinks(db: DbOrTx, groupSchoolId: string) {
  return rowsOf<FamilyLink>(
    db,
    sql`select ${parentStudents.parentId} as parent_id, s.id as student_id, sp.dob::text as dob,
        to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as created_at
      from ${parentStudents}
      join ${users} s on s.id = ${parentStudents.studentId}
        and 'Student' = any(s.roles) and s.deleted_at is null and s.status = 'active'
      join ${schools} sc on sc.id = s.school_id and sc.group_school_id = ${groupSchoolId}
      left join ${studentProfiles} sp on sp.user_id = s.id`,
  );
}

const STAFF_ROLES = ROLES.filter((role) => role !== 'Student' && role !== 'Parent');

/** The group's students with a linked parent who works in the group (any role but Student and Parent). */
export async function staffChildren(db: DbOrTx, groupSchoolId: string) {
  const rows = await rowsOf<{ student_id: string }>(
    db,
    sql`select distinct ${parentStudents.studentId} as student_id
      from ${parentStudents}
      join ${users} p on p.id = ${parentStudents.parentId} and p.deleted_at is null and p.status = 'active'
        and p.roles && ${`{${STAFF_ROLES.join(',')}}`}::text[]
      join ${schools} sc on sc.id = p.school_id and sc.group_school_id = ${groupSchoolId}`,
  );
  return new Set(rows.map((row) => row.student_id));
}
