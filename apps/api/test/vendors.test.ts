import { randomUUID } from 'node:crypto';
import { nubanCheckDigit, VENDOR_NUBAN_MESSAGE } from '@schoolledger/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, schools } from '../src/db/schema.js';
import {
  api,
  approvedExpense,
  type ExpenseData,
  type ExpenseIds,
  expenseBody,
  loadExpenseIds,
  pay,
  payoutBody,
} from './expenses-support.js';
import { useTestApp } from './helper.js';

let serial = 100_000_000;
/** A NUBAN that fits the bank: nine digits of serial and the check digit the CBN rule gives. */
function nuban(bankCode: string) {
  const digits = String(++serial);
  return `${digits}${nubanCheckDigit(bankCode, digits)}`;
}

const vendorBody = (change: object = {}) => ({
  name: `Zenith Water Supplies ${randomUUID().slice(0, 6)}`,
  bank_code: '057',
  account_number: nuban('057'),
  account_name: 'Zenith Water Supplies Ltd',
  phone: '08031234567',
  email: 'accounts@zenithwater.ng',
  address: '14 Allen Avenue, Ikeja',
  ...change,
});

interface VendorData {
  _id: string;
  name: string;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  isActive: boolean;
  totalPaid: number;
}

describe('vendors of a group (issue 17 item 4)', () => {
  const t = useTestApp();
  let ids: ExpenseIds;
  let group = '';
  beforeAll(async () => {
    ids = await loadExpenseIds(t);
    group = (await t.ctx.db.select().from(schools).where(eq(schools.id, ids.school)))[0]!.groupSchoolId;
  });

  async function addVendor(who: string, change: object = {}): Promise<VendorData> {
    const response = await api(t, who, 'POST', '/vendors', vendorBody(change));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }
  const listOf = async (who: string, query = '') =>
    (await api(t, who, 'GET', `/vendors${query}`)).json().data.vendors as VendorData[];
  const auditOf = async (id: string) =>
    t.ctx.db
      .select({
        action: auditLogs.action,
        severity: auditLogs.severity,
        schoolId: auditLogs.schoolId,
        groupSchoolId: auditLogs.groupSchoolId,
        before: auditLogs.before,
        after: auditLogs.after,
      })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'vendor'), eq(auditLogs.entityId, id)))
      .orderBy(auditLogs.seq);

  it("adds a vendor to the caller's group, with the bank named from the CBN list, on the group's trail", async () => {
    const body = vendorBody();
    const response = await api(t, 'bursar', 'POST', '/vendors', body);
    expect(response.statusCode, response.body).toBe(200);
    const vendor = response.json().data;
    expect(vendor).toMatchObject({
      name: body.name,
      bankCode: '057',
      bankName: 'Zenith Bank',
      accountNumber: body.account_number,
      accountName: 'Zenith Water Supplies Ltd',
      isActive: true,
      totalPaid: 0,
    });
    expect(await auditOf(vendor._id)).toEqual([
      expect.objectContaining({ action: 'vendor.create', schoolId: null, groupSchoolId: group }),
    ]);
    expect(
      (await listOf('principal2')).map((each) => each._id),
      "the sister school's principal too",
    ).toContain(vendor._id);
  });

  it('refuses an account number whose check digit does not fit the bank', async () => {
    const good = nuban('057');
    const wrong = `${good.slice(0, 9)}${(Number(good[9]) + 1) % 10}`;
    const response = await api(t, 'bursar', 'POST', '/vendors', vendorBody({ account_number: wrong }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ field: 'account_number', message: VENDOR_NUBAN_MESSAGE }]);
    const short = await api(t, 'bursar', 'POST', '/vendors', vendorBody({ account_number: '12345' }));
    expect(short.json().errors).toEqual([
      { field: 'account_number', message: 'Enter the 10-digit NUBAN account number' },
    ]);
  });

  it('takes a bank outside the list by its name, checking the format only', async () => {
    const missing = await api(t, 'bursar', 'POST', '/vendors', vendorBody({ bank_code: 'other' }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([{ field: 'bank_name', message: 'Bank name is required' }]);
    const vendor = await addVendor('bursar', {
      bank_code: 'other',
      bank_name: 'Lagos Microfinance Bank',
      account_number: '0123456789',
    });
    expect(vendor).toMatchObject({ bankCode: 'other', bankName: 'Lagos Microfinance Bank' });
  });

  it('refuses a second vendor of the same name in the group, whatever its case', async () => {
    const vendor = await addVendor('bursar');
    const response = await api(t, 'principal2', 'POST', '/vendors', vendorBody({ name: vendor.name.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'VENDOR_EXISTS',
      errors: [{ field: 'name', message: 'Your group already has a vendor with this name' }],
    });
    const other = await addVendor('bursar');
    const renamed = await api(t, 'bursar', 'PATCH', `/vendors/${other._id}`, vendorBody({ name: vendor.name }));
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().code).toBe('VENDOR_EXISTS');
  });

  it('a change of bank details waits for another approver, then is audited as vendor.bank_details with before and after', async () => {
    const body = vendorBody();
    const vendor = await addVendor('bursar', body);
    const phone = await api(t, 'bursar', 'PATCH', `/vendors/${vendor._id}`, { ...body, phone: '08039998888' });
    expect(phone.statusCode, phone.body).toBe(200);
    const newAccount = nuban('033');
    const bank = await api(t, 'principal', 'PATCH', `/vendors/${vendor._id}`, {
      ...body,
      phone: '08039998888',
      bank_code: '033',
      account_number: newAccount,
    });
    expect(bank.statusCode, bank.body).toBe(200);
    expect(bank.json().data).toMatchObject({
      bankName: 'Zenith Bank',
      accountNumber: body.account_number,
      pendingBankChange: { bankName: 'United Bank for Africa', accountNumber: newAccount },
    });
    const changeId = bank.json().data.pendingBankChange._id;
    const approved = await api(t, 'proprietor', 'POST', `/vendors/${vendor._id}/bank-changes/${changeId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ bankName: 'United Bank for Africa', accountNumber: newAccount });
    const trail = await auditOf(vendor._id);
    expect(trail.map((entry) => entry.action)).toEqual([
      'vendor.create',
      'vendor.update',
      'vendor.bank_details.propose',
      'vendor.bank_details',
    ]);
    expect(trail[3]).toMatchObject({
      severity: 'high',
      before: { bankCode: '057', bankName: 'Zenith Bank', accountNumber: body.account_number },
      after: { bankCode: '033', bankName: 'United Bank for Africa', accountNumber: newAccount },
    });
  });

  it("another group's vendor is neither listed nor found", async () => {
    const made = await api(t, 'admin', 'POST', '/groupschool/create', {
      name: `Harmony Schools ${randomUUID().slice(0, 6)}`,
      description: 'Another group',
    });
    expect(made.statusCode, made.body).toBe(200);
    const otherGroup = made.json().data._id;
    const foreign = await addVendor('admin', { group_school_id: otherGroup });
    expect((await listOf('principal', '?include_inactive=true')).map((each) => each._id)).not.toContain(foreign._id);
    expect((await listOf('proprietor', '?include_inactive=true')).map((each) => each._id)).not.toContain(foreign._id);
    expect((await listOf('admin')).map((each) => each._id)).toContain(foreign._id);
    const patch = await api(t, 'principal', 'PATCH', `/vendors/${foreign._id}`, vendorBody());
    expect(patch.statusCode).toBe(404);
    expect(patch.json().code).toBe('VENDOR_NOT_FOUND');
    const payee = await api(
      t,
      'bursar',
      'POST',
      '/expenses',
      expenseBody(ids, { payee_kind: 'vendor', vendor_id: foreign._id, payee_name: null }),
    );
    expect(payee.statusCode).toBe(422);
    expect(payee.json().errors).toEqual([
      { field: 'vendor_id', message: 'Choose an active vendor of this school’s group' },
    ]);
    const adminWithoutGroup = await api(t, 'admin', 'POST', '/vendors', vendorBody());
    expect(adminWithoutGroup.statusCode).toBe(422);
    expect(adminWithoutGroup.json().errors).toEqual([{ field: 'group_school_id', message: 'Choose the group' }]);
  });

  it('an inactive vendor leaves the list and cannot be chosen as a payee', async () => {
    const body = vendorBody();
    const vendor = await addVendor('bursar', body);
    const off = await api(t, 'bursar', 'PATCH', `/vendors/${vendor._id}`, { ...body, is_active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await listOf('bursar')).map((each) => each._id)).not.toContain(vendor._id);
    expect((await listOf('bursar', '?include_inactive=true')).map((each) => each._id)).toContain(vendor._id);
    const payee = await api(
      t,
      'bursar',
      'POST',
      '/expenses',
      expenseBody(ids, { payee_kind: 'vendor', vendor_id: vendor._id, payee_name: null }),
    );
    expect(payee.statusCode).toBe(422);
    expect(payee.json().errors[0].field).toBe('vendor_id');
  });

  it("shows what the caller's schools paid a vendor, net of reversals", async () => {
    const vendor = await addVendor('bursar');
    const payee = { payee_kind: 'vendor', vendor_id: vendor._id, payee_name: null };
    const ikeja = await approvedExpense(t, ids, { ...payee, amount: 3_000 });
    const paid = (await pay(t, 'bursar', ikeja._id, payoutBody(1_200.5))).json().data as ExpenseData;
    expect((await pay(t, 'bursar', ikeja._id, payoutBody(800))).statusCode).toBe(200);
    const reversed = await api(t, 'bursar', 'POST', `/expenses/${ikeja._id}/payouts/${paid.payouts[0]!._id}/reverse`, {
      reason: 'Wrong account',
    });
    expect(reversed.statusCode).toBe(200);
    const totalOf = async (who: string) => (await listOf(who)).find((each) => each._id === vendor._id)?.totalPaid;
    expect(await totalOf('bursar')).toBe(800);
    expect(await totalOf('proprietor')).toBe(800);
    expect(await totalOf('principal2'), 'a sister school sees none of Ikeja’s spending').toBe(0);
  });

  it('the auditor reads the list; ICT administrators and parents see nothing; only managers add', async () => {
    expect((await api(t, 'auditor', 'GET', '/vendors')).statusCode).toBe(200);
    expect((await api(t, 'auditor', 'POST', '/vendors', vendorBody())).statusCode).toBe(403);
    for (const who of ['ict', 'parent', 'student']) {
      expect((await api(t, who, 'GET', '/vendors')).statusCode, who).toBe(403);
    }
  });
});
