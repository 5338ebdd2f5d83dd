import {
  entityMessages,
  type ResultImportResult,
  type TermResult,
  type TermResultInput,
  type TermResultList,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { fieldError, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolInScope } from '../../plugins/tenancy.js';
import { termNotFound } from '../academic/academic.errors.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import {
  deleteResultsOfTerm,
  deleteTermResult,
  findTermResult,
  listTermResults,
  type ResultRow,
  subjectsOf,
  termInScope,
  updateTermResult,
  upsertTermResults,
} from './results.queries.js';
import type { ParsedResults } from './results-import.js';

const RESULT = entityMessages('Result');
const SCHOOL = entityMessages('School');
const resultNotFound = () => notFound(RESULT.notFound);

/** A term the caller may see; for a write, it must also be of the school the file is for. */
export async function termForCaller(ctx: AppContext, auth: AuthContext, termId: string) {
  const term = await termInScope(ctx.db, auth.scope, termId);
  if (!term) throw termNotFound();
  return term;
}

/** The school an import is for: the one named, or the caller's own; the term must belong to it. */
export async function importTarget(ctx: AppContext, auth: AuthContext, fields: { schoolId?: string; termId: string }) {
  const term = await termForCaller(ctx, auth, fields.termId);
  const schoolId = fields.schoolId ?? term.schoolId;
  assertSchoolInScope(auth.scope, schoolId, SCHOOL.notFound);
  if (schoolId !== term.schoolId) throw fieldError('term_id', 'The term is not of this school');
  return { schoolId, termId: term.id, termName: term.name };
}

/** Writes the file's valid rows for the term in one transaction, with one audit row for the import. */
export async function importResults(
  ctx: AppContext,
  target: { schoolId: string; termId: string; termName: string },
  parsed: ParsedResults,
  filename: string,
  actor: Actor,
): Promise<ResultImportResult> {
  return ctx.db.transaction(async (tx) => {
    const written = await upsertTermResults(
      tx,
      { schoolId: target.schoolId, termId: target.termId, importedBy: actor.userId },
      parsed.valid,
    );
    await recordAudit(tx, actor, {
      action: 'results.import',
      entity: 'term_result',
      entityId: target.termId,
      schoolId: target.schoolId,
      after: { file: filename, term: target.termName, ...written, failed: parsed.preview.invalidCount },
    });
    return { ...written, failed: parsed.preview.invalidCount };
  });
}

export function toTermResult(row: ResultRow): TermResult {
  return {
    _id: row.id,
    student: { _id: row.student_id, name: row.student_name, regNo: row.reg_no },
    classArm: row.class_arm_id && row.class_arm_name ? { _id: row.class_arm_id, name: row.class_arm_name } : null,
    term: { _id: row.term_id, name: row.term_name },
    average: row.average === null ? null : Number(row.average),
    position: row.position,
    classSize: row.class_size,
    daysPresent: row.days_present,
    totalDays: row.total_days,
    lateDays: row.late_days,
    remark: row.remark,
    subjects: subjectsOf(row.subjects),
    updatedAt: row.updated_at,
  };
}

export async function listResults(
  ctx: AppContext,
  auth: AuthContext,
  query: { term_id: string; class_arm_id?: string | undefined; page: number; limit: number },
): Promise<TermResultList> {
  const term = await termForCaller(ctx, auth, query.term_id);
  const { rows, total } = await listTermResults(ctx.db, {
    termId: term.id,
    classArmId: query.class_arm_id,
    page: query.page,
    limit: query.limit,
  });
  return {
    results: rows.map(toTermResult),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

export async function getResult(ctx: AppContext, auth: AuthContext, id: string): Promise<TermResult> {
  const row = await findTermResult(ctx.db, auth.scope, id);
  if (!row) throw resultNotFound();
  return toTermResult(row);
}

export async function editResult(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  input: TermResultInput,
  actor: Actor,
): Promise<TermResult> {
  return ctx.db.transaction(async (tx) => {
    const before = await findTermResult(tx, auth.scope, id);
    if (!before) throw resultNotFound();
    await updateTermResult(tx, id, input);
    const after = (await findTermResult(tx, auth.scope, id))!;
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'term_result',
      entityId: id,
      schoolId: before.school_id,
      before: toTermResult(before),
      after: toTermResult(after),
    });
    return toTermResult(after);
  });
}

export async function removeResult(ctx: AppContext, auth: AuthContext, id: string, actor: Actor) {
  await ctx.db.transaction(async (tx) => {
    const before = await findTermResult(tx, auth.scope, id);
    if (!before) throw resultNotFound();
    await deleteTermResult(tx, id);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'term_result',
      entityId: id,
      schoolId: before.school_id,
      before: toTermResult(before),
    });
  });
}

export async function removeTermResults(ctx: AppContext, auth: AuthContext, termId: string, actor: Actor) {
  const term = await termForCaller(ctx, auth, termId);
  return ctx.db.transaction(async (tx) => {
    const deleted = await deleteResultsOfTerm(tx, term.id);
    await recordAudit(tx, actor, {
      action: 'results.delete_term',
      entity: 'term_result',
      entityId: term.id,
      schoolId: term.schoolId,
      before: { term: term.name, results: deleted },
    });
    return { deleted };
  });
}
