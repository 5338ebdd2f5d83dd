import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { schools } from '../src/db/schema.js';
import { FIRST_SCHOOL, SECOND_SCHOOL, useTestApp } from './helper.js';

interface OwedFeesBody {
  data: {
    school: { _id: string; name: string };
    asOf: string;
    students: { _id: string; name: string; fees: { fee: { _id: string; name: string }; outstanding: number }[] }[];
  };
}

describe('what every student of a school owes (the cash desk copy for working offline)', () => {
  const t = useTestApp();
  const ids = { first: '', second: '' };

  beforeAll(async () => {
    const all = await t.ctx.db.select().from(schools);
    ids.first = all.find((school) => school.name === FIRST_SCHOOL)!.id;
    ids.second = all.find((school) => school.name === SECOND_SCHOOL)!.id;
  });

  const get = async (who: string, url: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: await t.as(who) });

  it("gives the bursar their own school's debtors, each fee as the student's own fee page says it", async () => {
    const response = await get('bursar', '/bursar/owed-fees');
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json() as OwedFeesBody;
    expect(data.school).toEqual({ _id: ids.first, name: FIRST_SCHOOL });
    expect(Number.isNaN(Date.parse(data.asOf))).toBe(false);
    expect(data.students.length).toBeGreaterThan(10);
    for (const student of data.students) {
      expect(student.fees.length).toBeGreaterThan(0);
      for (const item of student.fees) expect(item.outstanding).toBeGreaterThan(0);
    }

    // The same fees and figures as the one-student list the desk uses online, for a few students.
    for (const student of data.students.slice(0, 3)) {
      const single = await get('bursar', `/student/fees?student_id=${student._id}&unpaid=true`);
      const fees = (single.json() as { data: { fees: { fee: { _id: string }; outstanding: number }[] } }).data.fees;
      const byId = (items: { fee: { _id: string }; outstanding: number }[]) =>
        items.map((item) => [item.fee._id, item.outstanding]).sort();
      expect(byId(student.fees)).toEqual(byId(fees));
    }
  });

  it('drops a fee once it is paid in full', async () => {
    const before = (await get('bursar', '/bursar/owed-fees')).json() as OwedFeesBody;
    const student = before.data.students[0]!;
    const fee = student.fees[0]!;
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash',
      headers: { ...(await t.as('bursar')), 'idempotency-key': randomUUID() },
      payload: { user_id: student._id, fee_id: fee.fee._id },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const after = (await get('bursar', '/bursar/owed-fees')).json() as OwedFeesBody;
    const still = after.data.students.find((each) => each._id === student._id);
    expect(still?.fees.map((item) => item.fee._id) ?? []).not.toContain(fee.fee._id);
  });

  it("answers another school's as not found, and refuses people who do not take cash", async () => {
    expect((await get('bursar', `/bursar/owed-fees?school_id=${ids.second}`)).statusCode).toBe(404);
    expect((await get('parent', '/bursar/owed-fees')).statusCode).toBe(403);
    expect((await get('student', '/bursar/owed-fees')).statusCode).toBe(403);
    expect((await get('proprietor', `/bursar/owed-fees?school_id=${ids.second}`)).statusCode).toBe(403);
    // The super-admin takes cash at any school, so names the one it wants.
    expect((await get('admin', '/bursar/owed-fees')).statusCode).toBe(422);
    const admin = await get('admin', `/bursar/owed-fees?school_id=${ids.second}`);
    expect(admin.statusCode, admin.body).toBe(200);
    expect((admin.json() as OwedFeesBody).data.school._id).toBe(ids.second);
  });
});
