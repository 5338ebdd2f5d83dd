import { randomUUID } from 'node:crypto';
import { and, arrayContains, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { academicSessions, classArms, payments, schools, terms, users } from '../src/db/schema.js';
import { demoEmail, FIRST_SCHOOL, SECOND_SCHOOL, useTestApp } from './helper.js';

const now = new Date('2025-11-12T09:00:00Z');

/**
 * A term of its own (no seeded fees) with a school-wide fee of ₦10,000.50, a JSS 2A fee of
 * ₦5,000.00 and a ₦0.10 fee for the demo student alone; the demo student pays the first in full
 * and ₦2,000.00 of the second (plus a failed attempt that does not count).
 */
describe('outstanding fees report', () => {
  const t = useTestApp({ clock: () => now });
  const ids = { first: '', second: '', term: '', jss2a: '', student: '' };
  const counts = { school: 0, jss2a: 0 };

  async function call(who: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: await t.as(who),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  beforeAll(async () => {
    const [first] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    const [second] = await t.ctx.db.select().from(schools).where(eq(schools.name, SECOND_SCHOOL));
    ids.first = first!.id;
    ids.second = second!.id;
    const [session] = await t.ctx.db
      .insert(academicSessions)
      .values({ schoolId: ids.first, name: '2041/2042', startDate: '2041-09-01', endDate: '2042-08-31' })
      .returning();
    const [term] = await t.ctx.db
      .insert(terms)
      .values({
        schoolId: ids.first,
        sessionId: session!.id,
        name: 'First Term',
        startDate: '2041-09-07',
        endDate: '2041-12-18',
      })
      .returning();
    ids.term = term!.id;
    const [arm] = await t.ctx.db
      .select()
      .from(classArms)
      .where(and(eq(classArms.schoolId, ids.first), eq(classArms.name, 'JSS 2A')));
    ids.jss2a = arm!.id;
    const [student] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('student')));
    ids.student = student!.id;
    const active = await t.ctx.db
      .select({ classArmId: users.classArmId })
      .from(users)
      .where(
        and(
          eq(users.schoolId, ids.first),
          arrayContains(users.roles, ['Student']),
          eq(users.status, 'active'),
          isNull(users.deletedAt),
        ),
      );
    counts.school = active.length;
    counts.jss2a = active.filter((row) => row.classArmId === ids.jss2a).length;

    const create = async (overrides: Record<string, unknown>) => {
      const response = await call('admin', 'POST', '/fee/create', {
        term_id: ids.term,
        school_id: ids.first,
        name: `Fee ${randomUUID().slice(0, 8)}`,
        description: 'Report fixture',
        type: 'miscellaneous',
        isApproved: true,
        ...overrides,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data._id as string;
    };
    const wide = await create({ amount: '10000.50' });
    const arm2a = await create({ amount: '5000', appliesTo: 'classArms', classArm_ids: [ids.jss2a] });
    await create({ amount: '0.10', appliesTo: 'students', student_ids: [ids.student] });
    // Neither a pending nor an inactive fee is expected of anyone.
    await call('bursar', 'POST', '/fee/create', {
      term_id: ids.term,
      school_id: ids.first,
      name: 'Pending',
      description: 'Not yet approved',
      type: 'sports',
      amount: '999',
    });
    await create({ amount: '777', isActive: false });

    const pay = (feeId: string, amountKobo: bigint, status: 'success' | 'failed') => ({
      schoolId: ids.first,
      studentId: ids.student,
      feeId,
      amountKobo,
      status,
      method: 'cash' as const,
      reference: `test-${randomUUID()}`,
    });
    await t.ctx.db
      .insert(payments)
      .values([pay(wide, 1_000_050n, 'success'), pay(arm2a, 200_000n, 'success'), pay(arm2a, 300_000n, 'failed')]);
  });

  it('sums expected, paid and outstanding per school, kobo-exact', async () => {
    const response = await call('bursar', 'GET', `/bursar/outstanding-fees-report?term_id=${ids.term}`);
    expect(response.statusCode, response.body).toBe(200);
    const { summary } = response.json().data;
    // Kobo: every student 1,000,050; JSS 2A 500,000 more; the demo student 10 more.
    const expectedKobo = counts.school * 1_000_050 + counts.jss2a * 500_000 + 10;
    const paidKobo = 1_000_050 + 200_000;
    expect(summary).toEqual({
      students: counts.school,
      studentsOwing: counts.school,
      expected: expectedKobo / 100,
      paid: paidKobo / 100,
      outstanding: (expectedKobo - paidKobo) / 100,
    });
  });

  it('shows each student and each class arm', async () => {
    const { outstandingReport } = (
      await call('principal', 'GET', `/bursar/outstanding-fees-report?term_id=${ids.term}`)
    ).json().data;
    const demo = outstandingReport.students.find((row: { _id: string }) => row._id === ids.student);
    expect(demo).toEqual({
      _id: ids.student,
      name: 'Chiamaka Ifeoma Obi',
      regNo: 'CVC/2025/0142',
      classArm: 'JSS 2A',
      expected: 15000.6,
      paid: 12000.5,
      outstanding: 3000.1,
    });
    expect(outstandingReport.students).toHaveLength(counts.school);
    const arm = outstandingReport.byClassArm.find(
      (row: { classArm: { name: string } | null }) => row.classArm?.name === 'JSS 2A',
    );
    const armExpectedKobo = counts.jss2a * 1_500_050 + 10;
    expect(arm).toEqual({
      classArm: { _id: ids.jss2a, name: 'JSS 2A' },
      students: counts.jss2a,
      expected: armExpectedKobo / 100,
      paid: 12000.5,
      outstanding: (armExpectedKobo - 1_200_050) / 100,
    });
    const other = outstandingReport.byClassArm.find(
      (row: { classArm: { name: string } | null }) => row.classArm?.name === 'SS 1A',
    );
    expect(other.expected).toBe(other.students * 10000.5);
    expect(other.paid).toBe(0);
  });

  it('narrows to one class arm', async () => {
    const { outstandingReport, summary } = (
      await call('auditor', 'GET', `/bursar/outstanding-fees-report?term_id=${ids.term}&classArm_id=${ids.jss2a}`)
    ).json().data;
    expect(outstandingReport.byClassArm).toHaveLength(1);
    expect(outstandingReport.students).toHaveLength(counts.jss2a);
    expect(summary.students).toBe(counts.jss2a);
    expect(summary.paid).toBe(12000.5);
  });

  it('keeps to the caller’s schools (404) and needs a school for the super-admin', async () => {
    expect((await call('principal2', 'GET', `/bursar/outstanding-fees-report?term_id=${ids.term}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call('principal2', 'GET', `/bursar/outstanding-fees-report?term_id=${ids.term}&school_id=${ids.first}`))
        .statusCode,
    ).toBe(404);
    const [secondArm] = await t.ctx.db.select().from(classArms).where(eq(classArms.schoolId, ids.second)).limit(1);
    expect(
      (await call('bursar', 'GET', `/bursar/outstanding-fees-report?term_id=${ids.term}&classArm_id=${secondArm!.id}`))
        .statusCode,
    ).toBe(404);
    expect((await call('admin', 'GET', `/bursar/outstanding-fees-report?term_id=${ids.term}`)).statusCode).toBe(422);
    const admin = await call(
      'admin',
      'GET',
      `/bursar/outstanding-fees-report?term_id=${ids.term}&school_id=${ids.first}`,
    );
    expect(admin.json().data.summary.students).toBe(counts.school);
    for (const who of ['student', 'parent']) {
      expect((await call(who, 'GET', `/bursar/outstanding-fees-report?term_id=${ids.term}`)).statusCode).toBe(403);
    }
  });
});
