import { type ClassArmInput, entityMessages, type SessionInput, type TermInput } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { conflict, fieldError, isUniqueViolation } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolExistsInScope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { classArmNotFound, sessionNotFound, termNotFound } from './academic.errors.js';
import {
  countFeesBilledToClassArm,
  countFeesOfTerm,
  countStudentsInClassArm,
  countTermsInSession,
  deleteClassArmRow,
  deleteSessionRow,
  deleteTermRow,
  findClassArm,
  findOverlappingSession,
  findOverlappingTerm,
  findSession,
  findTerm,
  insertClassArm,
  insertSession,
  insertTerm,
  updateClassArmRow,
  updateSessionRow,
  updateTermRow,
} from './academic.queries.js';

const SCHOOL = entityMessages('School');

/** Turns a unique-name clash into a message that names the field. */
async function uniqueName<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', message, { status: 409 });
    throw error;
  }
}

/* Sessions */

export async function getSession(ctx: AppContext, auth: AuthContext, id: string) {
  const row = await findSession(ctx.db, auth.scope, id);
  if (!row) throw sessionNotFound();
  return row;
}

async function assertNoSessionOverlap(ctx: AppContext, input: SessionInput, exceptId?: string) {
  const overlap = await findOverlappingSession(ctx.db, {
    schoolId: input.school_id,
    startDate: input.startDate,
    endDate: input.endDate,
    exceptId,
  });
  if (overlap) throw fieldError('startDate', `These dates overlap the session ${overlap.name}`);
}

export async function createSession(ctx: AppContext, auth: AuthContext, input: SessionInput, actor: Actor) {
  await assertSchoolExistsInScope(ctx.db, auth.scope, input.school_id, SCHOOL.notFound);
  await assertNoSessionOverlap(ctx, input);
  return uniqueName(`A session named ${input.name} already exists`, () =>
    ctx.db.transaction(async (tx) => {
      const row = await insertSession(tx, {
        schoolId: input.school_id,
        name: input.name,
        startDate: input.startDate,
        endDate: input.endDate,
        isActive: input.isActive,
      });
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'session',
        entityId: row.id,
        schoolId: row.schoolId,
        after: row,
      });
      return row;
    }),
  );
}

export async function updateSession(ctx: AppContext, auth: AuthContext, id: string, input: SessionInput, actor: Actor) {
  const before = await getSession(ctx, auth, id);
  if (input.school_id !== before.schoolId) throw fieldError('school_id', 'A session cannot move to another school');
  await assertNoSessionOverlap(ctx, input, id);
  return uniqueName(`A session named ${input.name} already exists`, () =>
    ctx.db.transaction(async (tx) => {
      const after = await updateSessionRow(tx, id, {
        name: input.name,
        startDate: input.startDate,
        endDate: input.endDate,
        isActive: input.isActive,
      });
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'session',
        entityId: id,
        schoolId: before.schoolId,
        before,
        after,
      });
      return after;
    }),
  );
}

export async function deleteSession(ctx: AppContext, auth: AuthContext, id: string, actor: Actor) {
  const before = await getSession(ctx, auth, id);
  if ((await countTermsInSession(ctx.db, id)) > 0) throw conflict('This session still has terms. Delete them first.');
  await ctx.db.transaction(async (tx) => {
    await deleteSessionRow(tx, id);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'session',
      entityId: id,
      schoolId: before.schoolId,
      before,
    });
  });
}

/* Terms: always inside their session's dates, never overlapping a sibling term. */

export async function getTerm(ctx: AppContext, auth: AuthContext, id: string) {
  const row = await findTerm(ctx.db, auth.scope, id);
  if (!row) throw termNotFound();
  return row;
}

async function checkTermDates(ctx: AppContext, auth: AuthContext, input: TermInput, exceptId?: string) {
  const session = await findSession(ctx.db, auth.scope, input.session);
  if (!session) throw sessionNotFound();
  if (input.startDate < session.startDate || input.endDate > session.endDate) {
    throw fieldError(
      'startDate',
      `Term dates must fall within the session ${session.name} (${session.startDate} to ${session.endDate})`,
    );
  }
  const overlap = await findOverlappingTerm(ctx.db, {
    sessionId: session.id,
    startDate: input.startDate,
    endDate: input.endDate,
    exceptId,
  });
  if (overlap) throw fieldError('startDate', `These dates overlap the term ${overlap.name}`);
  return session;
}

