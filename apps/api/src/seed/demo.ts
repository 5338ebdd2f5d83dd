import type { Role } from '@schoolledger/domain';
import { and, count, desc, eq, inArray, isNotNull, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  academicSessions,
  addresses,
  classArms,
  groupSchools,
  parentStudents,
  schools,
  studentProfiles,
  terms,
  users,
} from '../db/schema.js';
import { hashPassword, verifyPassword } from '../lib/passwords.js';
import { type PastAuditEntry, recordPastAudits } from '../modules/audit/audit.queries.js';
import { seedDemoExpenses } from './expenses.js';
import { seedDemoFees } from './fees.js';
import { seedDemoHistory } from './history.js';
import { seedDemoPaymentProfiles } from './payments.js';
import { CLASS_ARMS, demoPopulation } from './population.js';
import { demoTillDaysBegin, seedDemoTills } from './tills.js';

export const DEMO_PASSWORD = 'schoolledger';
export const DEMO_DOMAIN = 'demo.schoolledger.ng';
export const DEMO_GROUP_NAME = 'Crestview Educational Group';

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Nigerian sessions run September to July; the current one is chosen from today's date. */
function sessionCalendar(today: Date, offsetYears = 0) {
  const start = (today.getUTCMonth() >= 8 ? today.getUTCFullYear() : today.getUTCFullYear() - 1) + offsetYears;
  return {
    name: `${start}/${start + 1}`,
    startDate: iso(start, 9, 7),
    endDate: iso(start + 1, 8, 31),
    terms: [
      { name: 'First Term', startDate: iso(start, 9, 7), endDate: iso(start, 12, 18) },
      { name: 'Second Term', startDate: iso(start + 1, 1, 5), endDate: iso(start + 1, 4, 9) },
      { name: 'Third Term', startDate: iso(start + 1, 4, 27), endDate: iso(start + 1, 7, 24) },
    ],
  };
}

interface DemoPerson {
  email: string;
  role: Role;
  firstname: string;
  middlename?: string;
  lastname: string;
  phone: string;
  school: 0 | 1 | null;
  classArm?: string;
  regNo?: string;
}

const PEOPLE: DemoPerson[] = [
  { email: 'admin', role: 'Admin', firstname: 'Oluwaseun', lastname: 'Adebayo', phone: '08031234501', school: null },
  { email: 'ict', role: 'ICT_administrator', firstname: 'Emeka', lastname: 'Nwosu', phone: '08031234502', school: 0 },
  {
    email: 'proprietor',
    role: 'Proprietor',
    firstname: 'Folake',
    middlename: 'Abimbola',
    lastname: 'Ogunleye',
    phone: '08031234503',
    school: 0,
  },
  { email: 'principal', role: 'Principal', firstname: 'Ibrahim', lastname: 'Musa', phone: '08031234504', school: 0 },
  {
    email: 'headteacher',
    role: 'Headteacher',
    firstname: 'Ngozi',
    lastname: 'Okonkwo',
    phone: '08031234505',
    school: 0,
  },
  { email: 'bursar', role: 'Bursar', firstname: 'Adaeze', lastname: 'Eze', phone: '08031234506', school: 0 },
  { email: 'auditor', role: 'Auditor', firstname: 'Tunde', lastname: 'Bakare', phone: '08031234507', school: 0 },
  {
    email: 'accountant',
    role: 'Accountant',
    firstname: 'Kemi',
    lastname: 'Adeyemi',
    phone: '08031234511',
    school: 0,
  },
  {
    email: 'student',
    role: 'Student',
    firstname: 'Chiamaka',
    middlename: 'Ifeoma',
    lastname: 'Obi',
    phone: '08031234508',
    school: 0,
    classArm: 'JSS 2A',
    regNo: 'CVC/2025/0142',
  },
  { email: 'parent', role: 'Parent', firstname: 'Chukwudi', lastname: 'Obi', phone: '08031234509', school: 0 },
  { email: 'principal2', role: 'Principal', firstname: 'Aisha', lastname: 'Bello', phone: '08031234510', school: 1 },
];

