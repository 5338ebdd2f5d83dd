import { type PaystackFake, startPaystackFake } from '@schoolledger/provider-fakes';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, paymentProfiles, schools } from '../src/db/schema.js';
import { decryptSecret } from '../src/lib/secrets.js';
import { FIRST_SCHOOL, SECOND_SCHOOL, useTestApp } from './helper.js';

const PS_SECRET = 'sk_test_partialupdate000000000000000001';
const FW_SECRET = 'FLWSECK_TEST-partialupdate0000000000001-X';

describe('payment configuration saves only what was sent and never stores a mask', () => {
  let paystack: PaystackFake;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    paystack = await startPaystackFake({ secretKey: PS_SECRET });
    env.PAYSTACK_BASE_URL = paystack.url;
  });
  afterAll(async () => {
    await paystack?.close();
  });
  const t = useTestApp({ env });
  const ids = { ikeja: '', wuse: '' };

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    const [ikeja] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    const [wuse] = await t.ctx.db.select().from(schools).where(eq(schools.name, SECOND_SCHOOL));
    ids.ikeja = ikeja!.id;
    ids.wuse = wuse!.id;
  });

  const save = async (body: Record<string, unknown>, schoolId = ids.ikeja) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/paymentprofile/update',
      headers: await t.as('ict'),
      payload: { school_id: schoolId, ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Record<string, unknown>;
  };
  const stored = async (schoolId = ids.ikeja) =>
    (await t.ctx.db.select().from(paymentProfiles).where(eq(paymentProfiles.schoolId, schoolId)))[0]!;
  const plain = (blob: string | null) => (blob ? decryptSecret(blob, t.ctx.encryptionKey) : null);
  const connectionTest = async (body: Record<string, unknown> = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/paymentprofile/test-connection',
      headers: await t.as('ict'),
      payload: { school_id: ids.ikeja, provider: 'paystack', ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { ok: boolean };
  };
  const lastAudit = async () =>
    (
      await t.ctx.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, 'payment_profile'), eq(auditLogs.schoolId, ids.ikeja)))
        .orderBy(desc(auditLogs.createdAt))
        .limit(1)
    )[0]!;

  const full = {
    ps_public_key: 'pk_test_partialupdate000000000000000001',
    ps_secret_key: PS_SECRET,
    activate_ps: true,
    fw_public_key: 'FLWPUBK_TEST-partialupdate0000000000001-X',
    fw_secret_key: FW_SECRET,
    fw_secret_hash: 'partial-update-webhook-hash',
    activate_fw: true,
    activate_cash: true,
    default_payment_method: 'paystack',
    enable_installments: true,
    minimum_installment_amount: 2500,
  };

  it('a field not sent keeps its value: bank details alone leave Paystack, Flutterwave and the settings as they were', async () => {
    await save(full);
    const before = await stored();

    const after = await save({
      activate_bank_transfer: true,
      account_no: '0123456789',
      account_name: 'Crestview College Ikeja',
      bank_name: 'Zenith Bank',
    });
    expect(after).toMatchObject({
      activate_ps: true,
      activate_fw: true,
      activate_cash: true,
      activate_bank_transfer: true,
      default_payment_method: 'paystack',
      enable_installments: true,
      minimum_installment_amount: 2500,
      ps_public_key: full.ps_public_key,
      bank_name: 'Zenith Bank',
    });
    const row = await stored();
    expect(row).toMatchObject({
      activatePs: true,
      activateFw: true,
      enableInstallments: true,
      minimumInstallmentKobo: 250_000n,
      psSecretKeyEnc: before.psSecretKeyEnc,
      fwSecretKeyEnc: before.fwSecretKeyEnc,
      fwSecretHashEnc: before.fwSecretHashEnc,
    });
    expect(plain(row.psSecretKeyEnc)).toBe(PS_SECRET);
  });

  it('a new profile starts from what the school showed without one', async () => {
    const shown = (
      await t.app.inject({ method: 'GET', url: `/api/v1/paymentprofile/${ids.wuse}`, headers: await t.as('admin') })
    ).json().data;
    expect(shown._id).toBeNull();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/paymentprofile/create',
      headers: await t.as('admin'),
      payload: { school_id: ids.wuse, bank_name: 'GTBank' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { _id, updatedAt, bank_name, ...settings } = created.json().data;
    const { _id: _a, updatedAt: _b, bank_name: before, ...shownSettings } = shown;
    expect(before).toBeNull();
    expect(bank_name).toBe('GTBank');
    expect(settings).toEqual(shownSettings);
  });

  it('a secret sent back masked, or empty, keeps the stored key', async () => {
    const shown = (
      await t.app.inject({ method: 'GET', url: `/api/v1/paymentprofile/${ids.ikeja}`, headers: await t.as('ict') })
    ).json().data;
    expect(shown.ps_secret_key).toBe('sk_test_••••••••0001');
    const before = await stored();

    // The whole form sent back as GET showed it, masks included.
    const { _id, school, webhook_urls, updatedAt, ...echoed } = shown;
    await save(echoed);
    let row = await stored();
    expect(row.psSecretKeyEnc).toBe(before.psSecretKeyEnc);
    expect(row.fwSecretKeyEnc).toBe(before.fwSecretKeyEnc);
    expect(row.fwSecretHashEnc).toBe(before.fwSecretHashEnc);
    expect(plain(row.psSecretKeyEnc)).toBe(PS_SECRET);
    expect(plain(row.fwSecretKeyEnc)).toBe(FW_SECRET);
    expect(await connectionTest()).toMatchObject({ ok: true });
    expect(await connectionTest({ secret_key: shown.ps_secret_key })).toMatchObject({ ok: true });
    expect((await lastAudit()).after).toMatchObject({
      psSecretKey: 'unchanged',
      fwSecretKey: 'unchanged',
      fwSecretHash: 'unchanged',
    });

    await save({ ps_secret_key: '', fw_secret_key: '', fw_secret_hash: '' });
    row = await stored();
    expect(row.psSecretKeyEnc).toBe(before.psSecretKeyEnc);
    expect(row.fwSecretHashEnc).toBe(before.fwSecretHashEnc);
    expect(await connectionTest()).toMatchObject({ ok: true });
  });

  it('clearing is explicit and the audit row says cleared', async () => {
    const after = await save({ clear_ps_secret_key: true, activate_ps: false, default_payment_method: 'cash' });
    expect(after.ps_secret_key).toBeNull();
    const row = await stored();
    expect(row.psSecretKeyEnc).toBeNull();
    expect(plain(row.fwSecretKeyEnc)).toBe(FW_SECRET);
    const audit = await lastAudit();
    expect(audit.action).toBe('payment_profile.update');
    expect(audit.after).toMatchObject({ psSecretKey: 'cleared', fwSecretKey: 'unchanged' });

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/paymentprofile/test-connection',
      headers: await t.as('ict'),
      payload: { school_id: ids.ikeja, provider: 'paystack' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('API keys are required');
  });
});
