import { randomUUID } from 'node:crypto';
import { nubanCheckDigit } from '@schoolledger/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, expensePayouts, notifications, users, vendors } from '../src/db/schema.js';
import {
  api,
  approvedExpense,
  createExpense,
  type ExpenseData,
  type ExpenseIds,
  expenseBody,
  loadExpenseIds,
  pay,
  payoutBody,
  staffOf,
  stepOk,
} from './expenses-support.js';
import { demoEmail, type TestApp, useTestApp } from './helper.js';
import { pdfText } from './pdf-text.js';

let serial = 300_000_000;
/** A NUBAN that fits the bank: nine digits of serial and the check digit the CBN rule gives. */
function nuban(bankCode: string) {
  const digits = String(++serial);
  return `${digits}${nubanCheckDigit(bankCode, digits)}`;
}

const vendorBody = (change: object = {}) => ({
  name: `Ikeja Power Installations ${randomUUID().slice(0, 6)}`,
  bank_code: '058',
  account_number: nuban('058'),
  account_name: 'Ikeja Power Installations Ltd',
  phone: '08034567890',
  ...change,
});

interface Account {
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
}
interface VendorData extends Account {
  _id: string;
  name: string;
  pendingBankChange: (Account & { _id: string; proposedBy: { _id: string; name: string } | null }) | null;
}
type PaidExpense = Omit<ExpenseData, 'payee' | 'payouts'> & {
  payee: ExpenseData['payee'] & { account: Account | null; accountFixed: boolean };
  payouts: (ExpenseData['payouts'][number] & { payee: { name: string; account: Account | null } })[];
};

async function idOf(t: TestApp, name: string) {
  const [row] = await t.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmail(name)));
  return row!.id;
}