/** The sign-ins the README and the start-up list, one per role. */
const DEMO_LOGINS = PEOPLE.map((person) => ({ role: person.role, email: `${person.email}@${DEMO_DOMAIN}` }));
const STUDENT_LOGIN = PEOPLE.find((person) => person.role === 'Student')!;
const PARENT_LOGIN = PEOPLE.find((person) => person.role === 'Parent')!;
const INSERT_CHUNK = 500;

export interface SeedResult {
  groupName: string;
  schoolCount: number;
}

export interface SeedOptions {
  /** Gives the demo schools payment profiles; `ownKeys` stores the demo test keys the local fakes accept. */
  paymentProfiles?: { encryptionKey: Uint8Array; ownKeys: boolean };
  /** Adds last session's fees and payments (seedDemoHistory): for the demo people open, not for tests. */
  history?: boolean;
  /** Told what is being loaded, for a start-up that shows its progress. */
  onProgress?: (message: string) => void;
}

/** True when the database is empty or holds the demo group: the only data the local payment fakes may serve. */
export async function isDemoDatabase(db: Db): Promise<boolean> {
  const [any] = await db.select({ id: users.id }).from(users).limit(1);
  if (!any) return true;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `admin@${DEMO_DOMAIN}`));
  return Boolean(admin);
}

export interface PublicDemoSignIns {
  password: string;
  /** The demo sign-ins of the README that still open with the public password, in its order. */
  logins: { role: Role; email: string }[];
  /** Whether any demo account at all (a named one, or a student or parent of the demo) still does. */
  anyPublic: boolean;
}

/**
 * Which demo accounts anyone could sign in to, knowing the password printed in the README. The
 * demo gives every account one hash, so beside the named accounts only the commonest hash of the
 * demo's people is checked: at most eleven argon2 checks, one on an untouched demo.
 */
export async function publicDemoSignIns(db: Db): Promise<PublicDemoSignIns> {
  const live = and(isNull(users.deletedAt), eq(users.status, 'active'), isNotNull(users.passwordHash));
  const emails = DEMO_LOGINS.map((login) => login.email);
  const [named, [commonest]] = await Promise.all([
    db
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(and(live, inArray(sql`lower(${users.email})`, emails))),
    db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(and(live, like(sql`lower(${users.email})`, `%@${DEMO_DOMAIN}`)))
      .groupBy(users.passwordHash)
      .orderBy(desc(count()))
      .limit(1),
  ]);
  const checked = new Map<string, Promise<boolean>>();
  const isPublic = (hash: string | null) => {
    if (!hash) return Promise.resolve(false);
    if (!checked.has(hash)) checked.set(hash, verifyPassword(hash, DEMO_PASSWORD));
    return checked.get(hash)!;
  };
  const publicEmails = new Set<string>();
  for (const row of named) if (await isPublic(row.passwordHash)) publicEmails.add(row.email.toLowerCase());
  const logins = DEMO_LOGINS.filter((login) => publicEmails.has(login.email));
  const anyPublic = logins.length > 0 || (await isPublic(commonest?.passwordHash ?? null));
  return { password: DEMO_PASSWORD, logins, anyPublic };
}

