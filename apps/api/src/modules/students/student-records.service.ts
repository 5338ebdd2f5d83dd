import {
  type DisciplinaryRecordInput,
  displayName,
  entityMessages,
  type StudentPerformance,
  todayIn,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { fieldError, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { inCallerSchools, loadStudent, visibilityOf } from './students.access.js';
import { toDisciplinaryRecord } from './students.presenters.js';
import {
  anyStudent,
  countDisciplinaryRecords,
  findDisciplinaryRecord,
  findParentUser,
  insertDisciplinaryRecord,
  linkParentToStudent,
  listDisciplinaryRecordsOf,
  unlinkParentFromStudent,
  visibleTo,
} from './students.queries.js';

const PARENT = entityMessages('Parent');

/* Conduct and performance */

export async function recordDisciplinary(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  input: DisciplinaryRecordInput,
  actor: Actor,
) {
  const { row } = await loadStudent(ctx.db, inCallerSchools(auth), id);
  if (input.date > todayIn('Africa/Lagos', ctx.clock())) throw fieldError('date', 'Date cannot be in the future');
  return ctx.db.transaction(async (tx) => {
    const createdId = await insertDisciplinaryRecord(tx, {
      schoolId: row.school.id,
      studentId: id,
      recordedBy: auth.userId,
      date: input.date,
      category: input.category,
      description: input.description,
      actionTaken: input.actionTaken || null,
    });
    const stored = await findDisciplinaryRecord(tx, createdId);
    const record = toDisciplinaryRecord(stored!);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'student_disciplinary_record',
      entityId: record._id,
      schoolId: row.school.id,
      after: record,
    });
    return record;
  });
}

export async function listDisciplinary(ctx: AppContext, auth: AuthContext, id: string) {
  await loadStudent(ctx.db, visibleTo(visibilityOf(auth, { self: false, alsoFor: 'students.discipline' })), id);
  const rows = await listDisciplinaryRecordsOf(ctx.db, id);
  return rows.map(toDisciplinaryRecord);
}

/** Only what is recorded: there are no attendance or subject results yet, so those stay null and empty. */
export async function studentPerformance(ctx: AppContext, auth: AuthContext, id: string): Promise<StudentPerformance> {
  const { student } = await loadStudent(
    ctx.db,
    visibleTo(visibilityOf(auth, { self: false, alsoFor: 'students.discipline' })),
    id,
  );
  return {
    currentGPA: student.currentGPA,
    academicStatus: student.academicStatus,
    classArm: student.classArm,
    disciplinaryCount: await countDisciplinaryRecords(ctx.db, id),
    attendanceRate: null,
    subjects: [],
  };
}

/* Parents */

export async function linkParent(ctx: AppContext, auth: AuthContext, id: string, parentId: string, actor: Actor) {
  const { row } = await loadStudent(ctx.db, inCallerSchools(auth), id);
  const parent = await findParentUser(ctx.db, parentId);
  // A parent of another group, like one that does not exist, is not found.
  if (!parent || parent.groupSchoolId !== row.school.groupSchoolId) throw notFound(PARENT.notFound);
  if (!parent.user.roles.includes('Parent')) throw fieldError('parentId', 'This user does not have the Parent role');
  return ctx.db.transaction(async (tx) => {
    if (await linkParentToStudent(tx, { parentId, studentId: id, schoolId: row.school.id })) {
      await recordAudit(tx, actor, {
        action: 'link_parent',
        entity: 'student',
        entityId: id,
        schoolId: row.school.id,
        after: { parentId, parentName: displayName(parent.user) },
      });
    }
    return (await loadStudent(tx, anyStudent, id)).student;
  });
}

export async function unlinkParent(ctx: AppContext, auth: AuthContext, id: string, parentId: string, actor: Actor) {
  const { row } = await loadStudent(ctx.db, inCallerSchools(auth), id);
  return ctx.db.transaction(async (tx) => {
    if (!(await unlinkParentFromStudent(tx, parentId, id))) throw notFound('This parent is not linked to the student');
    await recordAudit(tx, actor, {
      action: 'unlink_parent',
      entity: 'student',
      entityId: id,
      schoolId: row.school.id,
      before: { parentId },
    });
    return (await loadStudent(tx, anyStudent, id)).student;
  });
}
