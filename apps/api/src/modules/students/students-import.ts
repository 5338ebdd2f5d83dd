import {
  displayName,
  EMERGENCY_RELATIONSHIPS,
  type ImportPreview,
  STUDENT_FILE_COLUMNS,
  type StudentInput,
  studentInputSchema,
  todayIn,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { conflict, fieldError, isUniqueViolation } from '../../lib/errors.js';
import { readTableFile } from '../../lib/table-file.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { notifyAccountsCreated } from '../notifications/notices.service.js';
import {
  classArmsOfSchool,
  insertStudentProfiles,
  insertStudentUsers,
  takenEmails,
  takenRegNos,
} from './students.queries.js';
import { initialPasswordProblem, profileValues, userValues } from './students.service.js';

type Column = (typeof STUDENT_FILE_COLUMNS)[number];

const INSERT_CHUNK = 500;
// argon2 runs on libuv's thread pool; a few more hashes in flight than its four threads keeps it busy.

/** The column of the file a field of studentInputSchema comes from. */
const COLUMN_OF: Record<string, Column> = {
  firstname: 'First Name',
  middlename: 'Middle Name',
  lastname: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  DOB: 'Date of Birth',
  gender: 'Gender',
  regNo: 'Registration Number',
  classArm_id: 'Class Arm',
  type: 'Type',
  expectedGraduationYear: 'Expected Graduation Year',
  'address.street': 'Street',
  'address.city': 'City',
  'address.state': 'State',
  'address.country': 'Country',
  'address.postalCode': 'Postal Code',
  'guardian.name': 'Guardian Name',
  'guardian.relationship': 'Guardian Relationship',
  'guardian.phone': 'Guardian Phone',
  'guardian.email': 'Guardian Email',
  'emergencyContact.name': 'Emergency Contact Name',
  'emergencyContact.relationship': 'Emergency Contact Relationship',
  'emergencyContact.phone': 'Emergency Contact Phone',
};

/** Dates as the template asks (YYYY-MM-DD), or as Nigerian offices write them (DD/MM/YYYY). */
function isoDate(text: string): string {
  const local = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  return local ? `${local[3]}-${local[2]!.padStart(2, '0')}-${local[1]!.padStart(2, '0')}` : text;
}

const capitalised = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1).toLowerCase() : text);
const relationship = (text: string) =>
  EMERGENCY_RELATIONSHIPS.find((option) => option.toLowerCase() === text.toLowerCase()) ?? text;

export interface ParsedImport {
  preview: ImportPreview;
  valid: { row: number; input: StudentInput }[];
}

