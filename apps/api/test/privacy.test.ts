import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { displayName, ERASED_NAME, ERROR_CODES, erasedEmailOf, type MyData } from '@schoolledger/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  messageConsents,
  messageOutbox,
  notifications,
  payments,
  refreshTokens,
  studentProfiles,
  users,
  virtualAccounts,
} from '../src/db/schema.js';
import { verifyAuditChains } from '../src/modules/audit/chain.service.js';
import { findDisagreements } from '../src/modules/books/books.queries.js';
import { pruneOldNotices, systemLogMonths } from '../src/modules/privacy/retention.service.js';
import { aClassArm, aParent, aStudent } from './builders.js';
import { DEMO_PASSWORD, demoEmail, insertUser, login, type TestApp, useTestApp } from './helper.js';
import { emailsTo } from './notify-support.js';
import { approvedFee, call, loadPaymentIds, type PaymentIds, payCash } from './payments-support.js';
import { pdfText } from './pdf-text.js';

const userRow = async (t: TestApp, id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const userByEmail = async (t: TestApp, email: string) =>
  (await t.ctx.db.select().from(users).where(eq(users.email, email)))[0]!;

describe('a family’s rights over their data', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  beforeAll(async () => {
    ids = await loadPaymentIds(t);
  });

  const myData = async (headers: { authorization: string }, format: 'json' | 'pdf' = 'json') =>
    t.app.inject({ method: 'GET', url: `/api/v1/me/data${format === 'pdf' ? '.pdf' : ''}`, headers });

  describe('downloading what is held about oneself', () => {
    it("gives a parent each child's record, fees and receipts, and nothing of another family", async () => {
      const ikejaFee = await approvedFee(t, ids.school, ids.term, '5000');
      const wuseFee = await approvedFee(t, ids.secondSchool, ids.secondTerm, '2500');
      const daughters = await payCash(t, ids.student, ikejaFee, '2000');
      const sons = await payCash(t, ids.son, wuseFee, '1500');
      const strangers = await payCash(t, ids.stranger, ikejaFee, '3000');
      const stranger = await userRow(t, ids.stranger);

      const response = await myData(await t.as('parent'));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="schoolledger-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      const data = response.json().data as MyData;
      expect(data.profile).toMatchObject({ email: demoEmail('parent'), roles: ['Parent'] });
      expect(data.profile).not.toHaveProperty('passwordHash');
      expect(data.student).toBeNull();
      expect(data.children.map((child) => child.person._id).sort()).toEqual([ids.student, ids.son].sort());

      const daughter = data.children.find((child) => child.person._id === ids.student)!;
      expect(daughter.record).toMatchObject({ type: expect.any(String), enrolledAt: expect.any(String) });
      expect(daughter.fees.find((fee) => fee.feeId === ikejaFee)).toMatchObject({
        amount: 5000,
        paid: 2000,
        outstanding: 3000,
      });
      expect(daughter.payments.find((payment) => payment._id === daughters._id)).toMatchObject({
        kind: 'payment',
        amount: 2000,
        receiptNo: daughters.receiptNo,
        status: 'success',
      });
      const son = data.children.find((child) => child.person._id === ids.son)!;
      expect(son.person.school?._id).toBe(ids.secondSchool);
      expect(son.payments.map((payment) => payment.receiptNo)).toContain(sons.receiptNo);

      // Another family's child, paying the same fee, is nowhere in the file.
      expect(response.body).not.toContain(strangers.receiptNo);
      expect(response.body).not.toContain(stranger.id);
      expect(response.body).not.toContain(stranger.email);

      const [audit] = await t.ctx.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'privacy.data_exported'), eq(auditLogs.entityId, data.profile._id)));
      expect(audit).toMatchObject({ actorId: data.profile._id, entity: 'user', severity: 'medium' });
    });

    it('holds what the person agreed to on their phone and the messages sent to it, in both formats', async () => {
      const [auditor] = await t.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, demoEmail('auditor')));
      await t.ctx.db.insert(messageConsents).values({
        userId: auditor!.id,
        channel: 'whatsapp',
        phone: '2348035550166',
        wording: 'I agree to receipts on WhatsApp at 0803 555 0166',
        method: 'paper',
      });
      await t.ctx.db.insert(messageOutbox).values({
        schoolId: ids.school,
        userId: auditor!.id,
        channel: 'whatsapp',
        kind: 'payment_succeeded',
        noticeKey: 'receipt:privacy-export',
        toAddress: '2348035550166',
        body: 'Crestview College, Ikeja: payment of ₦4,000.00 received',
        status: 'read',
      });
      const json = await myData(await t.as('auditor'), 'json');
      expect(json.statusCode, json.body).toBe(200);
      const { phoneMessages } = json.json().data as MyData;
      expect(phoneMessages.consents).toEqual([
        expect.objectContaining({
          channel: 'whatsapp',
          method: 'paper',
          wording: 'I agree to receipts on WhatsApp at 0803 555 0166',
        }),
      ]);
      expect(phoneMessages.messages).toEqual([
        expect.objectContaining({
          channel: 'whatsapp',
          status: 'read',
          body: 'Crestview College, Ikeja: payment of ₦4,000.00 received',
        }),
      ]);
      const text = pdfText((await myData(await t.as('auditor'), 'pdf')).rawPayload);
      expect(text).toContain('SMS and WhatsApp messages sent to you');
      expect(text).toContain('I agree to receipts on WhatsApp');
    });

    it('writes the same as a PDF to read and print', async () => {
      const response = await myData(await t.as('parent'), 'pdf');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
      const text = pdfText(response.rawPayload);
      const daughter = await userRow(t, ids.student);
      expect(text).toContain('Your data held by SchoolLedger');
      expect(text).toContain(displayName(daughter));
      expect(text).toContain(demoEmail('parent'));
      const [receipt] = await t.ctx.db
        .select({ receiptNo: payments.receiptNo })
        .from(payments)
        .where(and(eq(payments.studentId, ids.student), sql`${payments.receiptNo} is not null`))
        .limit(1);
      expect(text).toContain(receipt!.receiptNo);
    });

    it('gives a student their own record and staff their own account, with no children', async () => {
      const student = (await myData(await t.as('student'))).json().data as MyData;
      expect(student.student?.person._id).toBe(ids.student);
      expect(student.children).toEqual([]);
      expect(student.student?.payments.length).toBeGreaterThan(0);

      const bursar = await myData(await t.as('bursar'));
      expect(bursar.statusCode).toBe(200);
      const data = bursar.json().data as MyData;
      expect(data).toMatchObject({ student: null, children: [], familyCredit: [] });
      // The cash the bursar took in these tests is on their trail, as the one who acted.
      expect(data.auditEntries.some((entry) => entry.as === 'actor')).toBe(true);
      expect(data.notes.join(' ')).toContain('last 12 months');
    });

    it('allows ten downloads an hour per person, in either format, then says to wait', async () => {
      const email = `privacy-limit-${Date.now()}@example.ng`;
      await insertUser(t, { email, roles: ['Parent'] });
      const token = (await login(t, email, DEMO_PASSWORD)).json().data.token as string;
      const headers = { authorization: `Bearer ${token}` };
      for (let n = 0; n < 9; n++) expect((await myData(headers)).statusCode).toBe(200);
      expect((await myData(headers, 'pdf')).statusCode).toBe(200);
      const refused = await myData(headers);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, code: ERROR_CODES.rateLimited, data: null });
      // Someone else's budget is their own.
      expect((await myData(await t.as('student'))).statusCode).toBe(200);
    });

    it('needs a sign-in', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/me/data' });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(ERROR_CODES.unauthenticated);
    });
  });

  describe('erasing a student or parent who has left', () => {
    const erase = async (who: string | { authorization: string }, id: string, confirmName: string) =>
      call(t, who, 'POST', `/users/${id}/erase`, { confirmName });
    const deactivate = async (id: string) => {
      const response = await call(t, 'ict', 'POST', '/user/bulk-update', {
        userIds: [id],
        updates: { status: 'inactive' },
      });
      expect(response.statusCode, response.body).toBe(200);
    };

    it('refuses another school’s administrator and anyone who does not manage users, and changes nothing', async () => {
      const arm = await aClassArm(t, { school_id: ids.secondSchool });
      const wuse = await aStudent(t, { school_id: ids.secondSchool, classArm_id: arm.id, regNo: 'WUS/2025/ERASE1' });
      await t.ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, wuse.id));
      const name = displayName(wuse);

      const foreign = await erase('ict', wuse.id, name);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe(ERROR_CODES.userNotFound);
      const bursar = await erase('bursar', ids.stranger, 'Anyone');
      expect(bursar.statusCode).toBe(403);
      const parent = await erase('parent', ids.student, 'Anyone');
      expect(parent.statusCode).toBe(403);
      expect(await userRow(t, wuse.id)).toMatchObject({ firstname: wuse.firstname, email: wuse.email });
    });

    it('refuses an active account, staff, and a name that is not the person’s', async () => {
      const active = await erase('ict', ids.stranger, displayName(await userRow(t, ids.stranger)));
      expect(active.statusCode).toBe(409);
      expect(active.json()).toMatchObject({ code: 'ACCOUNT_STILL_ACTIVE', success: false, data: null });
      expect(active.json().message).toContain('Deactivate it first');

      const teacher = await insertUser(t, {
        email: `privacy-teacher-${Date.now()}@example.ng`,
        roles: ['Headteacher'],
      });
      await deactivate(teacher.id);
      const staff = await erase('ict', teacher.id, 'Test User');
      expect(staff.statusCode).toBe(409);
      expect(staff.json().code).toBe('NOT_ERASABLE');

      const parent = await aParent(t, ids.school);
      await deactivate(parent.id);
      const wrong = await erase('ict', parent.id, 'Somebody Else');
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({
        code: 'ERASURE_NAME_MISMATCH',
        errors: [{ field: 'confirmName', message: expect.any(String) }],
      });
      const empty = await erase('ict', parent.id, '  ');
      expect(empty.statusCode).toBe(422);
      expect((await userRow(t, parent.id)).email).toBe(parent.email);
    });

    it('replaces the person with a placeholder everywhere and keeps every naira, receipt and entry of the books', async () => {
      const arm = await aClassArm(t, { school_id: ids.school });
      const student = await aStudent(t, {
        school_id: ids.school,
        classArm_id: arm.id,
        firstname: 'Zainab',
        middlename: 'Oluwaseun',
        lastname: 'Privacyleft',
        email: 'zainab.privacyleft@example.ng',
        regNo: 'CVC/2025/ERASE2',
      });
      const parent = await aParent(t, ids.school);
      await t.ctx.db.execute(
        sql`insert into parent_students (parent_id, student_id, school_id) values (${parent.id}, ${student.id}, ${ids.school})`,
      );
      const fee = await approvedFee(t, ids.school, ids.term, '4000');
      const paid = await payCash(t, student.id, fee, '2500', 'bursar');
      const second = await payCash(t, student.id, fee, '500', 'bursar');
      const refund = await call(t, 'bursar', 'POST', `/payment/${second._id}/refund`, { reason: 'Paid twice' });
      expect(refund.statusCode, refund.body).toBe(200);

      // A picture on disk, and sign-ins that must end.
      const picture = path.join(t.ctx.config.uploadsDir, 'avatars', `${student.id}.png`);
      mkdirSync(path.dirname(picture), { recursive: true });
      writeFileSync(picture, 'png');
      await t.ctx.db
        .update(users)
        .set({ profilePicture: `/uploads/avatars/${student.id}.png`, address: '3 Allen Avenue', passwordHash: null })
        .where(eq(users.id, student.id));
      const about = sql`${notifications.metadata}->>'studentId' = ${student.id}`;
      expect((await t.ctx.db.select().from(notifications).where(about)).length).toBeGreaterThan(0);
      expect((await emailsTo(t, student.email)).length).toBeGreaterThan(0);
      const before = (await t.ctx.db.select().from(payments).where(eq(payments.studentId, student.id))).sort((a, b) =>
        a.id.localeCompare(b.id),
      );
      const auditedBefore = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.entityId, student.id));

      await deactivate(student.id);
      const response = await erase('ict', student.id, '  zainab   oluwaseun PRIVACYLEFT ');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({
        _id: student.id,
        name: ERASED_NAME,
        email: erasedEmailOf(student.id),
        status: 'inactive',
      });

      const erased = await userRow(t, student.id);
      expect(displayName(erased)).toBe(ERASED_NAME);
      expect(erased).toMatchObject({
        email: erasedEmailOf(student.id),
        phone: null,
        address: null,
        profilePicture: null,
        regNo: null,
        passwordHash: null,
        status: 'inactive',
        schoolId: ids.school,
        paymentCode: student.paymentCode,
      });
      expect(existsSync(picture)).toBe(false);
      const [record] = await t.ctx.db.select().from(studentProfiles).where(eq(studentProfiles.userId, student.id));
      expect(record).toMatchObject({ dob: null, guardian: null, emergencyContact: null, street: null, city: null });
      expect(await t.ctx.db.select().from(notifications).where(about)).toEqual([]);
      expect(await emailsTo(t, student.email)).toEqual([]);
      const live = await t.ctx.db
        .select()
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, student.id), sql`${refreshTokens.revokedAt} is null`));
      expect(live).toEqual([]);

      // The name is gone from the directory, the student list and the receipt.
      const found = await call(t, 'admin', 'GET', '/students?search=Privacyleft');
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().data.students).toEqual([]);
      const listed = await call(t, 'ict', 'GET', '/user/all?search=Privacyleft');
      expect(listed.json().data.users).toEqual([]);
      const receipt = await call(t, 'bursar', 'GET', `/payment/${paid._id}/receipt`);
      expect(receipt.statusCode).toBe(200);
      const printed = pdfText(receipt.rawPayload);
      expect(printed).toContain(paid.receiptNo);
      expect(printed).toContain('₦2,500.00');
      expect(printed).toContain(ERASED_NAME);
      expect(printed).not.toContain('Privacyleft');

      // Every payment and refund keeps its amount, dates and numbers.
      const after = (await t.ctx.db.select().from(payments).where(eq(payments.studentId, student.id))).sort((a, b) =>
        a.id.localeCompare(b.id),
      );
      expect(after.map(({ updatedAt, ...row }) => row)).toEqual(before.map(({ updatedAt, ...row }) => row));
      expect(after.filter((row) => row.kind === 'refund')).toHaveLength(1);
      expect((await findDisagreements(t.ctx.db, ids.school)).map((row) => row.detail)).toEqual([]);

      // The trail is untouched and still verifies; the erasure adds its own entry, naming no one.
      const auditedAfter = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.entityId, student.id));
      expect(auditedAfter.filter((row) => row.action !== 'user.erased')).toEqual(
        expect.arrayContaining(auditedBefore.map((row) => expect.objectContaining({ id: row.id, hash: row.hash }))),
      );
      const ict = await userByEmail(t, demoEmail('ict'));
      expect(auditedAfter.filter((row) => row.action === 'user.erased')).toEqual([
        expect.objectContaining({
          actorId: ict.id,
          entity: 'user',
          schoolId: ids.school,
          before: null,
          after: null,
          severity: 'high',
        }),
      ]);
      const chains = await verifyAuditChains(t.ctx.db, { kind: 'all' }, new Date(), ids.school);
      expect(chains.valid).toBe(true);

      // The parent, still here, keeps their own name and sees the placeholder for the child.
      expect((await userRow(t, parent.id)).firstname).toBe(parent.firstname);
      const again = await erase('ict', student.id, ERASED_NAME);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ALREADY_ERASED');
    });

    it('ends an erased parent’s SMS and WhatsApp agreements and takes their number and words off their messages', async () => {
      const parent = await aParent(t, ids.school);
      await t.ctx.db
        .update(users)
        .set({ phone: '0803 555 0177', phoneVerifiedAt: new Date() })
        .where(eq(users.id, parent.id));
      await t.ctx.db.insert(messageConsents).values({
        userId: parent.id,
        channel: 'sms',
        phone: '2348035550177',
        wording: 'I agree',
        method: 'web',
      });
      const message = (noticeKey: string, status: 'delivered' | 'held') => ({
        schoolId: ids.school,
        userId: parent.id,
        channel: 'sms' as const,
        kind: 'payment_reminder',
        noticeKey,
        toAddress: '2348035550177',
        body: 'Crestview College: NGN 5,000 in fees outstanding for Test User',
        status,
        nextAttemptAt: new Date(),
      });
      await t.ctx.db
        .insert(messageOutbox)
        .values([message('reminder:sent', 'delivered'), message('reminder:waiting', 'held')]);
      await deactivate(parent.id);
      expect((await erase('proprietor', parent.id, 'Test User')).statusCode).toBe(200);
      const consents = await t.ctx.db.select().from(messageConsents).where(eq(messageConsents.userId, parent.id));
      expect(consents.map((consent) => consent.withdrawnHow)).toEqual(['erased']);
      const messages = await t.ctx.db.select().from(messageOutbox).where(eq(messageOutbox.userId, parent.id));
      expect(messages.map((row) => [row.noticeKey, row.status, row.toAddress, row.body]).sort()).toEqual([
        ['reminder:sent', 'delivered', '', 'Erased'],
        ['reminder:waiting', 'skipped', '', 'Erased'],
      ]);
    });

    it('takes a parent’s name off their family’s account at the school, and frees their email', async () => {
      const parent = await aParent(t, ids.school);
      await t.ctx.db.insert(virtualAccounts).values({
        schoolId: ids.school,
        holderKind: 'parent',
        holderId: parent.id,
        provider: 'paystack',
        accountNumber: '9900000777',
        accountName: 'CRESTVIEW IKEJA / TEST USER',
        bankName: 'Wema Bank',
        bankSlug: 'wema-bank',
        providerAccountId: '8310777',
        customerCode: 'CUS_privacy0001',
        createdBy: parent.id,
      });
      await deactivate(parent.id);
      expect((await erase('proprietor', parent.id, 'Test User')).statusCode).toBe(200);
      const [account] = await t.ctx.db.select().from(virtualAccounts).where(eq(virtualAccounts.holderId, parent.id));
      expect(account!.accountName).toBe('CRESTVIEW IKEJA / ERASED PERSON');
      // The address is free for a new account.
      const again = await insertUser(t, { email: parent.email, roles: ['Parent'] });
      expect(again.email).toBe(parent.email);
    });
  });

  describe('retention periods', () => {
    const put = async (url: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers: await t.as('ict'), payload });
    const notice = (userId: string, monthsAgo: number, title: string) =>
      t.ctx.db.insert(notifications).values({
        userId,
        kind: 'system',
        type: 'info',
        title,
        message: title,
        createdAt: sql`now() - make_interval(months => ${monthsAgo}::int, days => 1)` as unknown as Date,
      });
    const titles = async (userId: string) =>
      (
        await t.ctx.db
          .select({ title: notifications.title })
          .from(notifications)
          .where(eq(notifications.userId, userId))
      )
        .map((row) => row.title)
        .sort();

    it('shows the defaults in the settings, editable by the ICT administrator, within bounds', async () => {
      const view = await call(t, 'ict', 'GET', '/settings');
      expect(view.json().data.sections.retention).toEqual({
        value: { notificationMonths: 24, systemLogMonths: 3 },
        source: 'default',
        editable: true,
      });
      const refused = await put('/settings/retention', { value: { notificationMonths: 0 } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual([{ field: 'value.notificationMonths', message: expect.any(String) }]);
      expect(await systemLogMonths({ ctx: t.ctx })).toBe(3);
    });

    it('deletes only the notices older than the group keeps them', async () => {
      const parent = await userByEmail(t, demoEmail('parent'));
      const admin = await userByEmail(t, demoEmail('admin'));
      await notice(parent.id, 25, 'parent 25 months');
      await notice(parent.id, 23, 'parent 23 months');
      await notice(parent.id, 11, 'parent 11 months');
      await notice(admin.id, 25, 'admin 25 months');
      const sms = (noticeKey: string, monthsAgo: number, status: 'delivered' | 'held') =>
        t.ctx.db.insert(messageOutbox).values({
          schoolId: ids.school,
          userId: parent.id,
          channel: 'sms',
          kind: 'payment_reminder',
          noticeKey,
          toAddress: '2348031234509',
          body: noticeKey,
          status,
          createdAt: sql`now() - make_interval(months => ${monthsAgo}::int, days => 1)` as unknown as Date,
        });
      await sms('sms 25 months', 25, 'delivered');
      await sms('sms 25 months, still held', 25, 'held');
      await sms('sms 11 months', 11, 'delivered');
      expect(await pruneOldNotices({ ctx: t.ctx })).toBeGreaterThanOrEqual(3);
      const bodies = (await t.ctx.db.select().from(messageOutbox).where(eq(messageOutbox.userId, parent.id))).map(
        (row) => row.body,
      );
      // The SMS that carried notices go with them; one still waiting to go never does.
      expect(bodies).toEqual(expect.arrayContaining(['sms 11 months', 'sms 25 months, still held']));
      expect(bodies).not.toContain('sms 25 months');
      expect(await titles(parent.id)).toEqual(expect.arrayContaining(['parent 11 months', 'parent 23 months']));
      expect(await titles(parent.id)).not.toContain('parent 25 months');
      expect(await titles(admin.id)).not.toContain('admin 25 months');

      const saved = await put('/settings/retention', {
        value: { notificationMonths: 12, systemLogMonths: 6 },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await pruneOldNotices({ ctx: t.ctx });
      expect(await titles(parent.id)).toContain('parent 11 months');
      expect(await titles(parent.id)).not.toContain('parent 23 months');
      expect(await systemLogMonths({ ctx: t.ctx })).toBe(6);
    });
  });
});
