import { ACADEMIC_STATUSES, capitalize } from '@schoolledger/domain';
import type { AnySection, Column } from '../../../lib/tabular/index.js';
import type { ReportBuilder, ResolvedReport } from '../report-definition.js';
import { classListStudents, enrolmentCounts, promotionsInRange, reportClassArms } from './academic.queries.js';
import { withSchoolColumn } from './school-column.js';

const NOT_IN_AN_ARM = 'Not in a class arm';

/** "JSS 1A", or "JSS 1A (Crestview College, Ikeja)" in a report across schools, where names repeat. */
const armTitle = (report: ResolvedReport, arm: string, school: string) => (report.school ? arm : `${arm} (${school})`);

/* Class lists */

type ClassListRow = { regNo: string; name: string; gender: string; status: string; parentOrGuardian: string };

const CLASS_LIST_COLUMNS: Column<ClassListRow>[] = [
  { key: 'regNo', header: 'Reg. no.', kind: 'text', width: 13 },
  { key: 'name', header: 'Name', kind: 'text', width: 22 },
  { key: 'gender', header: 'Gender', kind: 'text', width: 8 },
  { key: 'status', header: 'Status', kind: 'text', width: 10 },
  { key: 'parentOrGuardian', header: 'Parent / guardian', kind: 'text', width: 24 },
];

type ListedStudent = Awaited<ReturnType<typeof classListStudents>>[number];

const classListRow = (student: ListedStudent): ClassListRow => ({
  regNo: student.regNo ?? '',
  name: student.name,
  gender: student.gender ?? '',
  status: capitalize(student.status),
  parentOrGuardian: student.parentOrGuardian ?? '',
});

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** One list per class arm, empty arms included, then each school's students who are in none. */
export const classListsReport: ReportBuilder = async (db, report) => {
  const [arms, students] = await Promise.all([reportClassArms(db, report), classListStudents(db, report)]);
  const byArm = groupBy(students, (student) => student.classArmId ?? '');
  const section = (title: string, members: ListedStudent[]): AnySection => ({
    title,
    columns: CLASS_LIST_COLUMNS,
    rows: members.map(classListRow),
  });
  const unplaced = groupBy(byArm.get('') ?? [], (student) => student.school);
  return {
    sections: [
      ...arms.map((arm) => section(armTitle(report, arm.name, arm.school), byArm.get(arm.id) ?? [])),
      ...[...unplaced].map(([school, members]) => section(armTitle(report, NOT_IN_AN_ARM, school), members)),
    ],
  };
};

/* Enrolment */

type EnrolmentRow = Record<string, string | number | null> & { school: string };

/** Fill to one decimal place; an arm with no seats has none. */
const fillPercent = (students: number, capacity: number) =>
  capacity > 0 ? Math.round((students / capacity) * 1000) / 10 : null;

const enrolmentColumns = (report: ResolvedReport, statuses: readonly string[]): Column<EnrolmentRow>[] =>
  withSchoolColumn(report, [
    { key: 'classArm', header: 'Class arm', kind: 'text', width: 14 },
    { key: 'capacity', header: 'Capacity', kind: 'number', total: true },
    ...statuses.map(
      (status): Column<EnrolmentRow> => ({ key: status, header: capitalize(status), kind: 'number', total: true }),
    ),
    { key: 'total', header: 'Total', kind: 'number', total: true },
    { key: 'fill', header: 'Fill %', kind: 'number', width: 8 },
  ]);

/**
 * Students per class arm by academic status, a column for each status that occurs, then each
 * school's students in no arm. Every student not deleted counts against the arm's capacity,
 * whatever their status, as the promotion check counts them.
 */
export const enrolmentReport: ReportBuilder = async (db, report) => {
  const [arms, counts] = await Promise.all([reportClassArms(db, report), enrolmentCounts(db, report)]);
  const statuses = ACADEMIC_STATUSES.filter((status) => counts.some((count) => count.status === status));
  const byPlace = groupBy(counts, (count) => `${count.schoolId}:${count.classArmId ?? ''}`);
  const row = (school: string, classArm: string, capacity: number | null, place: string): EnrolmentRow => {
    const here = byPlace.get(place) ?? [];
    const total = here.reduce((sum, count) => sum + count.students, 0);
    return {
      school,
      classArm,
      capacity,
      ...Object.fromEntries(
        statuses.map((status) => [status, here.find((count) => count.status === status)?.students ?? 0]),
      ),
      total,
      fill: capacity === null ? null : fillPercent(total, capacity),
    };
  };
  const schoolsWithUnplaced = new Map(
    counts.filter((count) => count.classArmId === null).map((count) => [count.schoolId, count.school]),
  );
  const rows = [
    ...arms.map((arm) => row(arm.school, arm.name, arm.capacity, `${arm.schoolId}:${arm.id}`)),
    ...[...schoolsWithUnplaced].map(([schoolId, school]) => row(school, NOT_IN_AN_ARM, null, `${schoolId}:`)),
  ];
  return {
    sections: [{ title: 'Enrolment by class arm', columns: enrolmentColumns(report, statuses), rows, totals: true }],
  };
};

/* Promotions */

type PromotionRow = { school: string; at: Date; fromArm: string; toArm: string; students: number; by: string };

/** Each promotion in the period, oldest first: a whole class moved at once is one row. */
export const promotionsReport: ReportBuilder = async (db, report) => {
  const promotions = await promotionsInRange(db, report);
  const columns = withSchoolColumn(report, [
    { key: 'at', header: 'When (Lagos)', kind: 'date' },
    { key: 'fromArm', header: 'From', kind: 'text', width: 14 },
    { key: 'toArm', header: 'To', kind: 'text', width: 14 },
    { key: 'students', header: 'Students', kind: 'number', total: true },
    { key: 'by', header: 'By', kind: 'text', width: 18 },
  ]);
  const rows = promotions.map(
    (promotion): PromotionRow => ({
      school: promotion.school ?? '',
      at: promotion.at,
      fromArm: promotion.fromArm ?? '',
      toArm: promotion.toArm ?? '',
      students: promotion.students,
      by: promotion.by ?? '',
    }),
  );
  return { sections: [{ title: 'Promotions', columns, rows, totals: true }] };
};
