import { randomUUID } from 'node:crypto';
import { addDays, DEFAULT_MESSAGING_SETTINGS, LAGOS, todayIn } from '@schoolledger/domain';
import {
  type FlutterwaveFake,
  type PaystackFake,
  startFlutterwaveFake,
  startPaystackFake,
} from '@schoolledger/provider-fakes';
import { and, eq, notInArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  bankStatementLines,
  classArms,
  messageConsents,
  notifications,
  parentStudents,
  paymentProfiles,
  paymentWebhookEvents,
  phoneVerifications,
  termResults,
  terms,
  users,
  virtualAccountSettings,
} from '../src/db/schema.js';
import { sha256 } from '../src/lib/hash.js';
import { encryptSecret } from '../src/lib/secrets.js';
import { insertPasswordResetToken } from '../src/modules/auth/auth.queries.js';
import { paystackSignature } from '../src/modules/providers/paystack.js';
import { aClassArm, aSchool, aSession, aTerm, studentFileCsv, studentFileRow, studentFormBody } from './builders.js';
import { bearer, DEMO_PASSWORD, demoEmail, insertUser, login, multipart, tinyPng, useTestApp } from './helper.js';
import {
  approvedFee,
  loadPaymentIds,
  type PaymentIds,
  payCash,
  payOnProviderPage,
  setBankTransfer,
  until,
} from './payments-support.js';

/*
 * Issue 13: every mutating operation of the OpenAPI document either leaves an audit row, shown
 * here by a successful call on the demo data, or is exempt for a stated reason. A route added
 * later fails the first test, named, until it has its entry in OPERATIONS.
 */

const PAYSTACK_SECRET = 'sk_test_audit_coverage_0001';
const FLUTTERWAVE_HASH = 'audit-coverage-hash';
const FLUTTERWAVE_SECRET = 'FLWSECK_TEST-audit-coverage';

type Who = string | { authorization: string } | null;
type Ids = Record<string, string>;
/** The school whose chain the row joins: a demo school, the platform chain (null), or one the call made. */
type SchoolOf = 'first' | 'second' | null | ((prepared: Ids, body: { data?: { _id?: string } }) => string);

interface Audited {
  /** Data the call needs, made before the trail is watched (its own rows do not count). */
  prepare?: () => Promise<Ids>;
  call: (prepared: Ids) => Promise<LightMyRequestResponse>;
  audits: { action: string; entity: string; school: SchoolOf }[];
}
interface Exempt {
  exempt: string;
  /** What is recorded instead, where something is. */
  check?: () => Promise<void>;
}

