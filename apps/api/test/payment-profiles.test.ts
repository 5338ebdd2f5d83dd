import { randomBytes, randomUUID } from 'node:crypto';
import { todayIn } from '@schoolledger/domain';
import {
  type FlutterwaveFake,
  type PaystackFake,
  startFlutterwaveFake,
  startPaystackFake,
} from '@schoolledger/provider-fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, parentStudents, paymentProfiles, schools, users } from '../src/db/schema.js';
import { decryptSecret, deriveKey, encryptSecret, maskSecret } from '../src/lib/secrets.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import { bearer, demoEmail, FIRST_SCHOOL, insertUser, login, SECOND_SCHOOL, useTestApp } from './helper.js';

describe('secret encryption helpers', () => {
  const key = deriveKey(randomBytes(32), 'encryption');

  it('round-trips, uses a fresh IV each time, and refuses a tampered value or another key', () => {
    const blob = encryptSecret('sk_test_abcdef0123456789', key);
    expect(blob).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(blob).not.toContain('abcdef');
    expect(decryptSecret(blob, key)).toBe('sk_test_abcdef0123456789');
    expect(encryptSecret('sk_test_abcdef0123456789', key)).not.toBe(blob);

    const [version, iv, tag, ciphertext] = blob.split('.') as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0]! ^= 1;
    expect(() => decryptSecret([version, iv, tag, flipped.toString('base64url')].join('.'), key)).toThrow();
    expect(() => decryptSecret(blob, deriveKey(randomBytes(32), 'encryption'))).toThrow();
    expect(() => decryptSecret('sk_test_plain', key)).toThrow();
  });

  it('masks keeping only a known prefix and the last four characters', () => {
    expect(maskSecret('sk_test_abcdef0123456789')).toBe('sk_test_••••••••6789');
    expect(maskSecret('sk_live_abcdef0123456789')).toBe('sk_live_••••••••6789');
    expect(maskSecret('FLWSECK_TEST-0123456789abcdef-X')).toBe('FLWSECK_TEST-••••••••ef-X');
    expect(maskSecret('my-own-webhook-hash-value')).toBe('••••••••alue');
    expect(maskSecret('short')).toBe('••••••••');
  });
});

const PS_SECRET = 'sk_test_profiles0000000000000000000001';
const FW_SECRET = 'FLWSECK_TEST-profiles000000000000000001-X';

