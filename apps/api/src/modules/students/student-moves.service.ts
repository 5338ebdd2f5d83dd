import {
  type ACADEMIC_STATUSES,
  displayName,
  type promoteRequestSchema,
  type updateAcademicRequestSchema,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { fieldError } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { classArmNotFound } from '../academic/academic.errors.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { revokeUserTokens } from '../auth/auth.queries.js';
import { classArmOf, inCallerSchools, loadStudent } from './students.access.js';
import {
  anyStudent,
  countInClassArm,
  findClassArmInScope,
  listActiveStudentsInClassArm,
  moveStudentsToClassArm,
  type StudentRow,
  updateStudentUser,
  upsertStudentProfile,
} from './students.queries.js';

type AcademicInput = z.output<typeof updateAcademicRequestSchema>;
type PromoteInput = z.output<typeof promoteRequestSchema>;
type AcademicStatus = (typeof ACADEMIC_STATUSES)[number];

/** Statuses that end a student's time at the school, and with it their sign-in. */
const LEAVING: readonly AcademicStatus[] = ['graduated', 'transferred', 'dropped'];

/* Academic record and class moves */

/** Locks the target class arm, then refuses a move that would take it past its capacity. */
async function assertRoom(tx: DbOrTx, auth: AuthContext, classArmId: string, moving: number, field = 'toClassArm_id') {
  const arm = await findClassArmInScope(tx, auth.scope, classArmId, true);
  if (!arm) throw classArmNotFound();
  const enrolled = await countInClassArm(tx, arm.id);
  if (enrolled + moving > arm.capacity) {
    const room = Math.max(0, arm.capacity - enrolled);
    throw fieldError(
      field,
      `${arm.name} has room for ${room} more student${room === 1 ? '' : 's'} (capacity ${arm.capacity}, ${enrolled} enrolled) but ${moving} ${moving === 1 ? 'was' : 'were'} selected`,
    );
  }
  return arm;
}

export async function updateAcademic(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  input: AcademicInput,
  actor: Actor,
) {
  const { row, student: before } = await loadStudent(ctx.db, inCallerSchools(auth), id);
  const schoolId = row.school.id;
  const moving = input.classArm_id !== undefined && input.classArm_id !== row.user.classArmId;
  if (moving) await classArmOf(ctx.db, schoolId, input.classArm_id!);
  const leaving = LEAVING.includes(input.academicStatus);
  const returning = !leaving && LEAVING.includes(before.academicStatus);
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    if (moving) await assertRoom(tx, auth, input.classArm_id!, 1, 'classArm_id');
    const profile = {
      academicStatus: input.academicStatus,
      ...(input.currentGPA === undefined
        ? {}
        : { currentGpa: input.currentGPA === null ? null : input.currentGPA.toFixed(2) }),
    };
    await upsertStudentProfile(tx, { userId: id, schoolId, ...profile }, profile);
    const account = {
      ...(moving ? { classArmId: input.classArm_id } : {}),
      ...(leaving ? { status: 'inactive' as const } : returning ? { status: 'active' as const } : {}),
    };
    if (Object.keys(account).length) await updateStudentUser(tx, id, account);
    if (leaving) await revokeUserTokens(tx, id, now);
    const { student: after } = await loadStudent(tx, anyStudent, id);
    await recordAudit(tx, actor, {
      action: 'update_academic',
      entity: 'student',
      entityId: id,
      schoolId,
      before: { academicStatus: before.academicStatus, classArm: before.classArm, currentGPA: before.currentGPA },
      after: {
        academicStatus: after.academicStatus,
        classArm: after.classArm,
        currentGPA: after.currentGPA,
        reason: input.reason || null,
      },
    });
    return after;
  });
}

const promotedSummary = (row: StudentRow) => ({
  _id: row.user.id,
  name: displayName(row.user),
  regNo: row.user.regNo ?? '',
});

async function targetArm(ctx: AppContext, auth: AuthContext, classArmId: string, schoolId: string) {
  const arm = await findClassArmInScope(ctx.db, auth.scope, classArmId);
  if (!arm) throw classArmNotFound();
  if (arm.schoolId !== schoolId) throw fieldError('toClassArm_id', 'The target class must be in the same school');
  return arm;
}

/** Moves a class arm's active students, or the chosen ones among them, to another class arm of the school. */
export async function promoteStudents(ctx: AppContext, auth: AuthContext, input: PromoteInput, actor: Actor) {
  const from = await findClassArmInScope(ctx.db, auth.scope, input.fromClassArm_id);
  if (!from) throw classArmNotFound();
  const to = await targetArm(ctx, auth, input.toClassArm_id, from.schoolId);
  if (to.id === from.id) throw fieldError('toClassArm_id', 'Choose a class other than the current one');
  return ctx.db.transaction(async (tx) => {
    const active = await listActiveStudentsInClassArm(tx, from.id);
    let chosen = active;
    if (input.studentIds) {
      const wanted = new Set(input.studentIds);
      chosen = active.filter((row) => wanted.has(row.user.id));
      if (chosen.length !== wanted.size) {
        const missing = wanted.size - chosen.length;
        throw fieldError(
          'studentIds',
          `${missing} of the selected students ${missing === 1 ? 'is not an active student' : 'are not active students'} of ${from.name}`,
        );
      }
    }
    if (chosen.length === 0) throw fieldError('fromClassArm_id', `${from.name} has no active students to promote`);
    await assertRoom(tx, auth, to.id, chosen.length);
    const students = chosen.map(promotedSummary);
    if (input.dryRun) return { students, promoted: chosen.length, dryRun: true };
    const ids = chosen.map((row) => row.user.id);
    await moveStudentsToClassArm(tx, ids, to.id);
    await recordAudit(tx, actor, {
      action: 'promote',
      entity: 'student',
      entityId: null,
      schoolId: from.schoolId,
      before: { classArm: { _id: from.id, name: from.name } },
      after: { classArm: { _id: to.id, name: to.name }, studentIds: ids },
    });
    return { students, promoted: chosen.length, dryRun: false };
  });
}

export async function promoteStudent(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  toClassArmId: string,
  actor: Actor,
) {
  const { row, student: before } = await loadStudent(ctx.db, inCallerSchools(auth), id);
  const to = await targetArm(ctx, auth, toClassArmId, row.school.id);
  if (to.id === row.user.classArmId) throw fieldError('toClassArm_id', `${before.firstname} is already in ${to.name}`);
  return ctx.db.transaction(async (tx) => {
    await assertRoom(tx, auth, to.id, 1);
    await moveStudentsToClassArm(tx, [id], to.id);
    const { student: after } = await loadStudent(tx, anyStudent, id);
    await recordAudit(tx, actor, {
      action: 'promote',
      entity: 'student',
      entityId: id,
      schoolId: row.school.id,
      before: { classArm: before.classArm },
      after: { classArm: after.classArm },
    });
    return { student: after, classArmName: to.name };
  });
}