describe('every mutating operation leaves an audit row (issue 13 item 2)', () => {
  let fake: PaystackFake;
  let flutterwave: FlutterwaveFake;
  const env: Record<string, string> = {
    PAYSTACK_SECRET_KEY: PAYSTACK_SECRET,
    FLUTTERWAVE_SECRET_KEY: FLUTTERWAVE_SECRET,
    FLUTTERWAVE_SECRET_HASH: FLUTTERWAVE_HASH,
    // Messages are queued and audited; nothing answers on the discard port, so none is sent.
    TERMII_API_KEY: 'audit-coverage',
    TERMII_BASE_URL: 'http://127.0.0.1:9',
    WHATSAPP_TOKEN: 'audit-coverage',
    WHATSAPP_PHONE_NUMBER_ID: '100',
  };
  beforeAll(async () => {
    fake = await startPaystackFake({ secretKey: PAYSTACK_SECRET });
    env.PAYSTACK_BASE_URL = fake.url;
    flutterwave = await startFlutterwaveFake({ secretKey: FLUTTERWAVE_SECRET, secretHash: FLUTTERWAVE_HASH });
    env.FLUTTERWAVE_BASE_URL = flutterwave.baseUrl;
  });
  const t = useTestApp({ env });
  let ids: PaymentIds;
  /** A school of the demo group made for this file, so its sessions and classes can be changed freely. */
  let built = '';
  let group = '';
  let serial = 0;
  const tag = () => `${++serial}-${randomUUID().slice(0, 6)}`;

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    const school = await aSchool(t);
    built = school.id;
    group = school.groupSchoolId;
    await setBankTransfer(t, ids.school, true);
    await t.ctx.db.update(paymentProfiles).set({ activatePs: true }).where(eq(paymentProfiles.schoolId, ids.school));
  });
  afterAll(async () => {
    await Promise.all([fake?.close(), flutterwave?.close()]);
  });

  const call = async (who: Who, method: string, url: string, payload?: unknown, headers: Ids = {}) =>
    t.app.inject({
      method: method as 'POST',
      url: `/api/v1${url}`,
      headers: { ...(typeof who === 'string' ? await t.as(who) : (who ?? {})), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const upload = async (
    who: Who,
    url: string,
    fields: Record<string, string>,
    file: { field: string; filename: string; contentType: string; content: Buffer },
  ) => {
    const form = await multipart(fields, [file]);
    return call(who, 'POST', url, form.payload, form.headers);
  };
  /** A one-line statement of the first school's account: a credit of ₦1,000 with `narration`, which names nobody. */
  const uploadStatement = (narration: string) =>
    upload(
      'bursar',
      '/bank-statements',
      { school_id: ids.school },
      {
        field: 'file',
        filename: 'statement.csv',
        contentType: 'text/csv',
        content: Buffer.from(`Trans Date,Narration,Debit,Credit,Balance\r\n02/11/2026,${narration},,"1,000.00",\r\n`),
      },
    );
  const statementLine = async (narration: string) => {
    const response = await uploadStatement(narration);
    expect(response.json().data).toMatchObject({ lines: 1, unmatched: 1 });
    const [line] = await t.ctx.db
      .select({ id: bankStatementLines.id })
      .from(bankStatementLines)
      .where(eq(bankStatementLines.narration, narration));
    return line!.id;
  };
  const picture = (field: string) => ({ field, filename: 'face.png', contentType: 'image/png', content: tinyPng(4) });

  /** A user of the first school, signed in afresh so that changing their account touches no shared session. */
  async function freshUser(roles = ['Bursar']) {
    const email = `audit-${tag()}@example.ng`;
    const user = await insertUser(t, { email, roles });
    const signedIn = await login(t, email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const data = signedIn.json().data as { token: string; refreshToken: string };
    return { id: user.id, email, token: data.token, refreshToken: data.refreshToken };
  }
  /** A till of the first school opened by a bursar of its own, taken as far as `through`. */
  async function aTill(through: 'open' | 'closing' | 'closed' = 'open') {
    const bursar = await freshUser(['Bursar']);
    const opened = await call(bearer(bursar.token), 'POST', '/tills', { desk: `Desk ${tag()}`, float: { '1000': 1 } });
    expect(opened.statusCode, opened.body).toBe(200);
    const id = opened.json().data._id as string;
    if (through !== 'open') {
      const closed = await call(bearer(bursar.token), 'POST', `/tills/${id}/close`, { count: { '1000': 1 } });
      expect(closed.statusCode, closed.body).toBe(200);
    }
    if (through === 'closed') {
      const confirmed = await call('principal', 'POST', `/tills/${id}/confirm`, {});
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    return { id, token: bursar.token };
  }
  /** A cash payment taken into a fresh bursar's open till, and (`requested`) a void of it waiting. */
  async function aVoid(requested: boolean): Promise<Ids> {
    const { id, token } = await aTill('open');
    const fee = await approvedFee(t, ids.school, ids.term);
    const paid = await call(
      bearer(token),
      'POST',
      '/payment/pay-with-cash',
      { user_id: ids.student, fee_id: fee, amount: '1000' },
      { 'idempotency-key': randomUUID() },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const payment = paid.json().data.payment._id as string;
    if (!requested) return { id, token, payment };
    const asked = await call(bearer(token), 'POST', `/tills/${id}/voids`, {
      payment_id: payment,
      reason: 'Wrong student',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    return { id, token, payment, void: asked.json().data._id as string };
  }
  const userId = async (name: string) =>
    (
      await t.ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, demoEmail(name)))
    )[0]!.id;
  const armOf = async (schoolId: string, name: string) =>
    (
      await t.ctx.db
        .select({ id: classArms.id })
        .from(classArms)
        .where(and(eq(classArms.schoolId, schoolId), eq(classArms.name, name)))
    )[0]!.id;

  function studentBody(change: Record<string, unknown> = {}) {
    return {
      ...studentFormBody(tag(), 'AUD'),
      school_id: ids.school,
      ...change,
    };
  }
  async function aStudent() {
    const response = await call(
      'admin',
      'POST',
      '/students',
      studentBody({ classArm_id: await armOf(ids.school, 'JSS 1A') }),
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }
  const regNoOf = async (id: string) =>
    (await t.ctx.db.select({ regNo: users.regNo }).from(users).where(eq(users.id, id)))[0]!.regNo!;
  const importResult = (regNo: string) =>
    upload(
      'headteacher',
      '/results/import',
      { term_id: ids.term, dryRun: 'false' },
      {
        field: 'file',
        filename: 'results.csv',
        contentType: 'text/csv',
        content: Buffer.from(`Registration Number,Average,Mathematics\n${regNo},64.5,70\n`),
      },
    );
  /** A student's term result, imported; answers its id. */
  async function aResult() {
    const studentId = await aStudent();
    const response = await importResult(await regNoOf(studentId));
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.ctx.db
      .select({ id: termResults.id })
      .from(termResults)
      .where(eq(termResults.studentId, studentId));
    return row!.id;
  }
  const feeBody = (change: Record<string, unknown> = {}) => ({
    term_id: ids.term,
    school_id: ids.school,
    name: `Audit fee ${tag()}`,
    description: 'Made by the audit coverage test',
    type: 'miscellaneous',
    amount: '1000',
    ...change,
  });
  /** A fee the bursar made, waiting for someone else's approval. */
  async function pendingFee() {
    const response = await call('bursar', 'POST', '/fee/create', feeBody());
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }
  const discountOn = (feeId: string) => ({
    student_id: ids.student,
    fee_id: feeId,
    kind: 'discount',
    basis: 'fixed',
    amount: 100,
    reason: 'Early payment',
  });
  const lateFeePolicyOn = (feeId: string) => ({
    school_id: ids.school,
    fee_id: feeId,
    basis: 'fixed',
    amount: 500,
    grace_days: 7,
    repeat: 'once',
  });
  const scholarshipRule = () => ({
    school_id: ids.school,
    kind: 'scholarship',
    name: `Audit scholarship ${tag()}`,
    fee_types: ['library'],
    basis: 'fixed',
    amount: 100,
    student_ids: [ids.student],
  });
  async function pendingRule() {
    const response = await call('bursar', 'POST', '/adjustment-rules', scholarshipRule());
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }
  async function pendingDiscount() {
    const response = await call(
      'bursar',
      'POST',
      '/adjustments',
      discountOn(await approvedFee(t, ids.school, ids.term)),
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }
  async function claim(feeId: string) {
    const response = await upload(
      'student',
      '/payment/bank-transfer',
      { fee_id: feeId, amount: '1000', transfer_date: '2025-10-01', bank_reference: `TRF-${tag()}` },
      { field: 'proof', filename: 'proof.png', contentType: 'image/png', content: tinyPng(4) },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }
  async function initiate() {
    const feeId = await approvedFee(t, ids.school, ids.term);
    const response = await call('student', 'POST', '/payment/initiate', { fee_id: feeId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { paymentUrl: string; reference: string };
  }
  const schoolBody = (change: Record<string, unknown> = {}) => ({
    groupSchool_id: group,
    name: `Audit School ${tag()}`,
    phoneNumber: '+2348031234567',
    street: 'Allen Avenue',
    street_no: '12',
    town: 'Ikeja',
    state: 'Lagos',
    country: 'Nigeria',
    zip_code: '100271',
    ...change,
  });
  const addressBody = {
    street: 'Opebi Road',
    street_no: '5',
    town: 'Ikeja',
    state: 'Lagos',
    country: 'Nigeria',
    zip_code: '100271',
  };
  /** A session of its own year, so no two overlap. */
  const sessionBody = (schoolId: string) => {
    const year = 2100 + ++serial;
    return {
      school_id: schoolId,
      name: `${year}/${year + 1}`,
      startDate: `${year}-09-01`,
      endDate: `${year + 1}-07-31`,
    };
  };
  const termBody = ({ id, year }: Ids) => ({
    session: id!,
    name: 'First Term',
    startDate: `${year}-09-08`,
    endDate: `${year}-12-19`,
  });
  const template = {
    subject: 'Received {{formattedAmount}}',
    html: '<p>{{studentName}} paid</p>',
    text: '{{studentName}} paid',
  };
  const ownNotice = async (who: string) => {
    const me = await userId(who);
    const sent = await call('admin', 'POST', '/notification/system', {
      title: 'For the trail',
      message: 'Read me',
      userId: me,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, me));
    return row!.id;
  };
  const userEdit = (email: string, change: Record<string, unknown> = {}) => ({
    firstname: 'Kemi',
    lastname: 'Adeyemi',
    email,
    phone: '08031234567',
    roles: ['Headteacher'],
    status: 'active',
    ...change,
  });

  /** The school takes virtual accounts, opened with its own Paystack key (the fake's). */
  async function takeVirtualAccounts(schoolId: string) {
    const psSecretKeyEnc = encryptSecret(PAYSTACK_SECRET, t.ctx.encryptionKey);
    await t.ctx.db
      .insert(paymentProfiles)
      .values({ schoolId, psSecretKeyEnc })
      .onConflictDoUpdate({ target: paymentProfiles.schoolId, set: { psSecretKeyEnc } });
    await t.ctx.db
      .insert(virtualAccountSettings)
      .values({ schoolId, enabled: true, preferredBank: 'wema-bank' })
      .onConflictDoUpdate({ target: virtualAccountSettings.schoolId, set: { enabled: true } });
  }
  /** A virtual account of the first school: a new student's, who has no parent. */
  async function aVirtualAccount() {
    await takeVirtualAccounts(ids.school);
    const response = await call('admin', 'POST', '/virtual-accounts', {
      school_id: ids.school,
      holder_id: await aStudent(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.account._id as string;
  }

  /** An expense request of the first school as the bursar records it, taken as far as `through` (issue 17). */
  async function anExpense(through: 'draft' | 'approved' = 'draft') {
    const [term] = await t.ctx.db.select().from(terms).where(eq(terms.id, ids.term));
    const made = await call('bursar', 'POST', '/expenses', {
      school_id: ids.school,
      session_id: term!.sessionId,
      term_id: ids.term,
      title: `Audit expense ${tag()}`,
      category: 'consumables',
      amount: 1000,
      payee_kind: 'other',
      payee_name: 'Bode Stationers',
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data._id as string;
    if (through === 'approved') {
      for (const [who, action] of [
        ['bursar', 'submit'],
        ['principal', 'approve'],
      ] as const) {
        const stepped = await call(who, 'POST', `/expenses/${id}/transitions`, { action });
        expect(stepped.statusCode, stepped.body).toBe(200);
      }
    }
    return id;
  }
  const payoutOf = (amount: number) => ({
    amount,
    method: 'cash',
    paid_on: todayIn(LAGOS),
  });
  const vendorBody = (change: Record<string, unknown> = {}) => ({
    name: `Audit vendor ${tag()}`,
    bank_code: 'other',
    bank_name: 'Audit Microfinance Bank',
    account_number: '0123456789',
    account_name: 'Audit Vendor Ltd',
    ...change,
  });

  const OPERATIONS: Record<string, Audited | Exempt> = {
    /* Sign-in and accounts */
    'POST /api/v1/auth/login': {
      call: async () => login(t, demoEmail('auditor')),
      audits: [{ action: 'auth.login', entity: 'session', school: 'first' }],
    },
    'POST /api/v1/auth/refresh': {
      exempt: 'rotating a token keeps a sign-in alive; it is not a change a person makes',
    },
    'POST /api/v1/auth/logout': {
      prepare: async () => freshUser(),
      call: async ({ token, refreshToken }) => call(bearer(token!), 'POST', '/auth/logout', { refreshToken }),
      audits: [{ action: 'auth.logout', entity: 'session', school: 'first' }],
    },
    'POST /api/v1/auth/forgot-password': {
      call: async () => call(null, 'POST', '/auth/forgot-password', { email: demoEmail('headteacher') }),
      audits: [{ action: 'password_reset_requested', entity: 'user', school: 'first' }],
    },
    'POST /api/v1/auth/reset-password': {
      prepare: async () => {
        const user = await freshUser();
        const token = `reset-${randomUUID()}`;
        await insertPasswordResetToken(t.ctx.db, {
          userId: user.id,
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + 600_000),
        });
        return { token };
      },
      call: async ({ token }) => call(null, 'POST', '/auth/reset-password', { token, password: 'a-new-long-password' }),
      audits: [{ action: 'password_reset', entity: 'user', school: 'first' }],
    },
    'PUT /api/v1/user/profile': {
      prepare: async () => freshUser(),
      call: async ({ token, email }) =>
        call(bearer(token!), 'PUT', '/user/profile', {
          firstname: 'Kemi',
          lastname: 'Ade',
          email,
          phone: '08031234567',
        }),
      audits: [{ action: 'update', entity: 'user_profile', school: 'first' }],
    },
    ...Object.fromEntries(
      ['/user/profile/change-password', '/user/change-password'].map((url) => [
        `POST /api/v1${url}`,
        {
          prepare: async () => freshUser(),
          call: async ({ token }) =>
            call(bearer(token!), 'POST', url, { currentPassword: DEMO_PASSWORD, newPassword: 'another-long-password' }),
          audits: [{ action: 'password_changed', entity: 'user', school: 'first' }],
        } satisfies Audited,
      ]),
    ),
    ...Object.fromEntries(
      ['/user/profile/upload-picture', '/user/upload-profile-picture'].map((url) => [
        `POST /api/v1${url}`,
        {
          prepare: async () => freshUser(),
          call: async ({ token }) => upload(bearer(token!), url, {}, picture('file')),
          audits: [{ action: 'update', entity: 'user_profile_picture', school: 'first' }],
        } satisfies Audited,
      ]),
    ),

    /* User administration */
    'POST /api/v1/user/create': {
      call: async () =>
        call('ict', 'POST', '/user/create', {
          firstname: 'Kemi',
          lastname: 'Adeyemi',
          email: `audit-new-${tag()}@example.ng`,
          roles: ['Headteacher'],
          password: 'a-long-password',
        }),
      audits: [{ action: 'create', entity: 'user', school: 'first' }],
    },
    ...Object.fromEntries(
      ['/user/{id}', '/user/{id}/update'].map((url) => [
        `PUT /api/v1${url}`,
        {
          prepare: async () => freshUser(['Headteacher']),
          call: async ({ id, email }) =>
            call('ict', 'PUT', url.replace('{id}', id!), userEdit(email!, { firstname: 'Kemisola' })),
          audits: [{ action: 'update', entity: 'user', school: 'first' }],
        } satisfies Audited,
      ]),
    ),
    ...Object.fromEntries(
      ['/user/{id}', '/user/{id}/delete'].map((url) => [
        `DELETE /api/v1${url}`,
        {
          prepare: async () => freshUser(['Headteacher']),
          call: async ({ id }) => call('ict', 'DELETE', url.replace('{id}', id!)),
          audits: [{ action: 'delete', entity: 'user', school: 'first' }],
        } satisfies Audited,
      ]),
    ),
    'POST /api/v1/user/bulk-update': {
      prepare: async () => freshUser(['Headteacher']),
      call: async ({ id }) =>
        call('ict', 'POST', '/user/bulk-update', { userIds: [id], updates: { status: 'inactive' } }),
      audits: [{ action: 'deactivate', entity: 'user', school: 'first' }],
    },
    'POST /api/v1/user/bulk-delete': {
      prepare: async () => freshUser(['Headteacher']),
      call: async ({ id }) => call('ict', 'POST', '/user/bulk-delete', { userIds: [id] }),
      audits: [{ action: 'delete', entity: 'user', school: 'first' }],
    },
    'POST /api/v1/users/{id}/erase': {
      prepare: async () => {
        const parent = await insertUser(t, { email: `audit-erase-${tag()}@example.ng`, roles: ['Parent'] });
        await t.ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, parent.id));
        return { id: parent.id };
      },
      call: async ({ id }) => call('ict', 'POST', `/users/${id}/erase`, { confirmName: 'Test User' }),
      audits: [{ action: 'user.erased', entity: 'user', school: 'first' }],
    },

    /* Students */
    ...Object.fromEntries(
      ['/students', '/user/create-student', '/user/student/create'].map((url) => [
        `POST /api/v1${url}`,
        {
          prepare: async () => ({ arm: await armOf(ids.school, 'JSS 1A') }),
          call: async ({ arm }) => call('admin', 'POST', url, studentBody({ classArm_id: arm })),
          audits: [{ action: 'create', entity: 'student', school: 'first' }],
        } satisfies Audited,
      ]),
    ),
    ...Object.fromEntries(
      ['/students/{id}', '/user/update-student/{id}'].map((url) => [
        `PUT /api/v1${url}`,
        {
          prepare: async () => ({ id: await aStudent(), arm: await armOf(ids.school, 'JSS 1A') }),
          call: async ({ id, arm }) =>
            call('admin', 'PUT', url.replace('{id}', id!), studentBody({ firstname: 'Temi', classArm_id: arm })),
          audits: [{ action: 'update', entity: 'student', school: 'first' }],
        } satisfies Audited,
      ]),
    ),
    'DELETE /api/v1/students/{id}': {
      prepare: async () => ({ id: await aStudent() }),
      call: async ({ id }) => call('admin', 'DELETE', `/students/${id}`),
      audits: [{ action: 'delete', entity: 'student', school: 'first' }],
    },
    'PUT /api/v1/students/{id}/profile': {
      prepare: async () => ({ id: await aStudent() }),
      call: async ({ id }) => {
        const { phone, address, guardian, emergencyContact } = studentBody();
        return call('admin', 'PUT', `/students/${id}/profile`, { phone, address, guardian, emergencyContact });
      },
      audits: [{ action: 'update_profile', entity: 'student', school: 'first' }],
    },
    'PUT /api/v1/students/{id}/academic': {
      prepare: async () => ({ id: await aStudent() }),
      call: async ({ id }) =>
        call('admin', 'PUT', `/students/${id}/academic`, { academicStatus: 'suspended', reason: 'Audit' }),
      audits: [{ action: 'update_academic', entity: 'student', school: 'first' }],
    },
    'POST /api/v1/students/promote': {
      prepare: async () => ({
        id: await aStudent(),
        from: await armOf(ids.school, 'JSS 1A'),
        to: await armOf(ids.school, 'JSS 2A'),
      }),
      call: async ({ id, from, to }) =>
        call('admin', 'POST', '/students/promote', { fromClassArm_id: from, toClassArm_id: to, studentIds: [id] }),
      audits: [{ action: 'promote', entity: 'student', school: 'first' }],
    },
    'POST /api/v1/students/{id}/promote': {
      prepare: async () => ({ id: await aStudent(), to: await armOf(ids.school, 'JSS 2A') }),
      call: async ({ id, to }) => call('admin', 'POST', `/students/${id}/promote`, { toClassArm_id: to }),
      audits: [{ action: 'promote', entity: 'student', school: 'first' }],
    },
    'POST /api/v1/students/{id}/disciplinary': {
      prepare: async () => ({ id: await aStudent() }),
      call: async ({ id }) =>
        call('principal', 'POST', `/students/${id}/disciplinary`, {
          date: '2025-10-01',
          category: 'lateness',
          description: 'Late to assembly',
        }),
      audits: [{ action: 'create', entity: 'student_disciplinary_record', school: 'first' }],
    },
    'POST /api/v1/students/{id}/link-parent': {
      prepare: async () => ({ id: await aStudent(), parent: await userId('parent') }),
      call: async ({ id, parent }) => call('admin', 'POST', `/students/${id}/link-parent`, { parentId: parent }),
      audits: [{ action: 'link_parent', entity: 'student', school: 'first' }],
    },
    'DELETE /api/v1/students/{id}/unlink-parent': {
      prepare: async () => {
        const id = await aStudent();
        const parent = await userId('parent');
        expect((await call('admin', 'POST', `/students/${id}/link-parent`, { parentId: parent })).statusCode).toBe(200);
        return { id, parent };
      },
      call: async ({ id, parent }) => call('admin', 'DELETE', `/students/${id}/unlink-parent`, { parentId: parent }),
      audits: [{ action: 'unlink_parent', entity: 'student', school: 'first' }],
    },
    'POST /api/v1/students/{id}/profile-image': {
      prepare: async () => ({ id: await aStudent() }),
      call: async ({ id }) => upload('admin', `/students/${id}/profile-image`, {}, picture('image')),
      audits: [{ action: 'update', entity: 'student_profile_image', school: 'first' }],
    },
    ...Object.fromEntries(
      ['/students/import', '/user/students/import'].map((url) => [
        `POST /api/v1${url}`,
        {
          call: async () => {
            const n = 9000 + ++serial;
            const file = studentFileCsv([studentFileRow(n, { Email: `audit-import-${tag()}@example.ng` })]);
            return upload(
              'admin',
              url,
              { school_id: ids.school, dryRun: 'false' },
              {
                field: 'file',
                filename: 'students.csv',
                contentType: 'text/csv',
                content: file,
              },
            );
          },
          audits: [{ action: 'import', entity: 'student', school: 'first' }],
        } satisfies Audited,
      ]),
    ),

    /* Fees */
    'POST /api/v1/fee/create': {
      call: async () => call('bursar', 'POST', '/fee/create', feeBody()),
      audits: [{ action: 'create', entity: 'fee', school: 'first' }],
    },
    'PUT /api/v1/fee/{id}/update': {
      prepare: async () => ({ id: await pendingFee() }),
      call: async ({ id }) => call('bursar', 'PUT', `/fee/${id}/update`, feeBody({ amount: '1200' })),
      audits: [{ action: 'update', entity: 'fee', school: 'first' }],
    },
    'DELETE /api/v1/fee/{id}/delete': {
      prepare: async () => ({ id: await pendingFee() }),
      call: async ({ id }) => call('bursar', 'DELETE', `/fee/${id}/delete`),
      audits: [{ action: 'delete', entity: 'fee', school: 'first' }],
    },
    'POST /api/v1/fee/{id}/approve': {
      prepare: async () => ({ id: await pendingFee() }),
      call: async ({ id }) => call('principal', 'POST', `/fee/${id}/approve`, { isApproved: true }),
      audits: [{ action: 'approve', entity: 'fee', school: 'first' }],
    },
    'POST /api/v1/fee/{id}/reject': {
      prepare: async () => ({ id: await pendingFee() }),
      call: async ({ id }) => call('principal', 'POST', `/fee/${id}/reject`, { reason: 'Wrong amount' }),
      audits: [{ action: 'reject', entity: 'fee', school: 'first' }],
    },

    /* Adjustments */
    'POST /api/v1/adjustments': {
      prepare: async () => ({ fee: await approvedFee(t, ids.school, ids.term) }),
      call: async ({ fee }) => call('bursar', 'POST', '/adjustments', discountOn(fee!)),
      audits: [{ action: 'fee_adjustment.create', entity: 'fee_adjustment', school: 'first' }],
    },
    'PATCH /api/v1/adjustments/{id}/decision': {
      prepare: async () => ({ id: await pendingDiscount() }),
      call: async ({ id }) => call('principal', 'PATCH', `/adjustments/${id}/decision`, { status: 'approved' }),
      audits: [{ action: 'fee_adjustment.approve', entity: 'fee_adjustment', school: 'first' }],
    },
    'PUT /api/v1/adjustments/{id}/document': {
      prepare: async () => ({ id: await pendingDiscount() }),
      call: async ({ id }) => {
        const form = await multipart({}, [
          { field: 'document', filename: 'letter.png', contentType: 'image/png', content: tinyPng(4) },
        ]);
        return call('bursar', 'PUT', `/adjustments/${id}/document`, form.payload, form.headers);
      },
      audits: [{ action: 'fee_adjustment.document', entity: 'fee_adjustment', school: 'first' }],
    },
    'POST /api/v1/adjustments/{id}/reverse': {
      prepare: async () => {
        const id = await pendingDiscount();
        const approved = await call('principal', 'PATCH', `/adjustments/${id}/decision`, { status: 'approved' });
        expect(approved.statusCode, approved.body).toBe(200);
        return { id };
      },
      call: async ({ id }) => call('bursar', 'POST', `/adjustments/${id}/reverse`, { reason: 'Entered twice' }),
      audits: [{ action: 'fee_adjustment.reverse', entity: 'fee_adjustment', school: 'first' }],
    },

    /* The books (issue 33): on the school built for this file, so its chart and closes are its own */
    'POST /api/v1/books/accounts': {
      call: async () => call('admin', 'POST', '/books/accounts', booksAccountBody()),
      audits: [{ action: 'ledger_account.create', entity: 'ledger_account', school: () => built }],
    },
    'PATCH /api/v1/books/accounts/{id}': {
      prepare: async () => ({ id: await aBooksAccount() }),
      call: async ({ id }) => call('admin', 'PATCH', `/books/accounts/${id}`, { name: 'Petty cash, second till' }),
      audits: [{ action: 'ledger_account.update', entity: 'ledger_account', school: () => built }],
    },
    'PUT /api/v1/books/accounts/{id}/mappings': {
      prepare: async () => ({ id: await aBooksAccount() }),
      call: async ({ id }) =>
        call('admin', 'PUT', `/books/accounts/${id}/mappings`, { package: 'xero', external_account: '090' }),
      audits: [{ action: 'ledger_account.mapping', entity: 'ledger_account', school: () => built }],
    },
    'POST /api/v1/books/closes': {
      call: async () =>
        call('admin', 'POST', '/books/closes', {
          school_id: built,
          closed_through: addDays(todayIn(LAGOS), -1),
        }),
      audits: [{ action: 'ledger_period_close.create', entity: 'ledger_period_close', school: () => built }],
    },
    'POST /api/v1/books/integrity/run': {
      call: async () => call('admin', 'POST', `/books/integrity/run?school_id=${built}`),
      audits: [{ action: 'ledger.check', entity: 'ledger', school: () => built }],
    },

    /* Expenses and vendors (issue 17) */
    'POST /api/v1/expenses': {
      call: async () => {
        const [term] = await t.ctx.db.select().from(terms).where(eq(terms.id, ids.term));
        return call('bursar', 'POST', '/expenses', {
          school_id: ids.school,
          session_id: term!.sessionId,
          term_id: ids.term,
          title: 'Printer toner',
          category: 'consumables',
          amount: 45_000,
          payee_kind: 'other',
          payee_name: 'Bode Stationers',
        });
      },
      audits: [{ action: 'expense.create', entity: 'expense', school: 'first' }],
    },
    'PATCH /api/v1/expenses/{id}': {
      prepare: async () => ({ id: await anExpense() }),
      call: async ({ id }) => {
        const [term] = await t.ctx.db.select().from(terms).where(eq(terms.id, ids.term));
        return call('bursar', 'PATCH', `/expenses/${id}`, {
          school_id: ids.school,
          session_id: term!.sessionId,
          term_id: ids.term,
          title: 'Printer toner, two cartridges',
          category: 'consumables',
          amount: 90_000,
          payee_kind: 'other',
          payee_name: 'Bode Stationers',
        });
      },
      audits: [{ action: 'expense.update', entity: 'expense', school: 'first' }],
    },
    'POST /api/v1/expenses/{id}/transitions': {
      prepare: async () => ({ id: await anExpense() }),
      call: async ({ id }) => call('bursar', 'POST', `/expenses/${id}/transitions`, { action: 'submit' }),
      audits: [{ action: 'expense.submit', entity: 'expense', school: 'first' }],
    },
    'POST /api/v1/expenses/{id}/attachments': {
      prepare: async () => ({ id: await anExpense() }),
      call: async ({ id }) => upload('bursar', `/expenses/${id}/attachments`, { kind: 'invoice' }, picture('file')),
      audits: [{ action: 'expense.attachment_add', entity: 'expense', school: 'first' }],
    },
    'DELETE /api/v1/expenses/{id}/attachments/{attachmentId}': {
      prepare: async () => {
        const id = await anExpense();
        const added = await upload('bursar', `/expenses/${id}/attachments`, {}, picture('file'));
        expect(added.statusCode, added.body).toBe(200);
        return { id, attachment: added.json().data.attachments[0]._id as string };
      },
      call: async ({ id, attachment }) => call('bursar', 'DELETE', `/expenses/${id}/attachments/${attachment}`),
      audits: [{ action: 'expense.attachment_remove', entity: 'expense', school: 'first' }],
    },
    'POST /api/v1/expenses/{id}/payouts': {
      prepare: async () => ({ id: await anExpense('approved') }),
      call: async ({ id }) => call('bursar', 'POST', `/expenses/${id}/payouts`, payoutOf(400)),
      audits: [{ action: 'expense_payout.create', entity: 'expense_payout', school: 'first' }],
    },
    'POST /api/v1/expenses/{id}/payouts/{payoutId}/reverse': {
      prepare: async () => {
        const id = await anExpense('approved');
        const paid = await call('bursar', 'POST', `/expenses/${id}/payouts`, payoutOf(400));
        expect(paid.statusCode, paid.body).toBe(200);
        return { id, payout: paid.json().data.payouts[0]._id as string };
      },
      call: async ({ id, payout }) =>
        call('bursar', 'POST', `/expenses/${id}/payouts/${payout}/reverse`, { reason: 'Paid twice' }),
      audits: [{ action: 'expense_payout.reverse', entity: 'expense_payout', school: 'first' }],
    },
    'POST /api/v1/vendors': {
      call: async () => call('bursar', 'POST', '/vendors', vendorBody()),
      audits: [{ action: 'vendor.create', entity: 'vendor', school: null }],
    },
    'PATCH /api/v1/vendors/{id}': {
      prepare: async () => {
        const made = await call('bursar', 'POST', '/vendors', vendorBody());
        expect(made.statusCode, made.body).toBe(200);
        return { id: made.json().data._id as string, name: made.json().data.name as string };
      },
      call: async ({ id, name }) =>
        call('bursar', 'PATCH', `/vendors/${id}`, vendorBody({ name, account_number: '9876543210' })),
      audits: [{ action: 'vendor.bank_details.propose', entity: 'vendor', school: null }],
    },
    'POST /api/v1/vendors/{id}/bank-changes/{changeId}/approve': {
      prepare: async () => aBankChange(),
      call: async ({ id, change }) => call('principal', 'POST', `/vendors/${id}/bank-changes/${change}/approve`),
      audits: [{ action: 'vendor.bank_details', entity: 'vendor', school: null }],
    },
    'POST /api/v1/vendors/{id}/bank-changes/{changeId}/reject': {
      prepare: async () => aBankChange(),
      call: async ({ id, change }) =>
        call('principal', 'POST', `/vendors/${id}/bank-changes/${change}/reject`, { reason: 'Not from the vendor' }),
      audits: [{ action: 'vendor.bank_details.reject', entity: 'vendor', school: null }],
    },
    'POST /api/v1/forecast/commitments': {
      call: async () =>
        call('principal', 'POST', '/forecast/commitments', {
          school_id: ids.school,
          label: 'Audit rent',
          amount: 150000,
          day_of_month: 1,
          starts_on: '2026-09-01',
        }),
      audits: [{ action: 'commitment.create', entity: 'school_commitment', school: 'first' }],
    },
    'DELETE /api/v1/forecast/commitments/{id}': {
      prepare: async () => {
        const made = await call('principal', 'POST', '/forecast/commitments', {
          school_id: ids.school,
          label: 'Audit loan',
          amount: 90000,
          day_of_month: 28,
          starts_on: '2026-09-01',
        });
        return { id: made.json().data._id as string };
      },
      call: async ({ id }) => call('principal', 'DELETE', `/forecast/commitments/${id}`),
      audits: [{ action: 'commitment.delete', entity: 'school_commitment', school: 'first' }],
    },
    'POST /api/v1/tills': {
      prepare: async () => ({ token: (await freshUser(['Bursar'])).token }),
      call: async ({ token }) => call(bearer(token!), 'POST', '/tills', { desk: 'Audit desk', float: { '500': 2 } }),
      audits: [{ action: 'till_session.open', entity: 'till_session', school: 'first' }],
    },
    'POST /api/v1/tills/{id}/close': {
      prepare: async () => aTill('open'),
      call: async ({ id, token }) => call(bearer(token!), 'POST', `/tills/${id}/close`, { count: { '1000': 1 } }),
      audits: [{ action: 'till_session.close', entity: 'till_session', school: 'first' }],
    },
    'POST /api/v1/tills/{id}/confirm': {
      prepare: async () => aTill('closing'),
      call: async ({ id }) => call('principal', 'POST', `/tills/${id}/confirm`, {}),
      audits: [{ action: 'till_session.confirm', entity: 'till_session', school: 'first' }],
    },
    'POST /api/v1/tills/{id}/bank': {
      prepare: async () => aTill('closed'),
      call: async ({ id, token }) =>
        call(bearer(token!), 'POST', `/tills/${id}/bank`, {
          deposit_slip_no: 'DS-9',
          bank_name: 'GTBank',
          amount: 1000,
        }),
      audits: [{ action: 'till_session.bank', entity: 'till_session', school: 'first' }],
    },
    'POST /api/v1/tills/{id}/voids': {
      prepare: async () => aVoid(false),
      call: async ({ id, token, payment }) =>
        call(bearer(token!), 'POST', `/tills/${id}/voids`, { payment_id: payment, reason: 'Wrong student' }),
      audits: [{ action: 'till_void.request', entity: 'payment_void', school: 'first' }],
    },
    'POST /api/v1/tills/{id}/voids/{voidId}/approve': {
      prepare: async () => aVoid(true),
      call: async ({ id, void: voidId }) => call('principal', 'POST', `/tills/${id}/voids/${voidId}/approve`, {}),
      audits: [{ action: 'till_void.approve', entity: 'payment_void', school: 'first' }],
    },
    'POST /api/v1/tills/{id}/voids/{voidId}/reject': {
      prepare: async () => aVoid(true),
      call: async ({ id, void: voidId }) =>
        call('principal', 'POST', `/tills/${id}/voids/${voidId}/reject`, { note: 'The payment was right' }),
      audits: [{ action: 'till_void.reject', entity: 'payment_void', school: 'first' }],
    },
    'PUT /api/v1/budgets': {
      call: async () =>
        call('bursar', 'PUT', '/budgets', {
          school_id: ids.school,
          term_id: ids.term,
          category: 'utilities',
          amount: 50_000,
        }),
      audits: [{ action: 'budget.create', entity: 'budget', school: 'first' }],
    },
    'DELETE /api/v1/budgets/{id}': {
      prepare: async () => {
        const body = { school_id: ids.school, term_id: ids.term, category: 'technology', amount: 10_000 };
        const saved = await call('bursar', 'PUT', '/budgets', body);
        expect(saved.statusCode, saved.body).toBe(200);
        const lines = saved.json().data.lines as { _id: string; category: string }[];
        return { id: lines.find((line) => line.category === 'technology')!._id };
      },
      call: async ({ id }) => call('bursar', 'DELETE', `/budgets/${id}`),
      audits: [{ action: 'budget.delete', entity: 'budget', school: 'first' }],
    },
    'PUT /api/v1/expense-policies/{id}': {
      call: async () => call('proprietor', 'PUT', `/expense-policies/${ids.school}`, { proprietor_above: 250_000 }),
      audits: [{ action: 'expense_policy.update', entity: 'expense_policy', school: 'first' }],
    },
    'PUT /api/v1/late-fee-policies': {
      prepare: async () => ({ fee: await approvedFee(t, ids.school, ids.term) }),
      call: async ({ fee }) => call('bursar', 'PUT', '/late-fee-policies', lateFeePolicyOn(fee!)),
      audits: [{ action: 'late_fee_policy.update', entity: 'late_fee_policy', school: 'first' }],
    },
    'DELETE /api/v1/late-fee-policies/{id}': {
      prepare: async () => {
        const saved = await call(
          'bursar',
          'PUT',
          '/late-fee-policies',
          lateFeePolicyOn(await approvedFee(t, ids.school, ids.term)),
        );
        expect(saved.statusCode, saved.body).toBe(200);
        return { id: saved.json().data._id };
      },
      call: async ({ id }) => call('bursar', 'DELETE', `/late-fee-policies/${id}`),
      audits: [{ action: 'late_fee_policy.delete', entity: 'late_fee_policy', school: 'first' }],
    },
    'POST /api/v1/adjustment-rules': {
      call: async () => call('bursar', 'POST', '/adjustment-rules', scholarshipRule()),
      audits: [{ action: 'adjustment_rule.create', entity: 'adjustment_rule', school: 'first' }],
    },
    'PATCH /api/v1/adjustment-rules/{id}/decision': {
      prepare: async () => ({ id: await pendingRule() }),
      call: async ({ id }) => call('principal', 'PATCH', `/adjustment-rules/${id}/decision`, { status: 'approved' }),
      audits: [{ action: 'adjustment_rule.approve', entity: 'adjustment_rule', school: 'first' }],
    },
    'PATCH /api/v1/adjustment-rules/{id}': {
      prepare: async () => ({ id: await pendingRule() }),
      call: async ({ id }) => call('bursar', 'PATCH', `/adjustment-rules/${id}`, { is_active: false }),
      audits: [{ action: 'adjustment_rule.update', entity: 'adjustment_rule', school: 'first' }],
    },
    /* Payments */
    'POST /api/v1/payment/initiate': {
      prepare: async () => ({ fee: await approvedFee(t, ids.school, ids.term) }),
      call: async ({ fee }) => call('student', 'POST', '/payment/initiate', { fee_id: fee }),
      audits: [{ action: 'payment.initiate', entity: 'payment', school: 'first' }],
    },
    'POST /api/v1/payment/checkout': {
      prepare: async () => ({ fee: await approvedFee(t, ids.school, ids.term) }),
      call: async ({ fee }) =>
        call('parent', 'POST', '/payment/checkout', {
          method: 'paystack',
          items: [{ student_id: ids.student, fee_id: fee }],
        }),
      audits: [{ action: 'payment.checkout', entity: 'payment', school: 'first' }],
    },
    'POST /api/v1/payment/paystack/webhook': {
      prepare: async () => {
        const { paymentUrl, reference } = await initiate();
        await payOnProviderPage(paymentUrl);
        return { reference, transaction: String(fake.transaction(reference)!.id) };
      },
      call: async ({ reference, transaction }) => {
        const raw = JSON.stringify({ event: 'charge.success', data: { id: Number(transaction), reference } });
        return t.app.inject({
          method: 'POST',
          url: '/api/v1/payment/paystack/webhook',
          headers: {
            'content-type': 'application/json',
            'x-paystack-signature': paystackSignature(PAYSTACK_SECRET, Buffer.from(raw)),
          },
          payload: raw,
        });
      },
      // Settled after the answer, by the provider's own word: the credit is the row that matters.
      audits: [{ action: 'payment.credit', entity: 'payment', school: 'first' }],
    },
    'POST /api/v1/payment/flutterwave/webhook': {
      exempt: 'a delivery is recorded as a payment event; the credit it may lead to is audited by the settle',
      check: async () => {
        const reference = `NOT-OURS-${tag()}`;
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/payment/flutterwave/webhook',
          headers: { 'content-type': 'application/json', 'verif-hash': FLUTTERWAVE_HASH },
          payload: { event: 'charge.completed', data: { id: 777, tx_ref: reference, status: 'successful' } },
        });
        expect(response.statusCode, response.body).toBe(200);
        const events = await t.ctx.db
          .select()
          .from(paymentWebhookEvents)
          .where(eq(paymentWebhookEvents.reference, reference));
        expect(events.map((event) => [event.provider, event.event])).toEqual([['flutterwave', 'charge.completed']]);
      },
    },
    'POST /api/v1/payment/pay-with-cash': {
      prepare: async () => ({ fee: await approvedFee(t, ids.school, ids.term) }),
      call: async ({ fee }) =>
        call(
          'bursar',
          'POST',
          '/payment/pay-with-cash',
          { user_id: ids.student, fee_id: fee, amount: '1000' },
          {
            'idempotency-key': randomUUID(),
          },
        ),
      audits: [{ action: 'payment.credit', entity: 'payment', school: 'first' }],
    },
    'POST /api/v1/payment/pay-with-cash/family': {
      prepare: async () => ({ fee: await approvedFee(t, ids.school, ids.term) }),
      call: async ({ fee }) =>
        call(
          'bursar',
          'POST',
          '/payment/pay-with-cash/family',
          { items: [{ user_id: ids.student, fee_id: fee, amount: '500' }] },
          { 'idempotency-key': randomUUID() },
        ),
      audits: [{ action: 'payment.credit', entity: 'payment', school: 'first' }],
    },
    'POST /api/v1/family-credit/apply': {
      prepare: async () => {
        const paid = await payCash(t, ids.student, await approvedFee(t, ids.school, ids.term), '300');
        const kept = await call('admin', 'POST', `/payment/${paid._id}/refund`, { reason: 'Overpaid', to: 'credit' });
        expect(kept.statusCode, kept.body).toBe(200);
        return { fee: await approvedFee(t, ids.school, ids.term) };
      },
      call: async ({ fee }) =>
        call('parent', 'POST', '/family-credit/apply', { student_id: ids.student, fee_id: fee, amount: '100' }),
      audits: [
        { action: 'payment.credit', entity: 'payment', school: 'first' },
        { action: 'family_credit.apply', entity: 'family_credit_entry', school: 'first' },
      ],
    },
    'POST /api/v1/family-credit/refund': {
      prepare: async () => {
        const paid = await payCash(t, ids.student, await approvedFee(t, ids.school, ids.term), '300');
        const kept = await call('admin', 'POST', `/payment/${paid._id}/refund`, { reason: 'Overpaid', to: 'credit' });
        expect(kept.statusCode, kept.body).toBe(200);
        return { parent: await userId('parent') };
      },
      call: async ({ parent }) =>
        call('bursar', 'POST', '/family-credit/refund', { parent_id: parent, amount: '50', reason: 'Moving away' }),
      audits: [{ action: 'family_credit_payback.request', entity: 'family_credit_payback', school: 'first' }],
    },
    'PATCH /api/v1/family-credit/paybacks/{id}/decision': {
      prepare: async () => {
        const paid = await payCash(t, ids.student, await approvedFee(t, ids.school, ids.term), '300');
        const kept = await call('admin', 'POST', `/payment/${paid._id}/refund`, { reason: 'Overpaid', to: 'credit' });
        expect(kept.statusCode, kept.body).toBe(200);
        const asked = await call('bursar', 'POST', '/family-credit/refund', {
          parent_id: await userId('parent'),
          amount: '50',
          reason: 'Moving away',
        });
        expect(asked.statusCode, asked.body).toBe(200);
        return { id: asked.json().data._id };
      },
      call: async ({ id }) => call('admin', 'PATCH', `/family-credit/paybacks/${id}/decision`, { status: 'approved' }),
      audits: [
        { action: 'family_credit.refund', entity: 'family_credit_entry', school: 'first' },
        { action: 'family_credit_payback.approve', entity: 'family_credit_payback', school: 'first' },
      ],
    },
    'POST /api/v1/payment/bank-transfer': {
      prepare: async () => ({ fee: await approvedFee(t, ids.school, ids.term) }),
      call: async ({ fee }) =>
        upload(
          'student',
          '/payment/bank-transfer',
          { fee_id: fee!, amount: '1000', transfer_date: '2025-10-01', bank_reference: `TRF-${tag()}` },
          { field: 'proof', filename: 'proof.png', contentType: 'image/png', content: tinyPng(4) },
        ),
      audits: [{ action: 'payment.claim', entity: 'payment', school: 'first' }],
    },
    'POST /api/v1/bank-statements': {
      call: async () => uploadStatement(`TRF FROM A WELL WISHER ${tag()}`),
      audits: [{ action: 'bank_statement.import', entity: 'bank_statement', school: 'first' }],
    },
    'POST /api/v1/bank-statements/lines/{id}/confirm': {
      prepare: async () => {
        await approvedFee(t, ids.school, ids.term);
        return { id: await statementLine(`TRF FROM A WELL WISHER ${tag()}`) };
      },
      call: async ({ id }) =>
        call('bursar', 'POST', `/bank-statements/lines/${id}/confirm`, { student_id: ids.student }),
      audits: [
        { action: 'payment.credit', entity: 'payment', school: 'first' },
        { action: 'bank_statement_line.confirm', entity: 'bank_statement_line', school: 'first' },
      ],
    },
    'POST /api/v1/bank-statements/columns': {
      exempt: "reads a statement file's first rows for the mapping screen; nothing is stored until the upload",
    },
    'POST /api/v1/bank-statements/lines/{id}/reject': {
      prepare: async () => ({ id: await statementLine(`TRF FROM A WELL WISHER ${tag()}`) }),
      call: async ({ id }) => call('bursar', 'POST', `/bank-statements/lines/${id}/reject`, { reason: 'Not ours' }),
      audits: [{ action: 'bank_statement_line.reject', entity: 'bank_statement_line', school: 'first' }],
    },
    /* Families' virtual accounts */
    'PUT /api/v1/virtual-accounts/settings': {
      prepare: async () => {
        // A school of its own, its key saved and its switch never touched: this save creates it.
        const { id } = await aSchool(t);
        const psSecretKeyEnc = encryptSecret(PAYSTACK_SECRET, t.ctx.encryptionKey);
        await t.ctx.db.insert(paymentProfiles).values({ schoolId: id, psSecretKeyEnc });
        return { school: id };
      },
      call: async ({ school }) =>
        call('admin', 'PUT', '/virtual-accounts/settings', { school_id: school, enabled: true }),
      audits: [
        {
          action: 'virtual_account_settings.create',
          entity: 'virtual_account_settings',
          school: ({ school }) => school!,
        },
      ],
    },
    'POST /api/v1/virtual-accounts': {
      prepare: async () => {
        await takeVirtualAccounts(ids.school);
        return { student: await aStudent() };
      },
      call: async ({ student }) =>
        call('admin', 'POST', '/virtual-accounts', { school_id: ids.school, holder_id: student }),
      audits: [{ action: 'virtual_account.open', entity: 'virtual_account', school: 'first' }],
    },
    'POST /api/v1/virtual-accounts/mine': {
      prepare: async () => {
        // A school of its own opens its families' accounts through Flutterwave, with its own keys.
        const { id: school } = await aSchool(t);
        const keys = {
          fwSecretKeyEnc: encryptSecret(FLUTTERWAVE_SECRET, t.ctx.encryptionKey),
          fwSecretHashEnc: encryptSecret(FLUTTERWAVE_HASH, t.ctx.encryptionKey),
        };
        await t.ctx.db
          .insert(paymentProfiles)
          .values({ schoolId: school, ...keys })
          .onConflictDoUpdate({ target: paymentProfiles.schoolId, set: keys });
        await t.ctx.db
          .insert(virtualAccountSettings)
          .values({ schoolId: school, enabled: true, provider: 'flutterwave', preferredBank: 'wema-bank' })
          .onConflictDoUpdate({
            target: virtualAccountSettings.schoolId,
            set: { enabled: true, provider: 'flutterwave' },
          });
        const email = `audit-parent-${tag()}@example.ng`;
        const parent = await insertUser(t, { email, roles: ['Parent'], schoolId: school });
        const child = await insertUser(t, {
          email: `audit-child-${tag()}@example.ng`,
          roles: ['Student'],
          schoolId: school,
        });
        await t.ctx.db.insert(parentStudents).values({ parentId: parent.id, studentId: child.id, schoolId: school });
        const signedIn = await login(t, email);
        expect(signedIn.statusCode, signedIn.body).toBe(200);
        return { token: signedIn.json().data.token as string, school };
      },
      call: async ({ token, school }) =>
        call(bearer(token!), 'POST', '/virtual-accounts/mine', {
          school_id: school,
          bvn: '22212345678',
          consent: true,
        }),
      audits: [{ action: 'virtual_account.open', entity: 'virtual_account', school: ({ school }) => school! }],
    },
    'POST /api/v1/virtual-accounts/open-all': {
      prepare: async () => {
        await takeVirtualAccounts(ids.school);
        return {};
      },
      call: async () => call('admin', 'POST', '/virtual-accounts/open-all', { school_id: ids.school, limit: 1 }),
      audits: [{ action: 'virtual_account.open_all', entity: 'virtual_account', school: 'first' }],
    },
    'POST /api/v1/virtual-accounts/{id}/deactivate': {
      prepare: async () => ({ id: await aVirtualAccount() }),
      call: async ({ id }) => call('admin', 'POST', `/virtual-accounts/${id}/deactivate`, { reason: 'Family left' }),
      audits: [{ action: 'virtual_account.deactivate', entity: 'virtual_account', school: 'first' }],
    },
    'POST /api/v1/virtual-accounts/{id}/requery': {
      prepare: async () => ({ id: await aVirtualAccount() }),
      call: async ({ id }) => call('bursar', 'POST', `/virtual-accounts/${id}/requery`, {}),
      audits: [{ action: 'virtual_account.requery', entity: 'virtual_account', school: 'first' }],
    },
    /* Providers' settlements */
    'POST /api/v1/settlements/fetch': {
      prepare: async () => {
        await takeVirtualAccounts(ids.school);
        return {};
      },
      call: async () => call('bursar', 'POST', '/settlements/fetch', { school_id: ids.school }),
      audits: [{ action: 'provider_settlement.fetch', entity: 'provider_settlement', school: 'first' }],
    },
    'POST /api/v1/payment/{id}/confirm-transfer': {
      prepare: async () => ({ id: await claim(await approvedFee(t, ids.school, ids.term)) }),
      call: async ({ id }) => call('bursar', 'POST', `/payment/${id}/confirm-transfer`),
      audits: [{ action: 'payment.credit', entity: 'payment', school: 'first' }],
    },
    'POST /api/v1/payment/{id}/reject-transfer': {
      prepare: async () => ({ id: await claim(await approvedFee(t, ids.school, ids.term)) }),
      call: async ({ id }) => call('bursar', 'POST', `/payment/${id}/reject-transfer`, { reason: 'No such transfer' }),
      audits: [{ action: 'payment.reject_transfer', entity: 'payment', school: 'first' }],
    },
    'POST /api/v1/payment/{id}/refund': {
      prepare: async () => ({
        id: (await payCash(t, ids.student, await approvedFee(t, ids.school, ids.term), '1000'))._id,
      }),
      call: async ({ id }) => call('admin', 'POST', `/payment/${id}/refund`, { reason: 'Paid twice' }),
      audits: [{ action: 'payment.refund', entity: 'payment', school: 'first' }],
    },
    ...Object.fromEntries(
      [
        ['POST', '/paymentprofile/create'],
        ['PUT', '/paymentprofile/update'],
      ].map(([method, url]) => [
        `${method} /api/v1${url}`,
        {
          call: async () =>
            call('admin', method!, url!, {
              school_id: built,
              activate_cash: true,
              activate_bank_transfer: true,
              bank_name: 'Test Bank',
              account_name: 'Audit School',
              account_no: '0123456789',
            }),
          // The first save of the school's profile creates it; any later one updates it.
          audits: [
            {
              action: method === 'POST' ? 'payment_profile.create' : 'payment_profile.update',
              entity: 'payment_profile',
              school: () => built,
            },
          ],
        } satisfies Audited,
      ]),
    ),
    'POST /api/v1/paymentprofile/test-connection': {
      exempt: 'asks the provider whether a key works; nothing is stored, and a key is saved only through /update',
    },

    /* The group, its schools, addresses and calendars */
    'POST /api/v1/groupschool/create': {
      call: async () =>
        call('admin', 'POST', '/groupschool/create', { name: `Audit Group ${tag()}`, description: 'For the trail' }),
      audits: [{ action: 'create', entity: 'group_school', school: null }],
    },
    'PUT /api/v1/groupschool/{id}/update': {
      prepare: async () => ({ id: await aGroup() }),
      call: async ({ id }) =>
        call('admin', 'PUT', `/groupschool/${id}/update`, { name: `Audit Group ${tag()}`, description: 'Renamed' }),
      audits: [{ action: 'update', entity: 'group_school', school: null }],
    },
    'DELETE /api/v1/groupschool/{id}/delete': {
      prepare: async () => ({ id: await aGroup() }),
      call: async ({ id }) => call('admin', 'DELETE', `/groupschool/${id}/delete`),
      audits: [{ action: 'delete', entity: 'group_school', school: null }],
    },
    'POST /api/v1/school/create': {
      call: async () => call('admin', 'POST', '/school/create', schoolBody()),
      audits: [{ action: 'create', entity: 'school', school: (_, body) => schoolIdOf(body) }],
    },
    'PUT /api/v1/school/{id}/update': {
      prepare: async () => ({ id: (await aSchool(t)).id }),
      call: async ({ id }) => call('admin', 'PUT', `/school/${id}/update`, schoolBody()),
      audits: [{ action: 'update', entity: 'school', school: ({ id }) => id! }],
    },
    'DELETE /api/v1/school/{id}/delete': {
      prepare: async () => ({ id: (await aSchool(t)).id }),
      call: async ({ id }) => call('admin', 'DELETE', `/school/${id}/delete`),
      audits: [{ action: 'delete', entity: 'school', school: ({ id }) => id! }],
    },
    'POST /api/v1/address/create': {
      call: async () => call('admin', 'POST', '/address/create', { ...addressBody, school_id: built }),
      audits: [{ action: 'create', entity: 'address', school: () => built }],
    },
    'PUT /api/v1/address/{id}/update': {
      prepare: async () => ({ id: await anAddress() }),
      call: async ({ id }) => call('admin', 'PUT', `/address/${id}/update`, { ...addressBody, street_no: '7' }),
      audits: [{ action: 'update', entity: 'address', school: () => built }],
    },
    'DELETE /api/v1/address/{id}/delete': {
      prepare: async () => ({ id: await anAddress() }),
      call: async ({ id }) => call('admin', 'DELETE', `/address/${id}/delete`),
      audits: [{ action: 'delete', entity: 'address', school: () => built }],
    },
    'POST /api/v1/session/create': {
      call: async () => call('admin', 'POST', '/session/create', sessionBody(built)),
      audits: [{ action: 'create', entity: 'session', school: () => built }],
    },
    'PUT /api/v1/session/{id}/update': {
      prepare: async () => ({ id: (await aSession(t, sessionBody(built))).id }),
      call: async ({ id }) => call('admin', 'PUT', `/session/${id}/update`, sessionBody(built)),
      audits: [{ action: 'update', entity: 'session', school: () => built }],
    },
    'DELETE /api/v1/session/{id}/delete': {
      prepare: async () => ({ id: (await aSession(t, sessionBody(built))).id }),
      call: async ({ id }) => call('admin', 'DELETE', `/session/${id}/delete`),
      audits: [{ action: 'delete', entity: 'session', school: () => built }],
    },
    'POST /api/v1/term/create': {
      prepare: async () => aSessionOfBuilt(),
      call: async (session) => call('admin', 'POST', '/term/create', termBody(session)),
      audits: [{ action: 'create', entity: 'term', school: () => built }],
    },
    'PUT /api/v1/term/{id}/update': {
      prepare: async () => aTermOfBuilt(),
      call: async ({ id, session, year }) =>
        call('admin', 'PUT', `/term/${id}/update`, {
          session,
          name: 'Second Term',
          startDate: `${Number(year) + 1}-01-05`,
          endDate: `${Number(year) + 1}-04-09`,
        }),
      audits: [{ action: 'update', entity: 'term', school: () => built }],
    },
    'DELETE /api/v1/term/{id}/delete': {
      prepare: async () => aTermOfBuilt(),
      call: async ({ id }) => call('admin', 'DELETE', `/term/${id}/delete`),
      audits: [{ action: 'delete', entity: 'term', school: () => built }],
    },
    'POST /api/v1/classarm/create': {
      call: async () =>
        call('admin', 'POST', '/classarm/create', { school_id: built, name: `SS ${tag()}`, capacity: 30 }),
      audits: [{ action: 'create', entity: 'class_arm', school: () => built }],
    },
    'PUT /api/v1/classarm/{id}/update': {
      prepare: async () => ({ id: (await aClassArm(t, { school_id: built })).id }),
      call: async ({ id }) =>
        call('admin', 'PUT', `/classarm/${id}/update`, { school_id: built, name: `SS ${tag()}`, capacity: 35 }),
      audits: [{ action: 'update', entity: 'class_arm', school: () => built }],
    },
    'DELETE /api/v1/classarm/{id}/delete': {
      prepare: async () => ({ id: (await aClassArm(t, { school_id: built })).id }),
      call: async ({ id }) => call('admin', 'DELETE', `/classarm/${id}/delete`),
      audits: [{ action: 'delete', entity: 'class_arm', school: () => built }],
    },

    /* Term results */
    'POST /api/v1/results/import': {
      prepare: async () => ({ regNo: await regNoOf(await aStudent()) }),
      call: async ({ regNo }) => importResult(regNo!),
      audits: [{ action: 'results.import', entity: 'term_result', school: 'first' }],
    },
    'PUT /api/v1/results/{id}': {
      prepare: async () => ({ id: await aResult() }),
      call: async ({ id }) =>
        call('headteacher', 'PUT', `/results/${id}`, {
          average: 61,
          position: null,
          classSize: null,
          daysPresent: null,
          totalDays: null,
          lateDays: null,
          subjects: [],
        }),
      audits: [{ action: 'update', entity: 'term_result', school: 'first' }],
    },
    'DELETE /api/v1/results/{id}': {
      prepare: async () => ({ id: await aResult() }),
      call: async ({ id }) => call('headteacher', 'DELETE', `/results/${id}`),
      audits: [{ action: 'delete', entity: 'term_result', school: 'first' }],
    },
    'DELETE /api/v1/results': {
      prepare: async () => ({ id: await aResult() }),
      call: async () => call('headteacher', 'DELETE', `/results?term_id=${ids.term}`),
      audits: [{ action: 'results.delete_term', entity: 'term_result', school: 'first' }],
    },

    /* Email */
    'PUT /api/v1/email/config': {
      call: async () =>
        call('ict', 'PUT', '/email/config', {
          host: 'smtp.crestview.example',
          port: 2525,
          secure: false,
          auth: { user: 'bursary@crestview.example', pass: 'smtp-password' },
          from: { name: 'Crestview Bursary', email: 'bursary@crestview.example' },
        }),
      // SMTP settings belong to the group, not to one school.
      audits: [{ action: 'create', entity: 'email_settings', school: null }],
    },
    'POST /api/v1/email/test': {
      exempt: 'sends one message to an address the caller types, through settings already audited; nothing is stored',
    },
    'POST /api/v1/email/templates': {
      call: async () => call('ict', 'POST', '/email/templates', { templateId: 'payment_success', ...template }),
      audits: [{ action: 'create', entity: 'email_template', school: null }],
    },
    'PUT /api/v1/email/templates/{id}': {
      // The first save of the group's wording creates it; the call under test changes it.
      prepare: async () => {
        expect((await call('ict', 'PUT', '/email/templates/payment_failed', template)).statusCode).toBe(200);
        return {};
      },
      call: async () =>
        call('ict', 'PUT', '/email/templates/payment_failed', { ...template, subject: 'Payment failed: {{feeName}}' }),
      audits: [{ action: 'update', entity: 'email_template', school: null }],
    },
    'DELETE /api/v1/email/templates/{id}': {
      prepare: async () => {
        expect((await call('ict', 'PUT', '/email/templates/fee_approved', template)).statusCode).toBe(200);
        return {};
      },
      call: async () => call('ict', 'DELETE', '/email/templates/fee_approved'),
      audits: [{ action: 'delete', entity: 'email_template', school: null }],
    },
    'POST /api/v1/email/templates/{id}/preview': {
      exempt: 'renders a draft with sample values; nothing is stored or sent',
    },
    'POST /api/v1/email/send': {
      call: async () =>
        call('principal2', 'POST', '/email/send', {
          to: demoEmail('principal2'),
          subject: 'Audit',
          templateVariables: { message: 'Hello' },
        }),
      audits: [{ action: 'send', entity: 'email', school: 'second' }],
    },
    'POST /api/v1/email/send-bulk': {
      call: async () =>
        call('principal2', 'POST', '/email/send-bulk', {
          emails: [
            { to: demoEmail('principal2'), subject: 'Audit one', templateVariables: { message: 'One' } },
            { to: demoEmail('principal2'), subject: 'Audit two', templateVariables: { message: 'Two' } },
          ],
        }),
      audits: [{ action: 'send', entity: 'email', school: 'second' }],
    },

    /* SMS and WhatsApp */
    'POST /api/v1/me/phone/verification': {
      call: async () => call('parent', 'POST', '/me/phone/verification', { phone: '0803 555 0199' }),
      audits: [{ action: 'phone.code_sent', entity: 'user', school: null }],
    },
    'POST /api/v1/me/phone/verify': {
      prepare: async () => {
        const parent = await userId('parent');
        await t.ctx.db
          .insert(phoneVerifications)
          .values({
            userId: parent,
            phone: '2348035550199',
            codeHash: sha256(`${parent}:123456`),
            expiresAt: new Date(Date.now() + 600_000),
          })
          .onConflictDoUpdate({
            target: phoneVerifications.userId,
            set: { codeHash: sha256(`${parent}:123456`), attempts: 0, expiresAt: new Date(Date.now() + 600_000) },
          });
        return {};
      },
      call: async () => call('parent', 'POST', '/me/phone/verify', { code: '123456' }),
      audits: [{ action: 'phone.verified', entity: 'user', school: null }],
    },
    'POST /api/v1/me/consents': {
      prepare: async () => {
        await t.ctx.db
          .update(users)
          .set({ phone: '0803 555 0198', phoneVerifiedAt: new Date() })
          .where(eq(users.email, demoEmail('auditor')));
        return {};
      },
      call: async () => {
        const wording = (await call('auditor', 'GET', '/me/phone')).json().data.wording.sms;
        return call('auditor', 'POST', '/me/consents', { channel: 'sms', wording });
      },
      audits: [{ action: 'consent.given', entity: 'message_consent', school: null }],
    },
    'DELETE /api/v1/me/consents/{channel}': {
      prepare: async () => {
        const bursar = await userId('bursar');
        await t.ctx.db
          .insert(messageConsents)
          .values({ userId: bursar, channel: 'whatsapp', phone: '2348035550197', wording: 'I agree', method: 'web' })
          .onConflictDoNothing();
        return {};
      },
      call: async () => call('bursar', 'DELETE', '/me/consents/whatsapp'),
      audits: [{ action: 'consent.withdrawn', entity: 'message_consent', school: null }],
    },
    'PUT /api/v1/schools/{schoolId}/messaging-settings': {
      call: async () =>
        call('admin', 'PUT', `/schools/${ids.school}/messaging-settings`, {
          channels: DEFAULT_MESSAGING_SETTINGS.channels,
          monthlyBudgetNaira: { sms: '5000', whatsapp: null },
          quietHours: { start: '21:00', end: '07:00' },
          smsSenderId: '',
        }),
      audits: [{ action: 'messaging_settings.update', entity: 'messaging_settings', school: 'first' }],
    },
    'PUT /api/v1/messaging/account': {
      call: async () =>
        call('ict', 'PUT', '/messaging/account', {
          termiiApiKey: 'audit-coverage-termii-key',
          termiiSecretKey: 'audit-coverage-termii-secret',
        }),
      // A group's own keys belong to the group, not to one school.
      audits: [{ action: 'messaging_account.create', entity: 'messaging_account', school: null }],
    },
    'POST /api/v1/notification/bulk/preview': {
      exempt: 'a dry run of a bulk notice: counts and costs what it would send; nothing is stored or sent',
    },
    'POST /api/v1/messaging/termii/webhook': {
      exempt:
        "a provider's report moves its message's delivery state, kept on the message; a STOP reply is audited as consent.withdrawn",
    },
    'POST /api/v1/messaging/whatsapp/webhook': {
      exempt:
        "a provider's report moves its message's delivery state, kept on the message; a STOP reply is audited as consent.withdrawn",
    },
    'POST /api/v1/messaging/africastalking/{token}/report': {
      exempt: "a provider's report moves its message's delivery state, kept on the message",
    },
    'POST /api/v1/messaging/africastalking/{token}/inbound': {
      exempt: 'a message a phone sent changes nothing but a STOP, which is audited as consent.withdrawn',
    },

    /* Notifications and reminders */
    'POST /api/v1/notification/mark-all-read': {
      exempt: "marks one's own notices read: one's own inbox, not the school's records",
    },
    'POST /api/v1/notification/{id}/mark-read': {
      exempt: "marks one's own notice read: one's own inbox, not the school's records",
      check: async () => {
        const id = await ownNotice('auditor');
        const response = await call('auditor', 'POST', `/notification/${id}/mark-read`);
        expect(response.statusCode, response.body).toBe(200);
      },
    },
    'DELETE /api/v1/notification/{id}': {
      exempt: "removes a notice from one's own inbox; what was sent stays on the trail",
    },
    'POST /api/v1/audit/generate-report': {
      call: async () => call('auditor', 'POST', '/audit/generate-report', { kind: 'security', format: 'csv' }),
      audits: [{ action: 'export', entity: 'audit_report', school: 'first' }],
    },
    'POST /api/v1/reports/preview': {
      exempt:
        'shows a report on screen; nothing is stored and no file leaves the app (a file is audited by /reports/runs)',
    },
    'POST /api/v1/reports/runs': {
      call: async () => call('bursar', 'POST', '/reports/runs', { report: 'collections', format: 'csv', filters: {} }),
      audits: [{ action: 'export', entity: 'report', school: 'first' }],
    },
    'POST /api/v1/reports/schedules': {
      call: async () =>
        call('bursar', 'POST', '/reports/schedules', {
          report: 'collections',
          format: 'pdf',
          filters: {},
          emailTo: demoEmail('principal'),
          frequency: 'weekly',
        }),
      audits: [{ action: 'create', entity: 'report_schedule', school: 'first' }],
    },
    'DELETE /api/v1/reports/schedules/{id}': {
      prepare: async () => {
        const response = await call('bursar', 'POST', '/reports/schedules', {
          report: 'collections',
          format: 'pdf',
          filters: {},
          emailTo: demoEmail('principal'),
          frequency: 'monthly',
        });
        return { id: response.json().data.id };
      },
      call: async ({ id }) => call('bursar', 'DELETE', `/reports/schedules/${id}`),
      audits: [{ action: 'delete', entity: 'report_schedule', school: 'first' }],
    },
    'POST /api/v1/ict-admin/backups': {
      call: async () => call('ict', 'POST', '/ict-admin/backups'),
      audits: [{ action: 'backup.create', entity: 'backup', school: null }],
    },
    'PUT /api/v1/settings/{section}': {
      call: async () => call('ict', 'PUT', '/settings/appearance', { value: { wholeNaira: true } }),
      audits: [{ action: 'settings.update', entity: 'settings', school: null }],
    },
    'PUT /api/v1/notification/preferences': {
      call: async () =>
        call('bursar', 'PUT', '/notification/preferences', {
          preferences: [{ kind: 'payment_reminder', inApp: true, email: false }],
        }),
      audits: [{ action: 'update', entity: 'notification_preferences', school: 'first' }],
    },
    'POST /api/v1/notification/system': {
      prepare: async () => ({ to: await userId('bursar') }),
      call: async ({ to }) =>
        call('principal', 'POST', '/notification/system', { title: 'Audit', message: 'Hello', userId: to }),
      audits: [{ action: 'system_send', entity: 'notification', school: 'first' }],
    },
    'POST /api/v1/notification/bulk': {
      call: async () =>
        call('principal', 'POST', '/notification/bulk', {
          title: 'Audit',
          message: 'Hello all',
          schoolId: ids.school,
          role: 'Bursar',
        }),
      audits: [{ action: 'bulk_send', entity: 'notification', school: 'first' }],
    },
    'POST /api/v1/notification/stream-ticket': {
      exempt: 'a ticket to open one’s own event stream; nothing about the school changes',
    },
    'POST /api/v1/notification/payment-reminder': {
      prepare: async () => ({ fee: await approvedFee(t, ids.school, ids.term) }),
      call: async ({ fee }) =>
        call('bursar', 'POST', '/notification/payment-reminder', { feeId: fee, studentId: ids.student }),
      audits: [{ action: 'create', entity: 'payment_reminder', school: 'first' }],
    },
    'POST /api/v1/notification/payment-reminder/{id}/send': {
      prepare: async () => {
        const fee = await approvedFee(t, ids.school, ids.term);
        const made = await call('bursar', 'POST', '/notification/payment-reminder', {
          feeId: fee,
          studentId: ids.student,
        });
        expect(made.statusCode, made.body).toBe(200);
        return { id: (made.json().data as { _id: string }[])[0]!._id };
      },
      call: async ({ id }) => call('bursar', 'POST', `/notification/payment-reminder/${id}/send`),
      audits: [{ action: 'send', entity: 'payment_reminder', school: 'first' }],
    },
    'POST /api/v1/notification/payment-reminders/bulk/preview': {
      exempt: 'a dry run of a bulk reminder, rolled back: counts and costs what it would send; nothing is kept or sent',
    },
    'POST /api/v1/notification/payment-reminders/bulk': {
      prepare: async () => ({ fee: await approvedFee(t, ids.school, ids.term) }),
      call: async ({ fee }) => call('bursar', 'POST', '/notification/payment-reminders/bulk', { feeId: fee }),
      audits: [{ action: 'reminders.bulk_sent', entity: 'fee', school: 'first' }],
    },
    'PUT /api/v1/notification/reminder-settings': {
      call: async () =>
        call('bursar', 'PUT', '/notification/reminder-settings', { dueSoon: true, urgent: true, overdue: false }),
      audits: [{ action: 'update', entity: 'reminder_settings', school: 'first' }],
    },
  };

  /** A vendor with new bank details proposed by the bursar, waiting for a second approver. */
  async function aBankChange(): Promise<Ids> {
    const made = await call('bursar', 'POST', '/vendors', vendorBody());
    expect(made.statusCode, made.body).toBe(200);
    const { _id: id, name } = made.json().data;
    const proposed = await call(
      'bursar',
      'PATCH',
      `/vendors/${id}`,
      vendorBody({ name, account_number: '9876543210' }),
    );
    expect(proposed.statusCode, proposed.body).toBe(200);
    return { id, change: proposed.json().data.pendingBankChange._id as string };
  }
  async function aGroup() {
    const response = await call('admin', 'POST', '/groupschool/create', {
      name: `Audit Group ${tag()}`,
      description: 'x',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }
  const booksAccountBody = () => ({
    school_id: built,
    code: `19${String(++serial).padStart(2, '0')}`,
    name: 'Petty cash',
    type: 'asset',
  });
  async function aBooksAccount() {
    const response = await call('admin', 'POST', '/books/accounts', booksAccountBody());
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }
  async function anAddress() {
    const response = await call('admin', 'POST', '/address/create', { ...addressBody, school_id: built });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }
  async function aSessionOfBuilt(): Promise<Ids> {
    const body = sessionBody(built);
    return { id: (await aSession(t, body)).id, year: body.startDate.slice(0, 4) };
  }
  async function aTermOfBuilt(): Promise<Ids> {
    const session = await aSessionOfBuilt();
    const term = await aTerm(t, termBody(session));
    return { id: term.id, session: session.id!, year: session.year! };
  }
  function schoolIdOf(body: { data?: { _id?: string; school?: { _id?: string } } }) {
    return body.data?.school?._id ?? body.data!._id!;
  }

  it('has an entry for every mutating operation of the OpenAPI document, and none for an operation that is gone', async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(80);
    const missing = operations.filter((operation) => !(operation in OPERATIONS));
    expect(missing, 'mutating operations with no audit entry: add a call and its audit row, or an exemption').toEqual(
      [],
    );
    expect(Object.keys(OPERATIONS).filter((operation) => !operations.includes(operation))).toEqual([]);
  });

  const audited = () => Object.entries(OPERATIONS).filter((entry): entry is [string, Audited] => 'call' in entry[1]);
  const exempt = () => Object.entries(OPERATIONS).filter((entry): entry is [string, Exempt] => 'exempt' in entry[1]);

  it.each(audited().map(([operation]) => [operation]))('%s writes its audit row', async (operation) => {
    const entry = OPERATIONS[operation] as Audited;
    const prepared = (await entry.prepare?.()) ?? {};
    const before = (await t.ctx.db.select({ id: auditLogs.id }).from(auditLogs)).map((row) => row.id);
    const response = await entry.call(prepared);
    // 202: accepted for the job runner (a report file), audited when asked for.
    expect([200, 202], response.body).toContain(response.statusCode);
    // A download answers with its file; everything else with our envelope.
    const body = String(response.headers['content-type']).startsWith('application/json')
      ? (response.json() as { success: boolean; data?: { _id?: string } })
      : { success: response.rawPayload.length > 0 };
    expect(body.success).toBe(true);

    const schools = { first: ids.school, second: ids.secondSchool };
    const expected = entry.audits.map(({ action, entity, school }) => ({
      action,
      entity,
      schoolId: typeof school === 'function' ? school(prepared, body) : school === null ? null : schools[school],
    }));
    const fresh = async () =>
      (
        await t.ctx.db
          .select({ action: auditLogs.action, entity: auditLogs.entity, schoolId: auditLogs.schoolId })
          .from(auditLogs)
          .where(before.length ? notInArray(auditLogs.id, before) : undefined)
      ).map((row) => ({ action: row.action, entity: row.entity, schoolId: row.schoolId }));
    // A webhook is answered first and settled after: its row may come a moment later.
    await until(async () => {
      const rows = await fresh();
      return expected.every((want) => rows.some((row) => JSON.stringify(row) === JSON.stringify(want)));
    }).catch(() => undefined);
    expect(await fresh()).toEqual(expect.arrayContaining(expected));
  });

  it.each(exempt().map(([operation, entry]) => [operation, entry.exempt]))('%s is exempt: %s', async (operation) => {
    const entry = OPERATIONS[operation] as Exempt;
    expect(entry.exempt.length).toBeGreaterThan(20);
    await entry.check?.();
  });
});