/** Reads and checks every row of an import file without writing anything. */
export async function checkImportFile(ctx: AppContext, schoolId: string, buffer: Buffer): Promise<ParsedImport> {
  const [header, ...body] = await readTableFile(buffer);
  const position = new Map((header?.cells ?? []).map((name, index) => [name.toLowerCase(), index]));
  const missing = STUDENT_FILE_COLUMNS.filter((column) => !position.has(column.toLowerCase()));
  if (missing.length) throw fieldError('file', `The file is missing the columns: ${missing.join(', ')}`);

  const arms = new Map((await classArmsOfSchool(ctx.db, schoolId)).map((arm) => [arm.name.toLowerCase(), arm.id]));
  const rows = body
    .filter((line) => line.cells.some(Boolean))
    .map((line) => {
      const cell = (column: Column) => line.cells[position.get(column.toLowerCase())!]?.trim() ?? '';
      const armName = cell('Class Arm');
      const candidate = {
        firstname: cell('First Name'),
        middlename: cell('Middle Name') || null,
        lastname: cell('Last Name'),
        email: cell('Email'),
        phone: cell('Phone'),
        DOB: isoDate(cell('Date of Birth')),
        gender: capitalised(cell('Gender')),
        regNo: cell('Registration Number'),
        address: {
          street: cell('Street'),
          city: cell('City'),
          state: cell('State'),
          country: cell('Country'),
          postalCode: cell('Postal Code') || null,
        },
        school_id: schoolId,
        classArm_id: arms.get(armName.toLowerCase()),
        type: cell('Type').toLowerCase(),
        expectedGraduationYear: cell('Expected Graduation Year') || undefined,
        guardian: {
          name: cell('Guardian Name'),
          relationship: relationship(cell('Guardian Relationship')),
          phone: cell('Guardian Phone'),
          email: cell('Guardian Email') || null,
        },
        emergencyContact: {
          name: cell('Emergency Contact Name'),
          relationship: relationship(cell('Emergency Contact Relationship')),
          phone: cell('Emergency Contact Phone'),
        },
      };
      const errors: { field: string; message: string }[] = [];
      if (armName && !candidate.classArm_id) {
        errors.push({ field: 'Class Arm', message: `There is no class arm named ${armName} in this school` });
      }
      const parsed = studentInputSchema.safeParse(candidate);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = COLUMN_OF[issue.path.join('.')] ?? issue.path.join('.');
          if (!errors.some((error) => error.field === field)) errors.push({ field, message: issue.message });
        }
      }
      const passwordProblem =
        candidate.firstname && candidate.regNo && initialPasswordProblem(candidate.firstname, candidate.regNo);
      if (passwordProblem) errors.push({ field: 'Registration Number', message: passwordProblem });
      return {
        row: line.row,
        regNo: candidate.regNo || null,
        name: displayName(candidate),
        email: candidate.email,
        errors,
        input: parsed.success ? parsed.data : null,
      };
    });

  const [regNosTaken, emailsTaken] = await Promise.all([
    takenRegNos(
      ctx.db,
      schoolId,
      rows.flatMap((row) => (row.regNo ? [row.regNo] : [])),
    ),
    takenEmails(
      ctx.db,
      rows.flatMap((row) => (row.email ? [row.email] : [])),
    ),
  ]);
  const firstRegNo = new Map<string, number>();
  const firstEmail = new Map<string, number>();
  for (const row of rows) {
    const regNo = row.regNo?.toLowerCase();
    if (regNo) {
      if (regNosTaken.has(regNo)) {
        row.errors.push({
          field: 'Registration Number',
          message: `A student with registration number ${row.regNo} already exists in this school`,
        });
      } else if (firstRegNo.has(regNo)) {
        row.errors.push({
          field: 'Registration Number',
          message: `This registration number is also on row ${firstRegNo.get(regNo)}`,
        });
      } else firstRegNo.set(regNo, row.row);
    }
    const email = row.email.toLowerCase();
    if (email) {
      if (emailsTaken.has(email)) {
        row.errors.push({ field: 'Email', message: 'A user with this email already exists' });
      } else if (firstEmail.has(email)) {
        row.errors.push({ field: 'Email', message: `This email is also on row ${firstEmail.get(email)}` });
      } else firstEmail.set(email, row.row);
    }
  }

  const valid = rows.flatMap((row) =>
    row.input && row.errors.length === 0 ? [{ row: row.row, input: row.input }] : [],
  );
  return {
    preview: {
      rows: rows.map(({ row, regNo, name, errors }) => ({ row, regNo, name, errors })),
      validCount: valid.length,
      invalidCount: rows.length - valid.length,
    },
    valid,
  };
}

/** Creates every valid row in one transaction: all of them, or none if the database refuses one. */
export async function importStudents(
  ctx: AppContext,
  schoolId: string,
  parsed: ParsedImport,
  fileName: string,
  actor: Actor,
) {
  const enrolledAt = todayIn('Africa/Lagos', ctx.clock());
  const created = parsed.valid.length;
  const failed = parsed.preview.invalidCount;
  try {
    await ctx.db.transaction(async (tx) => {
      const createdIds: string[] = [];
      for (let start = 0; start < parsed.valid.length; start += INSERT_CHUNK) {
        const chunk = parsed.valid.slice(start, start + INSERT_CHUNK);
        const inserted = await insertStudentUsers(
          tx,
          chunk.map(({ input }) => ({
            ...userValues(input),
            roles: ['Student'],
            passwordHash: null,
            mustChangePassword: true,
          })),
        );
        const idOf = new Map(inserted.map((row) => [row.email.toLowerCase(), row.id]));
        createdIds.push(...idOf.values());
        await insertStudentProfiles(
          tx,
          chunk.map(({ input }) => ({
            userId: idOf.get(input.email.toLowerCase())!,
            ...profileValues(input),
            enrolledAt,
          })),
        );
      }
      await recordAudit(tx, actor, {
        action: 'import',
        entity: 'student',
        entityId: null,
        schoolId,
        after: { file: fileName, created, failed },
      });
      await notifyAccountsCreated(tx, ctx, createdIds);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(
        'Some registration numbers or emails were taken while importing; nothing was imported. Try again.',
      );
    }
    throw error;
  }
  return { created, failed };
}
