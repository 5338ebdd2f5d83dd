import { randomUUID } from 'node:crypto';
import { PERMISSIONS, type Permission, type Role } from '@schoolledger/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { academicSessions, auditLogs, classArms, fees, payments, schools, terms, users } from '../src/db/schema.js';
import { demoEmail, FIRST_SCHOOL, SECOND_SCHOOL, useTestApp } from './helper.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Inside the First Term of the 2025/2026 session the demo seed creates. */
const now = new Date('2025-11-12T09:00:00Z');
const FOUR_EYES = 'You cannot approve a fee you created or last edited';

describe('fees', () => {
  const t = useTestApp({ clock: () => now });
  const ids = { first: '', second: '', term: '', secondTerm: '', otherTerm: '', jss2a: '', secondArm: '', student: '' };

  beforeAll(async () => {
    const rows = await t.ctx.db.select().from(schools);
    ids.first = rows.find((row) => row.name === FIRST_SCHOOL)!.id;
    ids.second = rows.find((row) => row.name === SECOND_SCHOOL)!.id;
    const termOf = async (schoolId: string, name: string) => {
      const [row] = await t.ctx.db
        .select({ id: terms.id })
        .from(terms)
        .innerJoin(academicSessions, eq(academicSessions.id, terms.sessionId))
        .where(and(eq(terms.schoolId, schoolId), eq(terms.name, name), eq(academicSessions.name, '2025/2026')));
      return row!.id;
    };
    ids.term = await termOf(ids.first, 'First Term');
    ids.otherTerm = await termOf(ids.first, 'Second Term');
    ids.secondTerm = await termOf(ids.second, 'First Term');
    const arm = async (schoolId: string) =>
      (
        await t.ctx.db
          .select()
          .from(classArms)
          .where(and(eq(classArms.schoolId, schoolId), eq(classArms.name, 'JSS 2A')))
      )[0]!.id;
    ids.jss2a = await arm(ids.first);
    ids.secondArm = await arm(ids.second);
    const [student] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('student')));
    ids.student = student!.id;
  });

  async function call(who: string, method: Method, url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: await t.as(who),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  const feeBody = (overrides: Record<string, unknown> = {}) => ({
    term_id: ids.term,
    school_id: ids.first,
    name: `Fee ${randomUUID().slice(0, 8)}`,
    description: 'A test fee',
    type: 'library',
    amount: '1500.00',
    ...overrides,
  });

  async function create(who: string, overrides: Record<string, unknown> = {}) {
    const response = await call(who, 'POST', '/fee/create', feeBody(overrides));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Fee created successfully!');
    return response.json().data;
  }

  const ROLES: Record<Role, string> = {
    Admin: 'admin',
    ICT_administrator: 'ict',
    Proprietor: 'proprietor',
    Principal: 'principal',
    Headteacher: 'headteacher',
    Bursar: 'bursar',
    Auditor: 'auditor',
    Accountant: 'accountant',
    Student: 'student',
    Parent: 'parent',
  };

  describe('permissions follow SPEC §6', () => {
    const guarded: [Permission, Method, (id: string) => string, unknown][] = [
      ['fees.manage', 'POST', () => '/fee/create', {}],
      ['fees.manage', 'PUT', (id) => `/fee/${id}/update`, {}],
      ['fees.manage', 'DELETE', (id) => `/fee/${id}/delete`, undefined],
      ['fees.approve', 'POST', (id) => `/fee/${id}/approve`, { isApproved: true }],
      ['fees.approve', 'POST', (id) => `/fee/${id}/reject`, { reason: 'no' }],
      ['fees.view', 'GET', () => '/fee/stats', undefined],
      ['fees.view', 'GET', (id) => `/fee/${id}/history`, undefined],
      ['fees.reports', 'GET', () => `/bursar/outstanding-fees-report?term_id=${ids.term}`, undefined],
    ];
    for (const [permission, method, url, payload] of guarded) {
      it(`${method} ${url(':id')} needs ${permission}`, async () => {
        const fee = randomUUID();
        const refused: Record<string, boolean> = {};
        const expected: Record<string, boolean> = {};
        for (const [role, who] of Object.entries(ROLES)) {
          const response = await call(who, method, url(fee), payload);
          refused[role] = response.statusCode === 403;
          expected[role] = !(PERMISSIONS[permission] as readonly string[]).includes(role);
        }
        expect(refused).toEqual(expected);
      });
    }

    it('the fee lists are open to every role that reads or pays fees, each seeing their own share', async () => {
      const readers = Object.entries(ROLES).filter(([role]) => role !== 'Accountant');
      for (const [, who] of readers) {
        const response = await call(who, 'GET', '/fee/all');
        expect(response.statusCode, who).toBe(200);
        expect(response.json(), who).toMatchObject({ success: true, data: { fees: expect.any(Array) } });
      }
    });

    it('the accountant, who keeps the books and nothing else, is refused the fee lists', async () => {
      const response = await call('accountant', 'GET', '/fee/all');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, data: null });
    });
  });

  describe('creating', () => {
    it('checks the form and accepts the spec’s decription spelling', async () => {
      const missing = await call('bursar', 'POST', '/fee/create', {});
      expect(missing.statusCode).toBe(422);
      const fields = missing.json().errors.map((error: { field: string }) => error.field);
      expect(fields).toEqual(expect.arrayContaining(['term_id', 'school_id', 'name', 'type', 'amount']));
      const noDescription = await call('bursar', 'POST', '/fee/create', feeBody({ description: undefined }));
      expect(noDescription.statusCode).toBe(422);
      expect(noDescription.json().message).toBe('Description is required');
      const tooMany = await call('bursar', 'POST', '/fee/create', feeBody({ no_ofInstallments: 13 }));
      expect(tooMany.statusCode).toBe(422);
      const subKobo = await call('bursar', 'POST', '/fee/create', feeBody({ amount: '10.005' }));
      expect(subKobo.statusCode).toBe(422);

      const fee = await create('bursar', { description: undefined, decription: 'Spelt the spec’s way' });
      expect(fee).toMatchObject({ description: 'Spelt the spec’s way', decription: 'Spelt the spec’s way' });
    });

    it('keeps amounts kobo-exact', async () => {
      const big = await create('bursar', { amount: '1000000.01' });
      expect(big.amount).toBe(1000000.01);
      const split = await create('bursar', { amount: 100000, isInstallmentAllowed: true, no_ofInstallments: 7 });
      expect(split).toMatchObject({ no_ofInstallments: 7, installmentAmount: 14285.72 });
      const [row] = await t.ctx.db.select().from(fees).where(eq(fees.id, big._id));
      expect(row!.amountKobo).toBe(100000001n);
    });

    it('a non-admin’s isApproved leaves the fee pending; an Admin’s pre-approval counts', async () => {
      const bursar = await create('bursar', { isApproved: true });
      expect(bursar).toMatchObject({ status: 'pending', isApproved: false, approvedBy: null, approvedAt: null });
      const ict = await create('ict', { isApproved: true });
      expect(ict.status).toBe('pending');
      const admin = await create('admin', { isApproved: true });
      expect(admin).toMatchObject({ status: 'approved', isApproved: true, approvedBy: { name: 'Oluwaseun Adebayo' } });
      expect(admin.approvedAt).not.toBeNull();
    });

    it('writes a created event and an audit row in the same change', async () => {
      const fee = await create('bursar');
      const history = await call('principal', 'GET', `/fee/${fee._id}/history`);
      expect(history.json().data).toMatchObject([{ action: 'created', actor: { name: 'Adaeze Eze' }, changes: [] }]);
      const audit = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.entityId, fee._id));
      expect(audit).toMatchObject([{ entity: 'fee', action: 'create', schoolId: ids.first }]);
    });

    it('needs the term of the same school, both in scope', async () => {
      const foreignTerm = await call('bursar', 'POST', '/fee/create', feeBody({ term_id: ids.secondTerm }));
      expect(foreignTerm.statusCode).toBe(404);
      const foreignSchool = await call('bursar', 'POST', '/fee/create', feeBody({ school_id: ids.second }));
      expect(foreignSchool.statusCode).toBe(404);
      const mismatch = await call('admin', 'POST', '/fee/create', feeBody({ term_id: ids.secondTerm }));
      expect(mismatch.statusCode).toBe(404);
    });

    it('refuses class arms and students of another school, naming the field', async () => {
      const arms = await call(
        'admin',
        'POST',
        '/fee/create',
        feeBody({ appliesTo: 'classArms', classArm_ids: [ids.secondArm] }),
      );
      expect(arms.statusCode).toBe(422);
      expect(arms.json().errors[0].field).toBe('classArm_ids');
      const [stranger] = await t.ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.schoolId, ids.second))
        .limit(1);
      const students = await call(
        'admin',
        'POST',
        '/fee/create',
        feeBody({ appliesTo: 'students', student_ids: [stranger!.id] }),
      );
      expect(students.statusCode).toBe(422);
      expect(students.json().errors[0].field).toBe('student_ids');
      const empty = await call('admin', 'POST', '/fee/create', feeBody({ appliesTo: 'classArms' }));
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors[0].field).toBe('classArm_ids');
    });
  });

  describe('four eyes', () => {
    it('the creator cannot approve, even an Admin; another reviewer can', async () => {
      const fee = await create('bursar', { isApproved: true });
      const self = await call('bursar', 'POST', `/fee/${fee._id}/approve`, { isApproved: true });
      expect(self.statusCode).toBe(403);
      expect(self.json().message).toBe(FOUR_EYES);
      const byAdmin = await create('admin');
      expect(byAdmin.status).toBe('pending');
      expect((await call('admin', 'POST', `/fee/${byAdmin._id}/approve`, {})).statusCode).toBe(403);

      const approved = await call('principal', 'POST', `/fee/${fee._id}/approve`, { isApproved: true });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({
        message: 'Fee approved successfully!',
        data: { status: 'approved', isApproved: true, approvedBy: { name: 'Ibrahim Musa' } },
      });
      expect(approved.json().data.approvedAt).toBe(now.toISOString());
      const again = await call('ict', 'POST', `/fee/${fee._id}/approve`, {});
      expect(again.statusCode).toBe(409);
    });

    it('the last editor cannot approve', async () => {
      const fee = await create('bursar');
      const edited = await call('ict', 'PUT', `/fee/${fee._id}/update`, feeBody({ name: fee.name, amount: '1600' }));
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data.updatedBy.name).toBe('Emeka Nwosu');
      const byEditor = await call('ict', 'POST', `/fee/${fee._id}/approve`, {});
      expect(byEditor.statusCode).toBe(403);
      expect(byEditor.json().message).toBe(FOUR_EYES);
      // The creator is still the creator, so the bursar cannot approve either.
      expect((await call('bursar', 'POST', `/fee/${fee._id}/approve`, {})).statusCode).toBe(403);
      const approved = await call('principal', 'POST', `/fee/${fee._id}/approve`, {});
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data).toMatchObject({
        _id: fee._id,
        status: 'approved',
        approvedBy: { name: 'Ibrahim Musa' },
      });
    });

    it('rejecting needs a reason, obeys the same rule and is recorded', async () => {
      const fee = await create('bursar');
      const noReason = await call('principal', 'POST', `/fee/${fee._id}/reject`, { reason: '  ' });
      expect(noReason.statusCode).toBe(422);
      expect(noReason.json().message).toBe('Please provide a reason for rejection');
      expect((await call('principal', 'POST', `/fee/${fee._id}/reject`, {})).json().message).toBe(
        'Please provide a reason for rejection',
      );
      const own = await call('bursar', 'POST', `/fee/${fee._id}/reject`, { reason: 'Mine' });
      expect(own.statusCode).toBe(403);
      const rejected = await call('principal', 'POST', `/fee/${fee._id}/reject`, { reason: 'Amount too high' });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json()).toMatchObject({
        message: 'Fee rejected',
        data: { status: 'rejected', isApproved: false, rejectionReason: 'Amount too high' },
      });

      const edited = await call('bursar', 'PUT', `/fee/${fee._id}/update`, feeBody({ name: fee.name, amount: '1200' }));
      expect(edited.json().data).toMatchObject({ status: 'pending', rejectionReason: null });
      const history = (await call('auditor', 'GET', `/fee/${fee._id}/history`)).json().data;
      expect(history.map((entry: { action: string }) => entry.action)).toEqual(['created', 'rejected', 'edited']);
      expect(history[1]).toMatchObject({ reason: 'Amount too high', actor: { name: 'Ibrahim Musa' } });
    });
  });

  describe('editing an approved fee', () => {
    it('a changed amount sends it back for approval, with the change in its history', async () => {
      const fee = await create('bursar');
      await call('principal', 'POST', `/fee/${fee._id}/approve`, {});
      const response = await call(
        'bursar',
        'PUT',
        `/fee/${fee._id}/update`,
        feeBody({ name: fee.name, amount: 2000.5 }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        message: 'Fee updated successfully!',
        data: { status: 'pending', isApproved: false, approvedBy: null, amount: 2000.5 },
      });
      const history = (await call('principal', 'GET', `/fee/${fee._id}/history`)).json().data;
      expect(history.map((entry: { action: string }) => entry.action)).toEqual([
        'created',
        'approved',
        'edited',
        'sent_back',
      ]);
      expect(history[2].changes).toEqual([{ field: 'amount', from: 1500, to: 2000.5 }]);
    });

    it('a change of wording alone keeps the approval', async () => {
      const fee = await create('bursar');
      await call('principal', 'POST', `/fee/${fee._id}/approve`, {});
      const response = await call('bursar', 'PUT', `/fee/${fee._id}/update`, feeBody({ name: 'Renamed fee' }));
      expect(response.json().data).toMatchObject({ status: 'approved', approvedBy: { name: 'Ibrahim Musa' } });
      const history = (await call('principal', 'GET', `/fee/${fee._id}/history`)).json().data;
      expect(history.at(-1)).toMatchObject({
        action: 'edited',
        changes: [{ field: 'name', from: fee.name, to: 'Renamed fee' }],
      });
    });

    it('targeting or the active flag count as material; an Admin’s isApproved keeps it approved', async () => {
      const fee = await create('bursar');
      await call('principal', 'POST', `/fee/${fee._id}/approve`, {});
      const retarget = await call(
        'bursar',
        'PUT',
        `/fee/${fee._id}/update`,
        feeBody({ name: fee.name, appliesTo: 'classArms', classArm_ids: [ids.jss2a], isApproved: true }),
      );
      expect(retarget.json().data).toMatchObject({
        status: 'pending',
        appliesTo: 'classArms',
        classArms: [{ _id: ids.jss2a, name: 'JSS 2A' }],
      });
      await call('principal', 'POST', `/fee/${fee._id}/approve`, {});
      const byAdmin = await call(
        'admin',
        'PUT',
        `/fee/${fee._id}/update`,
        feeBody({ name: fee.name, isActive: false, isApproved: true }),
      );
      expect(byAdmin.json().data).toMatchObject({
        status: 'approved',
        isActive: false,
        approvedBy: { name: 'Oluwaseun Adebayo' },
      });
    });

    it('cannot move a fee to another school', async () => {
      const fee = await create('admin');
      const moved = await call(
        'admin',
        'PUT',
        `/fee/${fee._id}/update`,
        feeBody({ school_id: ids.second, term_id: ids.secondTerm }),
      );
      expect(moved.statusCode).toBe(422);
      expect(moved.json().errors[0].field).toBe('school_id');
    });
  });

  describe('deleting', () => {
    it('soft-deletes a fee without payments and refuses one with payments (409)', async () => {
      const fee = await create('bursar');
      const deleted = await call('bursar', 'DELETE', `/fee/${fee._id}/delete`);
      expect(deleted.json()).toMatchObject({ success: true, message: 'Fee deleted successfully!' });
      expect((await call('bursar', 'GET', `/fee/${fee._id}`)).statusCode).toBe(404);
      const [row] = await t.ctx.db.select().from(fees).where(eq(fees.id, fee._id));
      expect(row!.deletedAt).not.toBeNull();

      const paid = await create('bursar');
      await t.ctx.db.insert(payments).values({
        schoolId: ids.first,
        studentId: ids.student,
        feeId: paid._id,
        amountKobo: 100n,
        status: 'failed',
        method: 'cash',
        reference: `test-${randomUUID()}`,
      });
      const refused = await call('bursar', 'DELETE', `/fee/${paid._id}/delete`);
      expect(refused.statusCode).toBe(409);
      expect((await call('bursar', 'GET', `/fee/${paid._id}`)).json().data).toMatchObject({ _id: paid._id });
    });
  });

  describe('reading', () => {
    it('lists filter and page in SQL', async () => {
      const name = `Searchable ${randomUUID().slice(0, 6)}`;
      await create('bursar', { name, term_id: ids.otherTerm });
      const found = await call('bursar', 'GET', `/fee/all?search=${encodeURIComponent(name)}`);
      expect(found.json().data.fees.map((fee: { name: string }) => fee.name)).toEqual([name]);
      const byTerm = (await call('bursar', 'GET', `/fee/term?term_id=${ids.otherTerm}`)).json().data;
      expect(new Set(byTerm.fees.map((fee: { term: { _id: string } }) => fee.term._id))).toEqual(
        new Set([ids.otherTerm]),
      );
      const page = (await call('bursar', 'GET', '/fee/all?limit=2&page=2')).json().data;
      expect(page.fees).toHaveLength(2);
      expect(page.pagination).toMatchObject({ page: 2, limit: 2 });
      expect(page.pagination.total).toBeGreaterThan(4);

      const unapproved = (await call('principal', 'GET', '/fee/get-unapproved-fees?limit=200')).json().data.fees;
      expect(unapproved.length).toBeGreaterThan(0);
      expect(unapproved.every((fee: { status: string }) => fee.status === 'pending')).toBe(true);
      const approved = (await call('principal', 'GET', `/fee/${ids.term}/get-approved-fees`)).json().data.fees;
      expect(approved.length).toBeGreaterThan(0);
      expect(
        approved.every(
          (fee: { status: string; term: { _id: string } }) => fee.status === 'approved' && fee.term._id === ids.term,
        ),
      ).toBe(true);
      const pendingInTerm = (await call('principal', 'GET', `/fee/${ids.term}/get-unapproved-fees`)).json().data.fees;
      expect(new Set(pendingInTerm.map((fee: { status: string }) => fee.status))).toEqual(new Set(['pending']));
      const school = (await call('auditor', 'GET', `/fee/school/${ids.first}`)).json().data.fees;
      expect(new Set(school.map((fee: { school: { _id: string } }) => fee.school._id))).toEqual(new Set([ids.first]));
    });

    it('another school’s fees, terms and schools are not found (404)', async () => {
      const theirs = await create('admin', { school_id: ids.second, term_id: ids.secondTerm });
      for (const url of [
        `/fee/${theirs._id}`,
        `/fee/${theirs._id}/history`,
        `/fee/school/${ids.second}`,
        `/fee/term?term_id=${ids.secondTerm}`,
        `/fee/${ids.secondTerm}/get-approved-fees`,
        `/fee/all?school_id=${ids.second}`,
        `/fee/stats?school_id=${ids.second}`,
      ]) {
        expect((await call('principal', 'GET', url)).statusCode, url).toBe(404);
      }
      expect((await call('bursar', 'PUT', `/fee/${theirs._id}/update`, feeBody())).statusCode).toBe(404);
      expect((await call('bursar', 'DELETE', `/fee/${theirs._id}/delete`)).statusCode).toBe(404);
      expect((await call('principal', 'POST', `/fee/${theirs._id}/approve`, {})).statusCode).toBe(404);
      expect((await call('principal', 'POST', `/fee/${theirs._id}/reject`, { reason: 'x' })).statusCode).toBe(404);
      const mine = (await call('principal2', 'GET', '/fee/all?limit=200')).json().data.fees;
      expect(mine.map((fee: { _id: string }) => fee._id)).toContain(theirs._id);
      expect(new Set(mine.map((fee: { school: { _id: string } }) => fee.school._id))).toEqual(new Set([ids.second]));
      expect((await call('principal2', 'GET', `/fee/${theirs._id}`)).json().data).toMatchObject({ _id: theirs._id });
      // The proprietor oversees both schools of the group.
      expect((await call('proprietor', 'GET', `/fee/${theirs._id}`)).json().data).toMatchObject({ _id: theirs._id });
    });

    it('stats sum kobo-exact in SQL: ₦0.10 + ₦0.20 is ₦0.30', async () => {
      const [session] = await t.ctx.db
        .insert(academicSessions)
        .values({ schoolId: ids.first, name: '2040/2041', startDate: '2040-09-01', endDate: '2041-08-31' })
        .returning();
      const [term] = await t.ctx.db
        .insert(terms)
        .values({
          schoolId: ids.first,
          sessionId: session!.id,
          name: 'First Term',
          startDate: '2040-09-07',
          endDate: '2040-12-18',
        })
        .returning();
      await create('admin', { term_id: term!.id, amount: '0.10', isApproved: true });
      await create('bursar', { term_id: term!.id, amount: 0.2 });
      const stats = await call('auditor', 'GET', `/fee/stats?school_id=${ids.first}&term_id=${term!.id}`);
      expect(stats.json()).toMatchObject({
        message: 'Fee statistics loaded',
        data: {
          totalFees: 2,
          approvedFees: 1,
          pendingApproval: 1,
          rejectedFees: 0,
          activeFees: 2,
          totalAmount: 0.3,
          approvedAmount: 0.1,
          pendingAmount: 0.2,
        },
      });
    });
  });
});
