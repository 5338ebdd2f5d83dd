import {
  RESULT_FILE_COLUMNS,
  RESULT_GRADE_SUFFIX,
  RESULT_TEMPLATE_SUBJECTS,
  type ResultImportPreview,
  type TermResultInput,
  termResultInputSchema,
} from '@schoolledger/domain';
import type { DbOrTx } from '../../db/client.js';
import { fieldError } from '../../lib/errors.js';
import { readTableFile } from '../../lib/table-file.js';
import { csvText } from '../../lib/tabular/index.js';
import { type ResultWrite, regNosOfOtherSchools, studentsByRegNo, studentsWithResults } from './results.queries.js';

type FixedColumn = (typeof RESULT_FILE_COLUMNS)[number];

/** The column a figure of termResultInputSchema comes from. */
const COLUMN_OF: Record<string, FixedColumn> = {
  average: 'Average',
  position: 'Position',
  classSize: 'Class Size',
  daysPresent: 'Days Present',
  totalDays: 'Total Days',
  lateDays: 'Late Days',
  remark: 'Remark',
};

const MAX_ROWS = 5000;

/** The template: the fixed columns, two example subjects with their grades, and no rows. */
export function resultsTemplate(): Buffer {
  const header = [
    ...RESULT_FILE_COLUMNS,
    ...RESULT_TEMPLATE_SUBJECTS.flatMap((subject) => [subject, `${subject}${RESULT_GRADE_SUFFIX}`]),
  ];
  return Buffer.from(csvText([header]), 'utf8');
}

interface Layout {
  fixed: Map<FixedColumn, number>;
  subjects: { name: string; score: number | null; grade: number | null }[];
}

/** Which column holds what: the fixed ones by name, every other header a subject or its grade. */
function layoutOf(header: string[]): Layout {
  const fixed = new Map<FixedColumn, number>();
  const subjects = new Map<string, { name: string; score: number | null; grade: number | null }>();
  header.forEach((raw, index) => {
    const name = raw.trim();
    if (!name) return;
    const column = RESULT_FILE_COLUMNS.find((known) => known.toLowerCase() === name.toLowerCase());
    if (column) {
      fixed.set(column, index);
      return;
    }
    const isGrade = name.toLowerCase().endsWith(RESULT_GRADE_SUFFIX.toLowerCase());
    const subject = isGrade ? name.slice(0, -RESULT_GRADE_SUFFIX.length).trim() : name;
    const key = subject.toLowerCase();
    const entry = subjects.get(key) ?? { name: subject, score: null, grade: null };
    if (isGrade) entry.grade = index;
    else entry.score = index;
    subjects.set(key, entry);
  });
  if (!fixed.has('Registration Number'))
    throw fieldError('file', 'The file is missing the column: Registration Number');
  return { fixed, subjects: [...subjects.values()] };
}

/** A figure's cell: empty is "not recorded", anything else must be a plain number. */
function numberCell(text: string): number | null | 'invalid' {
  if (text === '') return null;
  const cleaned = text.replace(/%$/, '').trim();
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : 'invalid';
}

export interface ParsedResults {
  preview: ResultImportPreview;
  valid: ResultWrite[];
}

/** Reads and checks every row of a results file against the school's students, writing nothing. */
export async function checkResultsFile(
  db: DbOrTx,
  target: { schoolId: string; termId: string },
  buffer: Buffer,
): Promise<ParsedResults> {
  const [header, ...body] = await readTableFile(buffer);
  const layout = layoutOf(header?.cells ?? []);
  const lines = body.filter((line) => line.cells.some(Boolean));
  if (lines.length === 0) throw fieldError('file', 'The file has no rows of results');
  if (lines.length > MAX_ROWS) throw fieldError('file', `A file holds at most ${MAX_ROWS} students; split it by class`);

  const regNoIndex = layout.fixed.get('Registration Number')!;
  const regNos = [...new Set(lines.map((line) => line.cells[regNoIndex]?.trim() ?? '').filter(Boolean))];
  const [students, elsewhere] = await Promise.all([
    studentsByRegNo(db, target.schoolId, regNos),
    regNosOfOtherSchools(db, target.schoolId, regNos),
  ]);
  const byRegNo = new Map(students.map((student) => [student.regNo.toLowerCase(), student]));
  const seen = new Map<string, number>();

  const checked = lines.map((line) => {
    const cell = (index: number | null | undefined) => (index == null ? '' : (line.cells[index]?.trim() ?? ''));
    const errors: { field: string; message: string }[] = [];
    const regNo = cell(regNoIndex);
    const student = byRegNo.get(regNo.toLowerCase());
    if (!regNo) errors.push({ field: 'Registration Number', message: 'Registration Number is required' });
    else if (!student) {
      errors.push({
        field: 'Registration Number',
        message: elsewhere.has(regNo.toLowerCase())
          ? `${regNo} is not a student of this school`
          : `No student with registration number ${regNo}`,
      });
    } else if (seen.has(student.id)) {
      errors.push({ field: 'Registration Number', message: `${regNo} is also on row ${seen.get(student.id)}` });
    } else seen.set(student.id, line.row);

    const figure = (column: FixedColumn) => {
      const value = numberCell(cell(layout.fixed.get(column)));
      if (value !== 'invalid') return value;
      errors.push({ field: column, message: `${column} must be a number` });
      return null;
    };
    const subjects: TermResultInput['subjects'] = [];
    for (const subject of layout.subjects) {
      const score = numberCell(cell(subject.score));
      const grade = cell(subject.grade);
      if (score === 'invalid') {
        errors.push({ field: subject.name, message: `${subject.name} must be a score from 0 to 100` });
      } else if (score !== null || grade) subjects.push({ name: subject.name, score, grade: grade || null });
    }
    const candidate = {
      average: figure('Average'),
      position: figure('Position'),
      classSize: figure('Class Size'),
      daysPresent: figure('Days Present'),
      totalDays: figure('Total Days'),
      lateDays: figure('Late Days'),
      remark: cell(layout.fixed.get('Remark')) || null,
      subjects,
    };
    const parsed = termResultInputSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [key, index] = issue.path;
        const field =
          key === 'subjects' && typeof index === 'number'
            ? (subjects[index]?.name ?? 'Subjects')
            : (COLUMN_OF[String(key)] ?? String(key));
        if (!errors.some((error) => error.field === field)) errors.push({ field, message: issue.message });
      }
    }
    return {
      row: line.row,
      regNo: regNo || null,
      name: student?.name ?? null,
      errors,
      write:
        errors.length === 0 && parsed.success && student
          ? { studentId: student.id, classArmId: student.classArmId, input: parsed.data }
          : null,
    };
  });

  const valid = checked.flatMap((row) => (row.write ? [row.write] : []));
  const existing = await studentsWithResults(
    db,
    target.termId,
    valid.map((row) => row.studentId),
  );
  return {
    preview: {
      rows: checked.map(({ write: _write, ...row }) => row),
      subjects: layout.subjects.map((subject) => subject.name),
      validCount: valid.length,
      invalidCount: checked.length - valid.length,
      replacing: existing.size,
    },
    valid,
  };
}