describe("a vendor's bank details: fixed at approval, changed only with a second approver", () => {
  const t = useTestApp();
  let ids: ExpenseIds;
  beforeAll(async () => {
    ids = await loadExpenseIds(t);
  });

  async function addVendor(change: object = {}) {
    const body = vendorBody(change);
    const response = await api(t, 'bursar', 'POST', '/vendors', body);
    expect(response.statusCode, response.body).toBe(200);
    return { body, vendor: response.json().data as VendorData };
  }
  /** The bursar's edit sending new bank details: a proposal. */
  async function propose(who: Parameters<typeof api>[1], body: object, vendorId: string, account: object) {
    const response = await api(t, who, 'PATCH', `/vendors/${vendorId}`, { ...body, ...account });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { message: string; data: VendorData };
  }
  const decide = (who: Parameters<typeof api>[1], vendorId: string, changeId: string, verb: string, reason?: string) =>
    api(t, who, 'POST', `/vendors/${vendorId}/bank-changes/${changeId}/${verb}`, reason ? { reason } : undefined);
  const forVendor = (vendorId: string) => ({ payee_kind: 'vendor', vendor_id: vendorId, payee_name: null });
  const voucherText = async (expenseId: string, payoutId: string) => {
    const response = await api(t, 'auditor', 'GET', `/expenses/${expenseId}/payouts/${payoutId}/voucher`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return pdfText(response.rawPayload).replace(/\s+/g, '');
  };
  const trailOf = async (vendorId: string) =>
    t.ctx.db
      .select({
        action: auditLogs.action,
        severity: auditLogs.severity,
        actorId: auditLogs.actorId,
        before: auditLogs.before,
        after: auditLogs.after,
      })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'vendor'), eq(auditLogs.entityId, vendorId)))
      .orderBy(auditLogs.seq);

  it("the bursar's own account on an approved vendor: the payout and its voucher go to the approved account", async () => {
    const { body, vendor } = await addVendor();
    const expense = await approvedExpense(t, ids, { ...forVendor(vendor._id), amount: 95_000, title: 'New inverter' });

    const bursarsOwn = nuban('033');
    const edited = await propose('bursar', body, vendor._id, {
      bank_code: '033',
      account_number: bursarsOwn,
      account_name: 'Chinedu Okafor',
    });
    const paid = await pay(t, 'bursar', expense._id, payoutBody(95_000));
    expect(paid.statusCode, paid.body).toBe(200);
    const payout = (paid.json().data as PaidExpense).payouts[0]!;
    const printed = await voucherText(expense._id, payout._id);
    expect(printed).toContain(body.account_number);
    expect(printed).toContain('GuarantyTrustBank');
    expect(printed).not.toContain(bursarsOwn);
    expect(printed).not.toContain('ChineduOkafor');

    expect(edited.message).toContain('wait for another approver');
    expect(edited.data).toMatchObject({ accountNumber: body.account_number, bankName: 'Guaranty Trust Bank' });
    expect(edited.data.pendingBankChange).toMatchObject({
      bankName: 'United Bank for Africa',
      accountNumber: bursarsOwn,
      accountName: 'Chinedu Okafor',
      proposedBy: { _id: await idOf(t, 'bursar') },
    });
    expect(expense.payee).toMatchObject({
      account: { bankName: 'Guaranty Trust Bank', accountNumber: body.account_number },
      accountFixed: true,
    });
    expect(payout.payee).toEqual({
      name: vendor.name,
      account: {
        bankCode: '058',
        bankName: 'Guaranty Trust Bank',
        accountNumber: body.account_number,
        accountName: 'Ikeja Power Installations Ltd',
      },
    });
    const [row] = await t.ctx.db.select().from(expensePayouts).where(eq(expensePayouts.id, payout._id));
    expect(row).toMatchObject({ payeeAccountNumber: body.account_number, payeeBankCode: '058' });
  });

  it('an expense approved while a change waits is approved with the approved account', async () => {
    const { body, vendor } = await addVendor();
    const proposedAccount = nuban('057');
    await propose('bursar', body, vendor._id, { bank_code: '057', account_number: proposedAccount });
    const expense = await approvedExpense(t, ids, { ...forVendor(vendor._id), amount: 4_000 });
    expect((expense as PaidExpense).payee).toMatchObject({
      account: { accountNumber: body.account_number },
      accountFixed: true,
    });
    const payout = (await pay(t, 'bursar', expense._id, payoutBody(4_000))).json().data as PaidExpense;
    expect(payout.payouts[0]!.payee.account?.accountNumber).toBe(body.account_number);
  });

  it('the proposal is audited with before and after and reaches the group’s approvers, not the proposer', async () => {
    const { body, vendor } = await addVendor();
    const proposedAccount = nuban('044');
    const { data } = await propose('bursar', body, vendor._id, {
      bank_code: '044',
      account_number: proposedAccount,
      phone: '08030001111',
    });
    const trail = await trailOf(vendor._id);
    expect(trail.map((entry) => entry.action)).toEqual([
      'vendor.create',
      'vendor.update',
      'vendor.bank_details.propose',
    ]);
    expect(trail[1]).toMatchObject({ before: { phone: body.phone }, after: { phone: '08030001111' } });
    expect(trail[2]).toMatchObject({
      severity: 'high',
      before: { bankCode: '058', accountNumber: body.account_number },
      after: { changeId: data.pendingBankChange!._id, bankCode: '044', accountNumber: proposedAccount },
    });

    const told = await t.ctx.db
      .select({ userId: notifications.userId, title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.title, `New bank details to approve: ${vendor.name}`));
    const recipients = told.map((notice) => notice.userId);
    for (const approver of ['principal', 'proprietor', 'principal2']) {
      expect(recipients, approver).toContain(await idOf(t, approver));
    }
    expect(recipients).not.toContain(await idOf(t, 'bursar'));
    expect(told[0]!.message).toContain(proposedAccount);
  });

  it('another approver approves: new expenses pay the new account, the earlier one and its voucher keep theirs', async () => {
    const { body, vendor } = await addVendor();
    const earlier = await approvedExpense(t, ids, { ...forVendor(vendor._id), amount: 10_000 });
    const first = (await pay(t, 'bursar', earlier._id, payoutBody(4_000))).json().data as PaidExpense;

    const newAccount = nuban('033');
    const { data } = await propose('principal', body, vendor._id, { bank_code: '033', account_number: newAccount });
    const changeId = data.pendingBankChange!._id;
    const own = await decide('principal', vendor._id, changeId, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      code: 'OWN_VENDOR_BANK_CHANGE',
      message: 'You proposed these bank details, so another approver must approve them',
    });
    expect((await decide('bursar', vendor._id, changeId, 'approve')).statusCode, 'a bursar does not approve').toBe(403);

    const approved = await decide('proprietor', vendor._id, changeId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      bankName: 'United Bank for Africa',
      accountNumber: newAccount,
      pendingBankChange: null,
    });
    const trail = await trailOf(vendor._id);
    expect(trail.at(-1)).toMatchObject({
      action: 'vendor.bank_details',
      severity: 'high',
      actorId: await idOf(t, 'proprietor'),
      before: { bankCode: '058', accountNumber: body.account_number },
      after: { bankCode: '033', accountNumber: newAccount, changeId, proposedBy: await idOf(t, 'principal') },
    });
    const again = await decide('principal2', vendor._id, changeId, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('VENDOR_BANK_CHANGE_NOT_PENDING');

    // The earlier expense was approved with the old account: the rest of it goes there too.
    const rest = (await pay(t, 'bursar', earlier._id, payoutBody(6_000))).json().data as PaidExpense;
    expect(rest.payouts.map((payout) => payout.payee.account?.accountNumber)).toEqual([
      body.account_number,
      body.account_number,
    ]);
    const printed = await voucherText(earlier._id, first.payouts[0]!._id);
    expect(printed).toContain(body.account_number);
    expect(printed).not.toContain(newAccount);

    const later = await approvedExpense(t, ids, { ...forVendor(vendor._id), amount: 1_000 });
    const paidLater = (await pay(t, 'bursar', later._id, payoutBody(1_000))).json().data as PaidExpense;
    expect(paidLater.payouts[0]!.payee.account).toMatchObject({
      bankName: 'United Bank for Africa',
      accountNumber: newAccount,
    });
    expect(await voucherText(later._id, paidLater.payouts[0]!._id)).toContain(newAccount);
  });

  it("an old voucher prints what was paid after the vendor's details and name change, its reversal too", async () => {
    const { body, vendor } = await addVendor();
    const expense = await approvedExpense(t, ids, { ...forVendor(vendor._id), amount: 2_500 });
    const paid = (await pay(t, 'bursar', expense._id, payoutBody(2_500))).json().data as PaidExpense;
    const payoutId = paid.payouts[0]!._id;
    const newAccount = nuban('011');
    const { data } = await propose('bursar', body, vendor._id, {
      name: `${vendor.name} (renamed)`,
      bank_code: '011',
      account_number: newAccount,
      account_name: 'Somebody Else',
    });
    expect((await decide('principal', vendor._id, data.pendingBankChange!._id, 'approve')).statusCode).toBe(200);
    const [stored] = await t.ctx.db.select().from(vendors).where(eq(vendors.id, vendor._id));
    expect(stored).toMatchObject({ accountNumber: newAccount, bankName: 'First Bank of Nigeria' });

    const printed = await voucherText(expense._id, payoutId);
    expect(printed).toContain(body.account_number);
    expect(printed).toContain('GuarantyTrustBank');
    expect(printed).toContain('IkejaPowerInstallationsLtd');
    expect(printed).not.toContain(newAccount);
    expect(printed).not.toContain('FirstBankofNigeria');

    const reversed = await api(t, 'bursar', 'POST', `/expenses/${expense._id}/payouts/${payoutId}/reverse`, {
      reason: 'Paid twice',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const reversal = (reversed.json().data as PaidExpense).payouts.at(-1)!;
    expect(reversal.payee.account?.accountNumber).toBe(body.account_number);
    expect(await voucherText(expense._id, reversal._id)).toContain(body.account_number);
  });

  it('an approver rejects with a reason, the proposer may withdraw, nobody else; a newer proposal replaces one', async () => {
    const { body, vendor } = await addVendor();
    const first = await propose('bursar', body, vendor._id, { account_number: nuban('058') });
    const firstId = first.data.pendingBankChange!._id;
    const second = await propose('principal', body, vendor._id, { account_number: nuban('058') });
    const secondId = second.data.pendingBankChange!._id;
    expect(secondId).not.toBe(firstId);
    const stale = await decide('proprietor', vendor._id, firstId, 'approve');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'VENDOR_BANK_CHANGE_NOT_PENDING',
      message: 'Newer bank details were proposed for this vendor since; decide on those instead',
    });

    // The approved details sent back with a new phone leave the pending change alone.
    const phoneOnly = await propose('bursar', body, vendor._id, { phone: '08037776666' });
    expect(phoneOnly.message).toBe('Vendor updated');
    expect(phoneOnly.data.pendingBankChange?._id).toBe(secondId);

    const otherBursar = await staffOf(t, ids.school, ['Bursar']);
    expect((await decide(otherBursar.headers, vendor._id, secondId, 'reject', 'Not mine to say')).statusCode).toBe(403);
    const noReason = await decide('proprietor', vendor._id, secondId, 'reject');
    expect(noReason.statusCode).toBe(422);
    const rejected = await decide('proprietor', vendor._id, secondId, 'reject', 'The vendor did not send this');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ accountNumber: body.account_number, pendingBankChange: null });
    expect((await trailOf(vendor._id)).at(-1)).toMatchObject({
      action: 'vendor.bank_details.reject',
      severity: 'high',
      after: { accountNumber: body.account_number, reason: 'The vendor did not send this' },
    });
    const principalId = await idOf(t, 'principal');
    const heard = await t.ctx.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(
        and(eq(notifications.userId, principalId), eq(notifications.title, `Bank details rejected: ${vendor.name}`)),
      );
    expect(heard).toHaveLength(1);

    const third = await propose('bursar', body, vendor._id, { account_number: nuban('058') });
    const withdrawn = await decide('bursar', vendor._id, third.data.pendingBankChange!._id, 'reject', 'Typo');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data.pendingBankChange).toBeNull();
  });

  it('a change is decided under its own vendor, by an approver of the group, not by the auditor', async () => {
    const { body, vendor } = await addVendor();
    const { vendor: other } = await addVendor();
    const { data } = await propose('bursar', body, vendor._id, { account_number: nuban('058') });
    const changeId = data.pendingBankChange!._id;
    const wrongVendor = await decide('principal', other._id, changeId, 'approve');
    expect(wrongVendor.statusCode).toBe(404);
    expect(wrongVendor.json().code).toBe('VENDOR_BANK_CHANGE_NOT_FOUND');
    expect((await decide('auditor', vendor._id, changeId, 'approve')).statusCode).toBe(403);
    const approved = await decide('principal2', vendor._id, changeId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('existing expenses still pending pick the approved account up at approval, not at recording', async () => {
    const { body, vendor } = await addVendor();
    const draft = await createExpense(t, 'bursar', expenseBody(ids, { ...forVendor(vendor._id), amount: 700 }));
    expect((draft as PaidExpense).payee).toMatchObject({
      account: { accountNumber: body.account_number },
      accountFixed: false,
    });
    const newAccount = nuban('058');
    const { data } = await propose('bursar', body, vendor._id, { account_number: newAccount });
    expect((await decide('proprietor', vendor._id, data.pendingBankChange!._id, 'approve')).statusCode).toBe(200);
    await stepOk(t, 'bursar', draft._id, 'submit');
    const approved = (await stepOk(t, 'principal', draft._id, 'approve')) as PaidExpense;
    expect(approved.payee).toMatchObject({ account: { accountNumber: newAccount }, accountFixed: true });
  });
});