/** Loads the demo school group into an empty database; does nothing when any user exists. */
export async function seedDemoIfEmpty(
  db: Db,
  today = new Date(),
  options: SeedOptions = {},
): Promise<SeedResult | null> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return null;
  const progress = options.onProgress ?? (() => undefined);
  progress('Loading the demo data: schools, sessions, terms and class arms…');
  // One hash for every demo account: argon2 is slow on purpose, and they share the password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction(async (tx) => {
    const [group] = await tx
      .insert(groupSchools)
      .values({
        name: DEMO_GROUP_NAME,
        description: 'Nursery, primary and secondary schools in Lagos and Abuja since 1998.',
      })
      .returning();
    const schoolRows = await tx
      .insert(schools)
      .values([
        {
          groupSchoolId: group!.id,
          name: 'Crestview College, Ikeja',
          email: 'info@ikeja.crestview.edu.ng',
          phoneNumber: '+2348012345678',
          receiptCode: 'CVC',
        },
        {
          groupSchoolId: group!.id,
          name: 'Crestview College, Wuse',
          email: 'info@wuse.crestview.edu.ng',
          phoneNumber: '+2348098765432',
          receiptCode: 'CVW',
        },
      ])
      .returning();
    await tx.insert(addresses).values([
      {
        schoolId: schoolRows[0]!.id,
        street: 'Obafemi Awolowo Way',
        streetNo: '14',
        town: 'Ikeja',
        state: 'Lagos',
        country: 'Nigeria',
        zipCode: '100271',
        isSchoolAddress: true,
      },
      {
        schoolId: schoolRows[1]!.id,
        street: 'Aminu Kano Crescent',
        streetNo: '7',
        town: 'Wuse II',
        state: 'FCT Abuja',
        country: 'Nigeria',
        zipCode: '900288',
        isSchoolAddress: true,
      },
    ]);

    const armIds = new Map<string, string>();
    for (const school of schoolRows) {
      for (const offset of [-1, 0]) {
        const calendar = sessionCalendar(today, offset);
        const [session] = await tx
          .insert(academicSessions)
          .values({
            schoolId: school.id,
            name: calendar.name,
            startDate: calendar.startDate,
            endDate: calendar.endDate,
            isActive: offset === 0,
          })
          .returning();
        await tx
          .insert(terms)
          .values(calendar.terms.map((term) => ({ ...term, schoolId: school.id, sessionId: session!.id })));
      }
      const arms = await tx
        .insert(classArms)
        .values(CLASS_ARMS.map((name) => ({ schoolId: school.id, name, capacity: 40 })))
        .returning();
      for (const arm of arms) armIds.set(`${school.id}:${arm.name}`, arm.id);
    }

    const population = demoPopulation(today, DEMO_DOMAIN, {
      student: {
        email: `${STUDENT_LOGIN.email}@${DEMO_DOMAIN}`,
        firstname: STUDENT_LOGIN.firstname,
        middlename: STUDENT_LOGIN.middlename!,
        lastname: STUDENT_LOGIN.lastname,
        phone: STUDENT_LOGIN.phone,
        regNo: STUDENT_LOGIN.regNo!,
        classArm: STUDENT_LOGIN.classArm!,
      },
      parent: {
        email: `${PARENT_LOGIN.email}@${DEMO_DOMAIN}`,
        firstname: PARENT_LOGIN.firstname,
        lastname: PARENT_LOGIN.lastname,
        phone: PARENT_LOGIN.phone,
      },
    });
    const staff = PEOPLE.filter((person) => person.role !== 'Student').map((person) => {
      const school = person.school === null ? null : schoolRows[person.school]!;
      return {
        email: `${person.email}@${DEMO_DOMAIN}`,
        roles: [person.role],
        firstname: person.firstname,
        middlename: person.middlename ?? null,
        lastname: person.lastname,
        phone: person.phone,
        schoolId: school?.id ?? null,
        passwordHash,
      };
    });
    const parents = population.parents.map((parent) => ({
      email: parent.email,
      roles: ['Parent'],
      firstname: parent.firstname,
      middlename: parent.middlename,
      lastname: parent.lastname,
      phone: parent.phone,
      schoolId: schoolRows[parent.school]!.id,
      passwordHash,
    }));
    const students = population.students.map((student) => {
      const schoolId = schoolRows[student.school]!.id;
      return {
        email: student.email,
        roles: ['Student'],
        firstname: student.firstname,
        middlename: student.middlename,
        lastname: student.lastname,
        phone: student.phone,
        schoolId,
        classArmId: armIds.get(`${schoolId}:${student.classArm}`)!,
        regNo: student.regNo,
        passwordHash,
      };
    });
    const ids = new Map<string, string>();
    const people = [...staff, ...parents, ...students];
    for (let start = 0; start < people.length; start += INSERT_CHUNK) {
      progress(
        `Loading the demo data: people ${start + 1}–${Math.min(start + INSERT_CHUNK, people.length)} of ${people.length}…`,
      );
      const rows = await tx
        .insert(users)
        .values(people.slice(start, start + INSERT_CHUNK))
        .returning({ id: users.id, email: users.email });
      for (const row of rows) ids.set(row.email, row.id);
    }
    await tx.insert(studentProfiles).values(
      population.students.map((student) => ({
        userId: ids.get(student.email)!,
        schoolId: schoolRows[student.school]!.id,
        ...student.profile,
      })),
    );
    const schoolOfStudent = new Map(students.map((student) => [student.email, student.schoolId]));
    await tx.insert(parentStudents).values(
      population.links.map(([parent, student]) => ({
        parentId: ids.get(parent)!,
        studentId: ids.get(student)!,
        schoolId: schoolOfStudent.get(student)!,
      })),
    );
    const login = (name: string) => ids.get(`${name}@${DEMO_DOMAIN}`)!;
    progress('Loading the demo data: fees and payment settings…');
    // What the app would have written in the audit trail for all this, written last, oldest first.
    const audits: PastAuditEntry[] = [];
    const currentFees = await seedDemoFees(
      tx,
      [
        {
          schoolId: schoolRows[0]!.id,
          creatorId: login('bursar'),
          approverId: login('principal'),
          transportStudentIds: [login(STUDENT_LOGIN.email)],
        },
        // The second school has no bursar of its own in the demo: the super-admin set its fees up.
        {
          schoolId: schoolRows[1]!.id,
          creatorId: login('admin'),
          approverId: login('principal2'),
          transportStudentIds: [],
        },
      ],
      today,
      { setUpBeforeTerm: Boolean(options.history) },
    );
    audits.push(...currentFees);
    if (options.history) {
      progress('Loading the demo data: last session’s payments…');
      const parentLogin = `${PARENT_LOGIN.email}@${DEMO_DOMAIN}`;
      const followed = [
        `${STUDENT_LOGIN.email}@${DEMO_DOMAIN}`,
        ...population.links.filter(([parent]) => parent === parentLogin).map(([, student]) => student),
      ];
      const pastYear = await seedDemoHistory(
        tx,
        [
          {
            schoolId: schoolRows[0]!.id,
            receiptCode: schoolRows[0]!.receiptCode,
            creatorId: login('bursar'),
            approverId: login('principal'),
            deskId: login('bursar'),
          },
          {
            schoolId: schoolRows[1]!.id,
            receiptCode: schoolRows[1]!.receiptCode,
            creatorId: login('admin'),
            approverId: login('principal2'),
            deskId: login('admin'),
          },
        ],
        {
          now: today,
          paidInFull: new Set(followed.map((email) => ids.get(email)!)),
          currentTermUntil: demoTillDaysBegin(today),
        },
      );
      audits.push(...pastYear);
      progress('Loading the demo data: vendors, expenses and budgets…');
      const expenseSteps = await seedDemoExpenses(
        tx,
        group!.id,
        [
          {
            schoolId: schoolRows[0]!.id,
            bursarId: login('bursar'),
            approverId: login('principal'),
            proprietorId: login('proprietor'),
          },
          {
            schoolId: schoolRows[1]!.id,
            bursarId: login('admin'),
            approverId: login('principal2'),
            proprietorId: login('proprietor'),
          },
        ],
        today,
      );
      audits.push(...expenseSteps);
      progress('Loading the demo data: the cash desk’s tills…');
      const tillSteps = await seedDemoTills(
        tx,
        {
          schoolId: schoolRows[0]!.id,
          receiptCode: schoolRows[0]!.receiptCode,
          bursarId: login('bursar'),
          principalId: login('principal'),
        },
        today,
      );
      audits.push(...tillSteps);
    }
    await recordPastAudits(tx, audits);
    if (options.paymentProfiles) {
      await seedDemoPaymentProfiles(
        tx,
        schoolRows.map((school) => school.id),
        options.paymentProfiles,
      );
    }

    return {
      groupName: group!.name,
      schoolCount: schoolRows.length,
    };
  });
}
