import { randomUUID } from 'node:crypto';
import { and, arrayContains, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { academicSessions, classArms, parentStudents, payments, schools, terms, users } from '../src/db/schema.js';
import { demoEmail, FIRST_SCHOOL, SECOND_SCHOOL, useTestApp } from './helper.js';

/** Inside the First Term of 2025/2026: the seed's examination fee is overdue, the levy due in 5 days. */
const now = new Date('2025-11-12T09:00:00Z');

describe('what a student owes', () => {
  const t = useTestApp({ clock: () => now });
  const ids = {
    first: '',
    second: '',
    term: '',
    session: '',
    jss2a: '',
    ss1a: '',
    student: '',
    classmate: '',
    stranger: '',
  };

  beforeAll(async () => {
    const [first] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    const [second] = await t.ctx.db.select().from(schools).where(eq(schools.name, SECOND_SCHOOL));
    ids.first = first!.id;
    ids.second = second!.id;
    const [term] = await t.ctx.db
      .select({ id: terms.id, sessionId: terms.sessionId })
      .from(terms)
      .innerJoin(academicSessions, eq(academicSessions.id, terms.sessionId))
      .where(and(eq(terms.schoolId, ids.first), eq(terms.name, 'First Term'), eq(academicSessions.name, '2025/2026')));
    ids.term = term!.id;
    ids.session = term!.sessionId;
    const arms = await t.ctx.db.select().from(classArms).where(eq(classArms.schoolId, ids.first));
    ids.jss2a = arms.find((arm) => arm.name === 'JSS 2A')!.id;
    ids.ss1a = arms.find((arm) => arm.name === 'SS 1A')!.id;
    const [student] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('student')));
    ids.student = student!.id;
    const [stranger] = await t.ctx.db
      .select()
      .from(users)
      .where(and(eq(users.schoolId, second!.id), arrayContains(users.roles, ['Student'])))
      .limit(1);
    ids.stranger = stranger!.id;
  });

  async function call(who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: await t.as(who),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  /** A fee the super-admin creates pre-approved in the first school's current term. */
  async function approvedFee(overrides: Record<string, unknown>) {
    const response = await call('admin', 'POST', '/fee/create', {
      term_id: ids.term,
      school_id: ids.first,
      name: `Fee ${randomUUID().slice(0, 8)}`,
      description: 'Test',
      type: 'miscellaneous',
      amount: '1000',
      isApproved: true,
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { _id: string; name: string };
  }

  const feeNames = (body: { data: { fees: { fee: { name: string } }[] } }) =>
    body.data.fees.map((item) => item.fee.name);

  it('the demo student sees the seeded, approved fees of the current term with due-date summary', async () => {
    const response = await call('student', 'GET', '/student/fees');
    expect(response.statusCode, response.body).toBe(200);
    const { student, fees, summary } = response.json().data;
    expect(student).toMatchObject({
      name: 'Chiamaka Ifeoma Obi',
      regNo: 'CVC/2025/0142',
      classArm: { name: 'JSS 2A' },
    });
    expect(fees.map((item: { fee: { name: string } }) => item.fee.name)).toEqual([
      'Examination fee',
      'Development levy',
      'JSS Tuition',
      'Transport',
    ]);
    const levy = fees.find((item: { fee: { name: string } }) => item.fee.name === 'Development levy');
    expect(levy).toMatchObject({ amountDue: 25000, outstanding: 25000, installmentAmount: 8333.34, isPaid: false });
    expect(summary).toMatchObject({
      totalAmount: 267500,
      totalPaid: 0,
      totalOutstanding: 267500,
      overdueCount: 1,
      overdueAmount: 12500,
      dueSoonCount: 1,
      dueSoonAmount: 25000,
    });
    const outstanding = (await call('student', 'GET', '/student/outstanding-fees')).json().data;
    expect(outstanding.totalAmount).toBe(267500);
    expect(outstanding.outstandingFees).toHaveLength(4);
  });

  it('the pending seed fee and SS tuition are not the student’s', async () => {
    const list = (await call('student', 'GET', '/fee/all')).json().data.fees;
    const names = list.map((fee: { name: string }) => fee.name);
    expect(names).not.toContain('SS Tuition');
    expect(names).not.toContain('Sports and inter-house games');
    expect(names).toContain('JSS Tuition');
    // Nobody but staff learns who else a fee was chosen for.
    const transport = list.find((fee: { name: string }) => fee.name === 'Transport');
    expect(transport.students).toEqual([]);
    const staffView = (await call('bursar', 'GET', `/fee/${transport._id}`)).json().data;
    expect(staffView.students.map((student: { _id: string }) => student._id)).toContain(ids.student);
  });

  it('a class-arm fee is owed by a student of that arm, and follows them when they move', async () => {
    const fee = await approvedFee({ appliesTo: 'classArms', classArm_ids: [ids.jss2a], name: 'JSS 2A trip' });
    const [classmate] = await t.ctx.db
      .select()
      .from(users)
      .where(and(eq(users.classArmId, ids.jss2a), eq(users.status, 'active')))
      .limit(2)
      .then((rows) => rows.filter((row) => row.id !== ids.student));
    ids.classmate = classmate!.id;
    const before = await call('principal', 'GET', `/student/fees?student_id=${ids.classmate}`);
    expect(feeNames(before.json())).toContain('JSS 2A trip');
    const [other] = await t.ctx.db.select().from(users).where(eq(users.classArmId, ids.ss1a)).limit(1);
    const outsider = await call('principal', 'GET', `/student/fees?student_id=${other!.id}`);
    expect(feeNames(outsider.json())).not.toContain('JSS 2A trip');
    expect(feeNames(outsider.json())).toContain('SS Tuition');

    const moved = await call('admin', 'PUT', `/students/${ids.classmate}/academic`, {
      academicStatus: 'active',
      classArm_id: ids.ss1a,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = feeNames((await call('principal', 'GET', `/student/fees?student_id=${ids.classmate}`)).json());
    expect(after).not.toContain('JSS 2A trip');
    expect(after).not.toContain('JSS Tuition');
    expect(after).toContain('SS Tuition');
    expect((await call('bursar', 'GET', `/fee/${fee._id}`)).statusCode).toBe(200);
  });

  it('a student-targeted fee is owed only by the chosen student', async () => {
    await approvedFee({ appliesTo: 'students', student_ids: [ids.student], name: 'Replacement ID card', amount: 0.1 });
    expect(feeNames((await call('student', 'GET', '/student/fees')).json())).toContain('Replacement ID card');
    expect(feeNames((await call('bursar', 'GET', `/student/fees?student_id=${ids.classmate}`)).json())).not.toContain(
      'Replacement ID card',
    );
  });

  it('counts successful payments only, never below zero', async () => {
    const fee = await approvedFee({ name: 'Excursion', amount: '300.00' });
    const pay = (amountKobo: bigint, status: 'success' | 'failed' | 'pending') =>
      t.ctx.db.insert(payments).values({
        schoolId: ids.first,
        studentId: ids.student,
        feeId: fee._id,
        amountKobo,
        status,
        method: 'cash',
        reference: `test-${randomUUID()}`,
      });
    await pay(10_000n, 'success');
    await pay(50_000n, 'failed');
    await pay(50_000n, 'pending');
    const item = (await call('student', 'GET', '/student/fees'))
      .json()
      .data.fees.find((entry: { fee: { name: string } }) => entry.fee.name === 'Excursion');
    expect(item).toMatchObject({ amountDue: 300, amountPaid: 100, outstanding: 200, isPaid: false });
    await pay(25_000n, 'success');
    const over = (await call('student', 'GET', '/student/fees'))
      .json()
      .data.fees.find((entry: { fee: { name: string } }) => entry.fee.name === 'Excursion');
    expect(over).toMatchObject({ amountPaid: 350, outstanding: 0, isPaid: true });
  });

  it('filters by term and session, and refuses another school’s term', async () => {
    const [secondTerm] = await t.ctx.db
      .select({ id: terms.id })
      .from(terms)
      .where(and(eq(terms.sessionId, ids.session), eq(terms.name, 'Second Term')));
    await approvedFee({ term_id: secondTerm!.id, name: 'Second term sports' });
    const bySecond = feeNames((await call('student', 'GET', `/student/fees?term_id=${secondTerm!.id}`)).json());
    expect(bySecond).toEqual(['Second term sports']);
    const bySession = feeNames((await call('student', 'GET', `/student/fees?session_id=${ids.session}`)).json());
    expect(bySession).toEqual(expect.arrayContaining(['Second term sports', 'JSS Tuition']));
    const [foreign] = await t.ctx.db.select({ id: terms.id }).from(terms).where(eq(terms.schoolId, ids.second));
    expect((await call('student', 'GET', `/student/fees?term_id=${foreign!.id}`)).statusCode).toBe(404);
  });

  it('with unpaid=true lists what is still owed from every term that has started, arrears included', async () => {
    const earlier = await t.ctx.db
      .select({ id: terms.id, name: terms.name, session: academicSessions.name })
      .from(terms)
      .innerJoin(academicSessions, eq(academicSessions.id, terms.sessionId))
      .where(and(eq(terms.schoolId, ids.first), eq(academicSessions.name, '2024/2025'), eq(terms.name, 'Third Term')));
    const [upcoming] = await t.ctx.db
      .select({ id: terms.id })
      .from(terms)
      .where(and(eq(terms.sessionId, ids.session), eq(terms.name, 'Third Term')));
    await approvedFee({ term_id: earlier[0]!.id, name: 'Last session arrears', amount: '700' });
    await approvedFee({ term_id: upcoming!.id, name: 'Next term trip', amount: '400' });
    const settled = await approvedFee({ name: 'Settled already', amount: '50' });
    await t.ctx.db.insert(payments).values({
      schoolId: ids.first,
      studentId: ids.student,
      feeId: settled._id,
      amountKobo: 5_000n,
      status: 'success',
      method: 'cash',
      reference: `test-${randomUUID()}`,
    });

    const current = feeNames((await call('bursar', 'GET', `/student/fees?student_id=${ids.student}`)).json());
    expect(current).toContain('Settled already');
    expect(current).not.toContain('Last session arrears');

    const owed = await call('bursar', 'GET', `/student/fees?student_id=${ids.student}&unpaid=true`);
    expect(owed.statusCode, owed.body).toBe(200);
    const names = feeNames(owed.json());
    expect(names).toEqual(expect.arrayContaining(['Last session arrears', 'JSS Tuition']));
    expect(names).not.toContain('Settled already');
    expect(names).not.toContain('Next term trip');
    const arrears = owed
      .json()
      .data.fees.find((item: { fee: { name: string } }) => item.fee.name === 'Last session arrears');
    expect(arrears).toMatchObject({
      outstanding: 700,
      isPaid: false,
      fee: { term: { name: 'Third Term', session: { name: '2024/2025' } } },
    });
  });

  it('a parent sees each linked child, the same figures, and nobody else', async () => {
    const [parent] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('parent')));
    const links = await t.ctx.db.select().from(parentStudents).where(eq(parentStudents.parentId, parent!.id));
    expect(links.map((link) => link.studentId)).toContain(ids.student);
    const own = (await call('student', 'GET', '/student/fees')).json().data;
    const byParent = await call('parent', 'GET', `/student/fees?student_id=${ids.student}`);
    expect(byParent.json().data).toEqual(own);
    const alias = await call('parent', 'GET', `/parent/children/${ids.student}/fees`);
    expect(alias.json().data).toEqual(own);
    const outstanding = await call('parent', 'GET', `/student/outstanding-fees?student_id=${ids.student}`);
    expect(outstanding.json().data.totalAmount).toBe(own.summary.totalOutstanding);

    expect((await call('parent', 'GET', `/student/fees?student_id=${ids.classmate}`)).statusCode).toBe(404);
    expect((await call('parent', 'GET', '/student/fees')).statusCode).toBe(422);
    const parentFees = (await call('parent', 'GET', '/fee/all?limit=200')).json().data.fees;
    expect(parentFees.map((fee: { name: string }) => fee.name)).toContain('Replacement ID card');
    expect(
      parentFees.every((fee: { status: string; isActive: boolean }) => fee.status === 'approved' && fee.isActive),
    ).toBe(true);
  });

  it('a student sees only themself; staff only students of their schools', async () => {
    expect((await call('student', 'GET', `/student/fees?student_id=${ids.classmate}`)).statusCode).toBe(404);
    expect((await call('principal', 'GET', `/student/fees?student_id=${ids.stranger}`)).statusCode).toBe(404);
    expect((await call('principal2', 'GET', `/student/fees?student_id=${ids.student}`)).statusCode).toBe(404);
    expect((await call('proprietor', 'GET', `/student/fees?student_id=${ids.stranger}`)).statusCode).toBe(200);
    expect((await call('bursar', 'GET', '/student/fees')).statusCode).toBe(422);
  });
});
