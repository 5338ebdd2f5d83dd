import {
  addDays,
  displayName,
  REPORT_FILTERS,
  REPORT_MAX_RANGE_DAYS,
  REPORTS,
  type ReportFilters,
  type ReportId,
  todayIn,
} from '@schoolledger/domain';
import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../app-context.js';
import { forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolInScope, inSchoolScope, schoolInScope } from '../../plugins/tenancy.js';
import { classArmNotFound, sessionNotFound, termNotFound } from '../academic/academic.errors.js';
import { noTerms } from '../fees/fees.errors.js';
import { defaultTermOf } from '../fees/fees.queries.js';
import { studentNotFound } from '../students/students.errors.js';
import { studentFamilyAccount } from '../virtual-accounts/virtual-accounts.queries.js';
import type { ReportSchool, ResolvedReport } from './report-definition.js';
import { filterMismatch, filterNotTaken, filterRequired } from './reports.errors.js';
import { findClassArm, findSchool, findSession, findStudent, findTerm, isParentOf } from './reports.queries.js';

/** Reports about one term of one school: without a term they take the school's current one. */
const TERM_REPORTS: readonly ReportId[] = ['outstanding', 'debtors', 'fee_schedule'];
/**
 * A period with no dates, term or session chosen: the last 30 Lagos days. Chosen dates bound when
 * money moved; a term alone means its fees, whenever they were paid.
 */
const DEFAULT_RANGE_DAYS = 30;

export const mayRun = (auth: AuthContext, id: ReportId) => REPORTS[id].roles.some((role) => auth.roles.includes(role));

/** Only the filters the report reads; anything else is named in a 422 rather than ignored. */
function checkFilterNames(id: ReportId, filters: ReportFilters) {
  const { filters: taken, required = [] } = REPORTS[id];
  for (const name of REPORT_FILTERS) {
    if (filters[name] !== undefined && !taken.includes(name)) throw filterNotTaken(name);
  }
  for (const name of required) if (filters[name] === undefined) throw filterRequired(name);
}

/** A staff member reads any student of their schools; a parent their children; a student themselves. */
async function resolveStudent(ctx: AppContext, auth: AuthContext, studentId: string) {
  const student = await findStudent(ctx.db, studentId);
  if (!student?.schoolId) throw studentNotFound();
  const own = student.id === auth.userId;
  const child = auth.roles.includes('Parent') && (await isParentOf(ctx.db, auth.userId, student.id));
  const staff = REPORTS.student_statement.roles.some(
    (role) => role !== 'Parent' && role !== 'Student' && auth.roles.includes(role),
  );
  if (!own && !child && !(staff && schoolInScope(auth.scope, student.schoolId))) throw studentNotFound();
  const account = await studentFamilyAccount(ctx.db, student.id, student.schoolId);
  return {
    id: student.id,
    name: displayName(student),
    regNo: student.regNo,
    schoolId: student.schoolId,
    paymentCode: student.paymentCode,
    familyAccount: account
      ? { number: account.accountNumber, bank: account.bankName, name: account.accountName }
      : null,
  };
}

/**
 * Checks a report request against the caller and fills in its defaults: every id must be in the
 * caller's scope (else the same 404 as any other unknown id) and belong to the one school of the
 * request; the school may come from the term, session or class arm chosen.
 */
export async function resolveReport(
  ctx: AppContext,
  auth: AuthContext,
  id: ReportId,
  filters: ReportFilters,
): Promise<ResolvedReport> {
  if (!mayRun(auth, id)) throw forbidden();
  checkFilterNames(id, filters);
  const now = ctx.clock();
  const today = todayIn('Africa/Lagos', now);

  const student = filters.studentId ? await resolveStudent(ctx, auth, filters.studentId) : null;
  // An id of a school the caller cannot see is, to them, not there: the same 404 as an unknown one.
  const visible = <Row extends { schoolId: string }>(row: Row | undefined) =>
    row && schoolInScope(auth.scope, row.schoolId) ? row : undefined;
  const term = filters.termId ? visible(await findTerm(ctx.db, filters.termId)) : undefined;
  if (filters.termId && !term) throw termNotFound();
  const session = filters.sessionId ? visible(await findSession(ctx.db, filters.sessionId)) : undefined;
  if (filters.sessionId && !session) throw sessionNotFound();
  const classArm = filters.classArmId ? visible(await findClassArm(ctx.db, filters.classArmId)) : undefined;
  if (filters.classArmId && !classArm) throw classArmNotFound();

  const schoolId =
    filters.schoolId ??
    student?.schoolId ??
    term?.schoolId ??
    session?.schoolId ??
    classArm?.schoolId ??
    (auth.scope.kind === 'school' ? auth.scope.schoolId : undefined);
  let school: ReportSchool | null = null;
  if (schoolId) {
    if (!student) assertSchoolInScope(auth.scope, schoolId);
    school = (await findSchool(ctx.db, schoolId)) ?? null;
    if (!school) throw filterMismatch('schoolId', 'School not found');
  }
  // An id of another school than the one chosen is, for this request, not there.
  if (term && term.schoolId !== schoolId) throw termNotFound();
  if (session && session.schoolId !== schoolId) throw sessionNotFound();
  if (classArm && classArm.schoolId !== schoolId) throw classArmNotFound();
  if (term && session && term.sessionId !== session.id) {
    throw filterMismatch('termId', 'The term is not in the chosen session');
  }

  let reportTerm = term ?? null;
  if (!reportTerm && TERM_REPORTS.includes(id)) {
    if (!school) throw filterRequired('schoolId');
    const termId = await defaultTermOf(ctx.db, school.id, today);
    if (!termId) throw noTerms();
    reportTerm = (await findTerm(ctx.db, termId)) ?? null;
  }

  const takesDates = REPORTS[id].filters.includes('from');
  let range: ResolvedReport['range'] = null;
  if (filters.from || filters.to) {
    const to = filters.to ?? today;
    const from = filters.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
    if (from > to) throw filterMismatch('to', 'The end date must be on or after the start date');
    if (Date.parse(to) - Date.parse(from) > REPORT_MAX_RANGE_DAYS * 86_400_000) {
      throw filterMismatch('from', 'A report covers at most 5 years');
    }
    range = { from, to };
  } else if (term) {
    // The term's fees, whenever they were paid: the builder filters by term.
    range = null;
  } else if (session) {
    range = { from: session.startDate, to: session.endDate };
  } else if (takesDates) {
    range = { from: addDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today };
  }

  const inSchools = (column: AnyPgColumn) => (school ? eq(column, school.id) : inSchoolScope(auth.scope, column));
  return {
    id,
    auth,
    filters,
    inSchools,
    school,
    term: reportTerm
      ? {
          id: reportTerm.id,
          name: reportTerm.name,
          session: reportTerm.session,
          startDate: reportTerm.startDate,
          endDate: reportTerm.endDate,
        }
      : null,
    classArm: classArm ? { id: classArm.id, name: classArm.name } : null,
    range,
    student,
    now,
  };
}