export async function createTerm(ctx: AppContext, auth: AuthContext, input: TermInput, actor: Actor) {
  const session = await checkTermDates(ctx, auth, input);
  const id = await uniqueName(`A term named ${input.name} already exists in this session`, () =>
    ctx.db.transaction(async (tx) => {
      const row = await insertTerm(tx, {
        schoolId: session.schoolId,
        sessionId: session.id,
        name: input.name,
        startDate: input.startDate,
        endDate: input.endDate,
        isActive: input.isActive,
      });
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'term',
        entityId: row.id,
        schoolId: row.schoolId,
        after: row,
      });
      return row.id;
    }),
  );
  return getTerm(ctx, auth, id);
}

export async function updateTerm(ctx: AppContext, auth: AuthContext, id: string, input: TermInput, actor: Actor) {
  const before = await getTerm(ctx, auth, id);
  if (input.session !== before.term.sessionId) throw fieldError('session', 'A term cannot move to another session');
  await checkTermDates(ctx, auth, input, id);
  await uniqueName(`A term named ${input.name} already exists in this session`, () =>
    ctx.db.transaction(async (tx) => {
      const after = await updateTermRow(tx, id, {
        name: input.name,
        startDate: input.startDate,
        endDate: input.endDate,
        isActive: input.isActive,
      });
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'term',
        entityId: id,
        schoolId: before.term.schoolId,
        before: before.term,
        after,
      });
    }),
  );
  return getTerm(ctx, auth, id);
}

export async function deleteTerm(ctx: AppContext, auth: AuthContext, id: string, actor: Actor) {
  const before = await getTerm(ctx, auth, id);
  if ((await countFeesOfTerm(ctx.db, id)) > 0) throw conflict('This term has fees, so it cannot be deleted.');
  await ctx.db.transaction(async (tx) => {
    await deleteTermRow(tx, id);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'term',
      entityId: id,
      schoolId: before.term.schoolId,
      before: before.term,
    });
  });
}

/* Class arms */

export async function getClassArm(ctx: AppContext, auth: AuthContext, id: string) {
  const row = await findClassArm(ctx.db, auth.scope, id);
  if (!row) throw classArmNotFound();
  return row;
}

export async function createClassArm(ctx: AppContext, auth: AuthContext, input: ClassArmInput, actor: Actor) {
  await assertSchoolExistsInScope(ctx.db, auth.scope, input.school_id, SCHOOL.notFound);
  const id = await uniqueName(`A class arm named ${input.name} already exists`, () =>
    ctx.db.transaction(async (tx) => {
      const row = await insertClassArm(tx, { schoolId: input.school_id, name: input.name, capacity: input.capacity });
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'class_arm',
        entityId: row.id,
        schoolId: row.schoolId,
        after: row,
      });
      return row.id;
    }),
  );
  return getClassArm(ctx, auth, id);
}

export async function updateClassArm(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  input: ClassArmInput,
  actor: Actor,
) {
  const before = await getClassArm(ctx, auth, id);
  if (input.school_id !== before.schoolId) throw fieldError('school_id', 'A class arm cannot move to another school');
  if (input.capacity < before.currentStudentCount) {
    throw fieldError(
      'capacity',
      `Capacity cannot be below the ${before.currentStudentCount} students already in this class arm`,
    );
  }
  await uniqueName(`A class arm named ${input.name} already exists`, () =>
    ctx.db.transaction(async (tx) => {
      const after = await updateClassArmRow(tx, id, { name: input.name, capacity: input.capacity });
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'class_arm',
        entityId: id,
        schoolId: before.schoolId,
        before,
        after,
      });
    }),
  );
  return getClassArm(ctx, auth, id);
}

export async function deleteClassArm(ctx: AppContext, auth: AuthContext, id: string, actor: Actor) {
  const before = await getClassArm(ctx, auth, id);
  if ((await countStudentsInClassArm(ctx.db, id)) > 0)
    throw conflict('This class arm still has students. Move them to another class arm first.');
  if ((await countFeesBilledToClassArm(ctx.db, id)) > 0)
    throw conflict('Fees are billed to this class arm, so it cannot be deleted.');
  await ctx.db.transaction(async (tx) => {
    await deleteClassArmRow(tx, id);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'class_arm',
      entityId: id,
      schoolId: before.schoolId,
      before,
    });
  });
}
