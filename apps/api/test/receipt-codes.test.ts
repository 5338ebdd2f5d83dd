import { SCHOOL_ERROR_CODES, type School, todayIn } from '@schoolledger/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import { auditLogs, payments, users } from '../src/db/schema.js';
import { demoEmail, useTestApp } from './helper.js';
import { approvedFee, call, insertPayment, loadPaymentIds, type PaymentIds, payCash } from './payments-support.js';
import { pdfText } from './pdf-text.js';

const YEAR = todayIn('Africa/Lagos', new Date()).slice(0, 4);
const runningNumber = (receiptNo: string) => receiptNo.slice(-6);

describe('receipt numbers are unique across the group: each school prints its own code', () => {
  const t = useTestApp();
  let ids: PaymentIds;

  const schoolOf = async (id: string) => {
    const response = await call(t, 'admin', 'GET', `/school/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as School;
  };

  /** The school form as the admin saves it, with a new receipt code. */
  const saveCode = async (id: string, receiptCode: string) => {
    const school = await schoolOf(id);
    return t.app.inject({
      method: 'PUT',
      url: `/api/v1/school/${id}/update`,
      headers: await t.as('admin'),
      payload: {
        groupSchool_id: school.groupSchool._id,
        name: school.name,
        email: school.email ?? '',
        phoneNumber: school.phoneNumber,
        isActive: school.isActive,
        street: school.address!.street,
        street_no: school.address!.street_no,
        town: school.address!.town,
        state: school.address!.state,
        country: school.address!.country,
        zip_code: school.address!.zip_code,
        receiptCode,
      },
    });
  };

  beforeAll(async () => {
    ids = await loadPaymentIds(t);
  });

  it('two schools taking cash at the same moment issue the same running numbers under different codes', async () => {
    const [ikejaA, ikejaB, wuseA, wuseB] = await Promise.all([
      approvedFee(t, ids.school, ids.term),
      approvedFee(t, ids.school, ids.term),
      approvedFee(t, ids.secondSchool, ids.secondTerm),
      approvedFee(t, ids.secondSchool, ids.secondTerm),
    ]);
    const [a, b, c, d] = await Promise.all([
      payCash(t, ids.student, ikejaA, '1000'),
      payCash(t, ids.student, ikejaB, '1000'),
      payCash(t, ids.son, wuseA, '1000'),
      payCash(t, ids.son, wuseB, '1000'),
    ]);
    const ikeja = [a!.receiptNo, b!.receiptNo];
    const wuse = [c!.receiptNo, d!.receiptNo];
    for (const receipt of ikeja) expect(receipt).toMatch(new RegExp(`^CVC-${YEAR}-\\d{6}$`));
    for (const receipt of wuse) expect(receipt).toMatch(new RegExp(`^CVW-${YEAR}-\\d{6}$`));
    // Each school counts on its own, so the running numbers match, as they did when both printed RCP-.
    expect(ikeja.map(runningNumber).sort()).toEqual(wuse.map(runningNumber).sort());
    expect(new Set([...ikeja, ...wuse]).size).toBe(4);

    const repeated = await rowsOf<{ receiptNo: string }>(
      t.ctx.db,
      sql`select receipt_no as "receiptNo" from payments where receipt_no is not null group by receipt_no having count(*) > 1`,
    );
    expect(repeated).toEqual([]);
  });

  it('the demo schools show their codes, and a new school gets its initials, made unique in the group', async () => {
    expect((await schoolOf(ids.school)).receiptCode).toBe('CVC');
    expect((await schoolOf(ids.secondSchool)).receiptCode).toBe('CVW');
    const ikeja = await schoolOf(ids.school);
    const create = (name: string) =>
      call(t, 'admin', 'POST', '/school/create', {
        groupSchool_id: ikeja.groupSchool._id,
        name,
        phoneNumber: '+2348031234567',
        street: 'Admiralty Way',
        street_no: '3',
        town: 'Lekki',
        state: 'Lagos',
        country: 'Nigeria',
        zip_code: '105102',
      });
    const first = await create('Greenfield Academy, Lekki');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.receiptCode).toBe('GAL');
    const second = await create('Grace Arena Learning');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.receiptCode).toBe('GAL2');
    // Schools of the same initials created at the same moment each get a free code of their own.
    const together = await Promise.all(
      ['Hill Top Nursery', 'Holy Trinity Nursery', 'Harvest Time Nursery'].map(create),
    );
    for (const response of together) expect(response.statusCode, response.body).toBe(200);
    expect(new Set(together.map((response) => response.json().data.receiptCode))).toEqual(
      new Set(['HTN', 'HTN2', 'HTN3']),
    );
  });

  it('a receipt issued before codes keeps its RCP- number: it still checks out publicly and is found by search', async () => {
    const fee = await approvedFee(t, ids.school, ids.term, '5000');
    const old = await insertPayment(t, {
      schoolId: ids.school,
      studentId: ids.student,
      feeId: fee,
      amountKobo: 250_000n,
      method: 'cash',
      status: 'success',
      paidAt: new Date(),
    });
    const receiptNo = `RCP-${YEAR}-000777`;
    await t.ctx.db.update(payments).set({ receiptNo }).where(eq(payments.id, old.id));

    const pdf = await call(t, 'bursar', 'GET', `/payment/${old.id}/receipt`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(receiptNo);
    const code = /[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}/.exec(text)![0];
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payment/receipt/verify/${code}?receipt=${receiptNo}`,
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data).toMatchObject({ valid: true, receiptNo, amount: 2500 });

    const found = await call(t, 'bursar', 'GET', `/payment/all?search=${receiptNo}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.payments.map((payment: { _id: string }) => payment._id)).toEqual([old.id]);
  });

  it('refuses a code another school of the group has or printed, or RCP, with a clear code; a bad one fails validation', async () => {
    const taken = await saveCode(ids.school, 'cvw');
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json()).toMatchObject({
      success: false,
      code: SCHOOL_ERROR_CODES.receiptCodeTaken,
      errors: [
        { field: 'receiptCode', message: 'Another school of the group uses CVW on its receipts. Choose another code.' },
      ],
    });
    const old = await saveCode(ids.secondSchool, 'RCP');
    expect(old.statusCode, old.body).toBe(409);
    expect(old.json().code).toBe(SCHOOL_ERROR_CODES.receiptCodeTaken);

    const malformed = await saveCode(ids.school, 'CV C!');
    expect(malformed.statusCode, malformed.body).toBe(422);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'receiptCode' }] });
    expect((await schoolOf(ids.school)).receiptCode).toBe('CVC');
  });

  it('a code changed by the admin is audited, numbers the next receipts, and the old code stays the school’s', async () => {
    const changed = await saveCode(ids.school, 'ikj');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.receiptCode).toBe('IKJ');

    const [admin] = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail('admin')));
    const trail = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'school'), eq(auditLogs.action, 'update'), eq(auditLogs.entityId, ids.school)));
    expect(
      trail.map((row) => ({
        actorId: row.actorId,
        before: (row.before as { receiptCode: string }).receiptCode,
        after: (row.after as { receiptCode: string }).receiptCode,
      })),
    ).toEqual([{ actorId: admin!.id, before: 'CVC', after: 'IKJ' }]);

    const next = await payCash(t, ids.student, await approvedFee(t, ids.school, ids.term), '1000');
    // The school's count runs on from the two receipts of the first test; only the code changed.
    expect(next.receiptNo).toBe(`IKJ-${YEAR}-000003`);

    // CVC is on Ikeja's receipts: no other school of the group may take it, Ikeja may take it back.
    const reuse = await saveCode(ids.secondSchool, 'CVC');
    expect(reuse.statusCode, reuse.body).toBe(409);
    expect(reuse.json().code).toBe(SCHOOL_ERROR_CODES.receiptCodeTaken);
    expect((await saveCode(ids.school, 'CVC')).statusCode).toBe(200);
  });
});
