import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { schools, terms } from '../src/db/schema.js';
import { NO_TERMS } from '../src/modules/fees/fees.errors.js';
import { FIRST_SCHOOL, useTestApp } from './helper.js';

/** The demo's sessions follow the clock: on 12 Nov 2025 the current term is First Term 2025/2026. */
let now = new Date('2025-11-12T09:00:00Z');

describe('outstanding fees report without a term (SPEC §7 lists it without parameters)', () => {
  const t = useTestApp({ clock: () => now });
  const ids = { school: '', group: '', first: '', second: '' };

  const report = async (who: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/bursar/outstanding-fees-report${query}`,
      headers: await t.as(who),
    });

  beforeAll(async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    ids.school = school!.id;
    ids.group = school!.groupSchoolId;
    const rows = await t.ctx.db.select().from(terms).where(eq(terms.schoolId, ids.school));
    ids.first = rows.find((row) => row.name === 'First Term' && row.startDate === '2025-09-07')!.id;
    ids.second = rows.find((row) => row.name === 'Second Term' && row.startDate === '2026-01-05')!.id;
  });

  it('reports on the term that includes today, and says which', async () => {
    now = new Date('2025-11-12T09:00:00Z');
    const implicit = await report('bursar');
    expect(implicit.statusCode, implicit.body).toBe(200);
    const data = implicit.json().data;
    expect(data.term).toEqual({
      _id: ids.first,
      name: 'First Term',
      session: '2025/2026',
      startDate: '2025-09-07',
      endDate: '2025-12-18',
    });
    // The seeded fees of the current term are owed: the report is not empty.
    expect(data.summary.expected).toBeGreaterThan(0);
    const explicit = await report('bursar', `?term_id=${ids.first}`);
    expect(explicit.json().data).toEqual(data);
  });

  it('between terms, reports on the term that ended last', async () => {
    now = new Date('2026-04-20T09:00:00Z');
    const response = await report('principal');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.term._id).toBe(ids.second);
    now = new Date('2025-11-12T09:00:00Z');
  });

  it('a school with no terms gets a 404 that says so', async () => {
    const [bare] = await t.ctx.db
      .insert(schools)
      .values({ groupSchoolId: ids.group, name: 'Termless Academy', phoneNumber: '08030000000' })
      .returning();
    const response = await report('admin', `?school_id=${bare!.id}`);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ success: false, message: NO_TERMS, data: null });
  });

  it('exports the same report as CSV, one row per student and a total', async () => {
    const json = (await report('bursar')).json().data;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/bursar/outstanding-fees-report/export',
      headers: await t.as('bursar'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="outstanding-first-term-2025-2026.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Student,Reg No,Class Arm,Expected (NGN),Paid (NGN),Outstanding (NGN)');
    expect(lines).toHaveLength(json.outstandingReport.students.length + 2);
    const demo = json.outstandingReport.students.find((row: { regNo: string }) => row.regNo === 'CVC/2025/0142');
    expect(lines).toContain(
      [
        demo.name,
        demo.regNo,
        demo.classArm,
        demo.expected.toFixed(2),
        demo.paid.toFixed(2),
        demo.outstanding.toFixed(2),
      ].join(','),
    );
    const { summary } = json;
    expect(lines.at(-1)).toBe(
      `Total,,,${summary.expected.toFixed(2)},${summary.paid.toFixed(2)},${summary.outstanding.toFixed(2)}`,
    );
  });

  it('the export keeps to who may see reports', async () => {
    for (const who of ['student', 'parent']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/bursar/outstanding-fees-report/export',
        headers: await t.as(who),
      });
      expect(response.statusCode, who).toBe(403);
      expect(response.json().success).toBe(false);
    }
  });
});