describe('payment configuration per school', () => {
  let paystack: PaystackFake;
  let flutterwave: FlutterwaveFake;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    paystack = await startPaystackFake({ secretKey: PS_SECRET });
    flutterwave = await startFlutterwaveFake({ secretKey: FW_SECRET, secretHash: 'hash' });
    // The app has no accounts of its own: only what a school saves can take payments.
    env.PAYSTACK_BASE_URL = paystack.url;
    env.FLUTTERWAVE_BASE_URL = flutterwave.baseUrl;
  });
  afterAll(async () => {
    await paystack?.close();
    await flutterwave?.close();
  });
  const t = useTestApp({ env });
  const ids = { ikeja: '', wuse: '', term: '' };

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    const [ikeja] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    const [wuse] = await t.ctx.db.select().from(schools).where(eq(schools.name, SECOND_SCHOOL));
    ids.ikeja = ikeja!.id;
    ids.wuse = wuse!.id;
    ids.term = (await defaultTermOf(t.ctx.db, ids.ikeja, todayIn('Africa/Lagos', new Date())))!;
  });

  async function call(who: string | { authorization: string }, method: string, url: string, payload?: unknown) {
    return t.app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: typeof who === 'string' ? await t.as(who) : who,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  const base = {
    activate_ps: true,
    activate_fw: false,
    activate_bank_transfer: true,
    activate_cash: true,
    account_no: '1013527846',
    account_name: 'Crestview College Ikeja',
    bank_name: 'Zenith Bank',
    default_payment_method: 'paystack',
    enable_installments: true,
    minimum_installment_amount: 5000,
  };

  const storedRow = async (schoolId: string) =>
    (await t.ctx.db.select().from(paymentProfiles).where(eq(paymentProfiles.schoolId, schoolId)))[0];

  it('a school without a profile shows defaults; ICT saves keys that are stored encrypted and only shown masked', async () => {
    const empty = await call('ict', 'GET', `/paymentprofile/${ids.ikeja}`);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data).toMatchObject({
      _id: null,
      activate_ps: false,
      activate_cash: true,
      ps_secret_key: null,
    });
    expect(empty.json().data.webhook_urls.flutterwave).toMatch(/\/api\/v1\/payment\/flutterwave\/webhook$/);

    const created = await call('ict', 'POST', '/paymentprofile/create', {
      ...base,
      school_id: ids.ikeja,
      ps_public_key: 'pk_test_profiles000000000000000000001',
      ps_secret_key: PS_SECRET,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe('Payment profile created successfully!');
    expect(created.json().data.ps_secret_key).toBe('sk_test_••••••••0001');
    expect(created.body).not.toContain(PS_SECRET);

    const row = await storedRow(ids.ikeja);
    expect(row!.psSecretKeyEnc).toMatch(/^v1\./);
    expect(row!.psSecretKeyEnc).not.toContain('profiles');
    expect(decryptSecret(row!.psSecretKeyEnc!, t.ctx.encryptionKey)).toBe(PS_SECRET);

    for (const path of [`/paymentprofile/${ids.ikeja}`, '/paymentprofile/all']) {
      const read = await call('admin', 'GET', path);
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain(PS_SECRET);
      expect(read.body).toContain('sk_test_••••••••0001');
    }
    const all = (await call('admin', 'GET', '/paymentprofile/all')).json().data as { _id: string | null }[];
    expect(all).toHaveLength(2);
    expect(all.filter((profile) => profile._id === null)).toHaveLength(1);
    // The ICT administrator of one school sees that school only.
    expect((await call('ict', 'GET', '/paymentprofile/all')).json().data).toHaveLength(1);

    // An empty secret keeps the stored one; create on an existing profile updates it.
    const again = await call('ict', 'POST', '/paymentprofile/create', {
      ...base,
      school_id: ids.ikeja,
      ps_secret_key: '',
    });
    expect(again.json().message).toBe('Payment profile updated successfully!');
    expect(again.json().data.ps_secret_key).toBe('sk_test_••••••••0001');
    expect((await storedRow(ids.ikeja))!.psSecretKeyEnc).toBe(row!.psSecretKeyEnc);

    const audits = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'payment_profile'), eq(auditLogs.schoolId, ids.ikeja)));
    expect(audits.map((audit) => audit.action).sort()).toEqual(['payment_profile.create', 'payment_profile.update']);
    for (const audit of audits) {
      expect(JSON.stringify(audit)).not.toContain(PS_SECRET);
      expect(JSON.stringify(audit)).not.toContain(row!.psSecretKeyEnc!);
    }
    expect(audits.find((audit) => audit.action === 'payment_profile.create')!.after).toMatchObject({
      psSecretKey: 'set',
    });
  });

  it('only Admin and ICT of the school may change it: bursar 403, another school ICT 404', async () => {
    const body = { ...base, school_id: ids.ikeja };
    expect((await call('bursar', 'PUT', '/paymentprofile/update', body)).statusCode).toBe(403);
    expect((await call('student', 'GET', `/paymentprofile/${ids.ikeja}`)).statusCode).toBe(403);
    const email = `ict-${randomUUID().slice(0, 6)}@example.ng`;
    await insertUser(t, { email, roles: ['ICT_administrator'], schoolId: ids.wuse });
    const otherIct = bearer((await login(t, email)).json().data.token as string);
    expect((await call(otherIct, 'PUT', '/paymentprofile/update', body)).statusCode).toBe(404);
    expect((await call(otherIct, 'GET', `/paymentprofile/${ids.ikeja}`)).statusCode).toBe(404);
    expect(
      (await call(otherIct, 'POST', '/paymentprofile/test-connection', { school_id: ids.ikeja, provider: 'paystack' }))
        .statusCode,
    ).toBe(404);
    // The super-admin configures any school.
    const wuse = await call('admin', 'PUT', '/paymentprofile/update', {
      school_id: ids.wuse,
      activate_cash: true,
      default_payment_method: 'cash',
    });
    expect(wuse.statusCode, wuse.body).toBe(200);
    expect(wuse.json().message).toBe('Payment profile created successfully!');
  });

  it('refuses a default method that is off, bank transfer without an account, and a key in the wrong box', async () => {
    const response = await call('ict', 'PUT', '/paymentprofile/update', {
      school_id: ids.ikeja,
      activate_ps: false,
      activate_bank_transfer: true,
      account_no: '',
      account_name: '',
      bank_name: '',
      default_payment_method: 'paystack',
      ps_secret_key: 'pk_test_000000000000000000000001',
    });
    expect(response.statusCode).toBe(422);
    const fields = (response.json().errors as { field: string }[]).map((error) => error.field).sort();
    expect(fields).toEqual(['account_name', 'account_no', 'bank_name', 'default_payment_method', 'ps_secret_key']);
    // Nothing was changed.
    expect((await storedRow(ids.ikeja))!.activatePs).toBe(true);
  });

  it('tests the connection against the provider with the stored or a typed key', async () => {
    const test = (body: Record<string, unknown>) =>
      call('ict', 'POST', '/paymentprofile/test-connection', { school_id: ids.ikeja, ...body });
    const stored = await test({ provider: 'paystack' });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().data.ok).toBe(true);
    const wrong = await test({ provider: 'paystack', secret_key: 'sk_test_wrong000000000000000000' });
    expect(wrong.json().data).toMatchObject({ ok: false });
    expect(wrong.json().data.message).toContain('Invalid key');
    const none = await test({ provider: 'flutterwave' });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('API keys are required');
    const typed = await test({ provider: 'flutterwave', secret_key: FW_SECRET });
    expect(typed.json().data.ok).toBe(true);
  });

  it('available methods follow the profile; clearing a key or switching a method off removes it', async () => {
    const methods = async (who: string, query = '') => {
      const response = await call(who, 'GET', `/payment/available-methods${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as {
        methods: { method: string; description: string; bank_details: unknown }[];
        default_payment_method: string;
        minimum_installment_amount: number;
      };
    };
    const student = await methods('student');
    expect(student.methods.map((option) => option.method)).toEqual(['paystack', 'bank_transfer', 'cash']);
    expect(student.default_payment_method).toBe('paystack');
    expect(student.minimum_installment_amount).toBe(5000);
    // The transfer carries the student's own payment code, so the money lands on them.
    const [me] = await t.ctx.db
      .select({ code: users.paymentCode })
      .from(users)
      .where(eq(users.email, demoEmail('student')));
    expect(me!.code).toMatch(/^SL[0-9A-HJKMNP-TV-Z]{6}$/);
    const bankOf = (listed: Awaited<ReturnType<typeof methods>>) =>
      listed.methods.find((option) => option.method === 'bank_transfer')!.bank_details;
    expect(bankOf(student)).toEqual({
      bank_name: 'Zenith Bank',
      account_name: 'Crestview College Ikeja',
      account_no: '1013527846',
      payment_code: me!.code,
    });
    expect(student.methods.find((option) => option.method === 'cash')!.description).toBe('Pay at the Bursar office');
    const bursar = await methods('bursar');
    expect(bursar.methods).toHaveLength(3);
    expect(bankOf(bursar)).toMatchObject({ account_no: '1013527846', payment_code: null });

    const [parent] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('parent')));
    // A parent paying for the child at Ikeja is given that child's code, not their own.
    const [daughter] = await t.ctx.db
      .select({ id: users.id, code: users.paymentCode })
      .from(parentStudents)
      .innerJoin(users, eq(users.id, parentStudents.studentId))
      .where(and(eq(parentStudents.parentId, parent!.id), eq(users.schoolId, ids.ikeja)));
    expect(daughter!.code).not.toBe(parent!.paymentCode);
    expect(bankOf(await methods('parent', `?student_id=${daughter!.id}`))).toMatchObject({
      payment_code: daughter!.code,
    });

    // The parent asks for the child at Wuse, whose profile takes cash only.
    const [son] = await t.ctx.db
      .select({ id: users.id })
      .from(parentStudents)
      .innerJoin(users, eq(users.id, parentStudents.studentId))
      .where(and(eq(parentStudents.parentId, parent!.id), eq(users.schoolId, ids.wuse)));
    expect((await methods('parent', `?student_id=${son!.id}`)).methods.map((option) => option.method)).toEqual([
      'cash',
    ]);
    expect((await call('parent', 'GET', '/payment/available-methods')).statusCode).toBe(422);

    await call('ict', 'PUT', '/paymentprofile/update', { ...base, school_id: ids.ikeja, clear_ps_secret_key: true });
    expect((await storedRow(ids.ikeja))!.psSecretKeyEnc).toBeNull();
    const cleared = await methods('student');
    expect(cleared.methods.map((option) => option.method)).toEqual(['bank_transfer', 'cash']);
    expect(cleared.default_payment_method).toBe('bank_transfer');
  });

  it('initiate refuses a method the school has off and an installment below the school minimum', async () => {
    await call('ict', 'PUT', '/paymentprofile/update', { ...base, school_id: ids.ikeja, ps_secret_key: PS_SECRET });
    const fee = await call('admin', 'POST', '/fee/create', {
      term_id: ids.term,
      school_id: ids.ikeja,
      name: `Fee ${randomUUID().slice(0, 8)}`,
      description: 'Test',
      type: 'miscellaneous',
      amount: '20000',
      isApproved: true,
      isInstallmentAllowed: true,
      no_ofInstallments: 10,
    });
    expect(fee.statusCode, fee.body).toBe(200);
    const feeId = fee.json().data._id as string;

    const flutterwaveOff = await call('student', 'POST', '/payment/initiate', {
      fee_id: feeId,
      payment_method: 'flutterwave',
    });
    expect(flutterwaveOff.statusCode).toBe(400);
    expect(flutterwaveOff.json().message).toBe('Flutterwave is not available for this school');

    // The fee allows ₦2,000 installments, the school asks at least ₦5,000.
    const small = await call('student', 'POST', '/payment/initiate', { fee_id: feeId, amount: 2000 });
    expect(small.statusCode).toBe(422);
    expect(small.json().message).toBe('The minimum installment is ₦5,000.00');
    const enough = await call('student', 'POST', '/payment/initiate', { fee_id: feeId, amount: 5000 });
    expect(enough.statusCode, enough.body).toBe(200);
    expect(enough.json().data.paymentUrl.startsWith(`${paystack.url}/checkout/`)).toBe(true);

    await call('ict', 'PUT', '/paymentprofile/update', { ...base, school_id: ids.ikeja, enable_installments: false });
    const noInstallments = await call('student', 'POST', '/payment/initiate', { fee_id: feeId, amount: 5000 });
    expect(noInstallments.statusCode).toBe(422);
    expect(noInstallments.json().message).toBe('This fee must be paid in full');
  });
});
