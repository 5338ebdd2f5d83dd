import {
  ACADEMIC_STATUSES,
  type AcademicSummary,
  attendanceRate,
  type CalendarDate,
  type HeadteacherDashboard,
  type PrincipalAcademicOverview,
  type ResultsSummary,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../plugins/auth.js';
import {
  academicOf,
  classArmFill,
  currentTermOf,
  type ResultsTally,
  resultsTallyByClassArm,
  studentMakeup,
} from '../results/results.queries.js';
import { termPositionByClassArm } from './collections.queries.js';
import { termFigures } from './collections.service.js';

/*
 * The dashboards' academic side, read from the term results a school imports (modules/results):
 * the student's academic summary, the principal's academic overview and the head teacher's board.
 */

const NOT_RECORDED_ASSIGNMENTS = {
  recorded: false,
  completed: null,
  total: null,
  pending: null,
  overdue: null,
} as const;

/** The signed-in student's latest recorded term, or every figure marked not recorded. */
export async function academicSummary(ctx: AppContext, auth: AuthContext): Promise<AcademicSummary> {
  const academic = (await academicOf(ctx.readDb, [auth.userId])).get(auth.userId);
  if (!academic) {
    return {
      recorded: false,
      term: null,
      currentTerm: { average: null, position: null, totalStudents: null, subjects: [] },
      attendance: { rate: null, daysPresent: null, totalDays: null, lateArrivals: null },
      assignments: NOT_RECORDED_ASSIGNMENTS,
    };
  }
  return {
    recorded: true,
    term: { _id: academic.termId, name: academic.termName },
    currentTerm: {
      average: academic.average,
      position: academic.position,
      totalStudents: academic.classSize,
      subjects: academic.subjects,
    },
    attendance: {
      rate: academic.attendance?.rate ?? null,
      daysPresent: academic.attendance?.daysPresent ?? null,
      totalDays: academic.attendance?.totalDays ?? null,
      lateArrivals: academic.attendance?.late ?? null,
    },
    assignments: NOT_RECORDED_ASSIGNMENTS,
  };
}

const EMPTY_TALLY: ResultsTally = { students: 0, averageSum: 0, averages: 0, daysPresent: 0, totalDays: 0 };

function summaryOf(tallies: ResultsTally[]): ResultsSummary {
  const total = tallies.reduce(
    (sum, tally) => ({
      students: sum.students + tally.students,
      averageSum: sum.averageSum + tally.averageSum,
      averages: sum.averages + tally.averages,
      daysPresent: sum.daysPresent + tally.daysPresent,
      totalDays: sum.totalDays + tally.totalDays,
    }),
    EMPTY_TALLY,
  );
  return {
    studentsWithResults: total.students,
    averageScore: total.averages ? Math.round((total.averageSum * 100) / total.averages) / 100 : null,
    attendanceRate: attendanceRate(total.daysPresent, total.totalDays),
  };
}

/** The school a head teacher's or principal's dashboard is about: their own. */
function ownSchool(auth: AuthContext): string | null {
  return auth.scope.kind === 'school' ? auth.scope.schoolId : null;
}

function makeupOf(rows: Awaited<ReturnType<typeof studentMakeup>>) {
  const byStatus = ACADEMIC_STATUSES.map((key) => ({
    key,
    count: rows.filter((row) => row.status === key).reduce((sum, row) => sum + row.count, 0),
  }));
  const genders = [...new Set(rows.map((row) => row.gender))];
  const byGender = genders.map((key) => ({
    key,
    count: rows.filter((row) => row.gender === key).reduce((sum, row) => sum + row.count, 0),
  }));
  return { byStatus, byGender, totalStudents: rows.reduce((sum, row) => sum + row.count, 0) };
}

export async function principalAcademicOverview(
  ctx: AppContext,
  auth: AuthContext,
  today: CalendarDate,
): Promise<PrincipalAcademicOverview> {
  const schoolId = ownSchool(auth);
  if (!schoolId) {
    return { term: null, totalStudents: 0, classArms: [], byStatus: [], byGender: [], results: summaryOf([]) };
  }
  const [term, arms, makeup] = await Promise.all([
    currentTermOf(ctx.readDb, schoolId, today),
    classArmFill(ctx.readDb, schoolId),
    studentMakeup(ctx.readDb, schoolId),
  ]);
  const tallies = term
    ? await resultsTallyByClassArm(ctx.readDb, schoolId, term.id)
    : new Map<string | null, ResultsTally>();
  const { byStatus, byGender, totalStudents } = makeupOf(makeup);
  return {
    term: term ? { _id: term.id, name: term.name } : null,
    totalStudents,
    classArms: arms.map((arm) => ({
      _id: arm.id,
      name: arm.name,
      students: arm.students,
      capacity: arm.capacity,
      results: summaryOf([tallies.get(arm.id) ?? EMPTY_TALLY]),
    })),
    byStatus,
    byGender,
    results: summaryOf([...tallies.values()]),
  };
}

export async function headteacherDashboard(
  ctx: AppContext,
  auth: AuthContext,
  today: CalendarDate,
): Promise<HeadteacherDashboard> {
  const schoolId = ownSchool(auth);
  const noFees = termFigures({ students: 0, owing: 0, expectedKobo: 0n, paidKobo: 0n, outstandingKobo: 0n });
  if (!schoolId) {
    return {
      school: null,
      term: null,
      totalStudents: 0,
      totalCapacity: 0,
      classArms: [],
      fees: noFees,
      byStatus: [],
      results: summaryOf([]),
    };
  }
  const [term, arms, makeup, positions] = await Promise.all([
    currentTermOf(ctx.readDb, schoolId, today),
    classArmFill(ctx.readDb, schoolId),
    studentMakeup(ctx.readDb, schoolId),
    termPositionByClassArm(ctx.readDb, { scope: auth.scope, today }),
  ]);
  const tallies = term
    ? await resultsTallyByClassArm(ctx.readDb, schoolId, term.id)
    : new Map<string | null, ResultsTally>();
  const all = [...positions.values()].reduce(
    (sum, position) => ({
      students: sum.students + position.students,
      owing: sum.owing + position.owing,
      expectedKobo: sum.expectedKobo + position.expectedKobo,
      paidKobo: sum.paidKobo + position.paidKobo,
      outstandingKobo: sum.outstandingKobo + position.outstandingKobo,
    }),
    { students: 0, owing: 0, expectedKobo: 0n, paidKobo: 0n, outstandingKobo: 0n },
  );
  return {
    school: { _id: schoolId, name: auth.row.school?.name ?? '' },
    term: term ? { _id: term.id, name: term.name } : null,
    totalStudents: makeupOf(makeup).totalStudents,
    totalCapacity: arms.reduce((sum, arm) => sum + arm.capacity, 0),
    classArms: arms.map((arm) => {
      const position = positions.get(arm.id);
      return {
        _id: arm.id,
        name: arm.name,
        students: arm.students,
        capacity: arm.capacity,
        fees: position ? termFigures(position) : noFees,
        results: summaryOf([tallies.get(arm.id) ?? EMPTY_TALLY]),
      };
    }),
    fees: termFigures(all),
    byStatus: makeupOf(makeup).byStatus,
    results: summaryOf([...tallies.values()]),
  };
}
