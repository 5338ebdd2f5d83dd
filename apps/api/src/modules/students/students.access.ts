import { can, entityMessages, type Permission, type Student } from '@schoolledger/domain';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fieldError, forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { studentNotFound } from './students.errors.js';
import { toStudent } from './students.presenters.js';
import { findClassArmInSchool, findStudent, inSchoolsOf, parentsOf, type StudentRow } from './students.queries.js';

/*
 * What every students service needs: who may see or change a student, and a student loaded and
 * presented.
 */

export const STUDENT = entityMessages('Student');
export const SCHOOL = entityMessages('School');

/**
 * Pass `self: false` for what staff and parents may read about a student but the student may not,
 * and `alsoFor` for a permission whose holders may read it too (those who record discipline).
 */
export function visibilityOf(
  auth: AuthContext,
  { self = true, alsoFor }: { self?: boolean; alsoFor?: Permission } = {},
) {
  const staff = can(auth.roles, 'students.view') || (alsoFor !== undefined && can(auth.roles, alsoFor));
  const visibility = {
    scope: staff ? auth.scope : null,
    parentId: auth.roles.includes('Parent') ? auth.userId : null,
    selfId: self && auth.roles.includes('Student') ? auth.userId : null,
  };
  if (!visibility.scope && !visibility.parentId && !visibility.selfId) throw forbidden();
  return visibility;
}

/** Changes and exports are for staff only, within their schools. */
export const inCallerSchools = (auth: AuthContext) => inSchoolsOf(auth.scope);

export async function present(db: DbOrTx, rows: StudentRow[]): Promise<Student[]> {
  const parents = await parentsOf(
    db,
    rows.map((row) => row.user.id),
  );
  return rows.map((row) => toStudent(row, parents));
}

export async function loadStudent(db: DbOrTx, where: SQL, id: string) {
  const row = await findStudent(db, where, id);
  if (!row) throw studentNotFound();
  const [student] = await present(db, [row]);
  return { row, student: student! };
}

export async function classArmOf(db: DbOrTx, schoolId: string, classArmId: string) {
  const arm = await findClassArmInSchool(db, schoolId, classArmId);
  if (!arm) throw fieldError('classArm_id', 'This class does not belong to the selected school');
  return arm;
}
