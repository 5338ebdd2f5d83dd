import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentProfiles, payments, paymentWebhookEvents } from '../src/db/schema.js';
import { encryptSecret } from '../src/lib/secrets.js';
import { handleWebhook } from '../src/modules/payments/online/webhooks.service.js';
import { paystackSignature } from '../src/modules/providers/paystack.js';
import { useTestApp } from './helper.js';
import { approvedFee, insertPayment, loadPaymentIds } from './payments-support.js';

/** Every decryption of a stored secret, counted: a webhook must read the school's account once. */
const decrypts = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/lib/secrets.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/lib/secrets.js')>();
  return {
    ...actual,
    decryptSecret: (blob: string, key: Uint8Array) => {
      decrypts.count++;
      return actual.decryptSecret(blob, key);
    },
  };
});

const SCHOOL_KEY = 'sk_test_school_own_key_0001';

describe('handleWebhook', () => {
  // Nothing listens on port 9: asking the provider fails at once, after the webhook's own work.
  const t = useTestApp({ env: { PAYSTACK_BASE_URL: 'http://127.0.0.1:9' } });
  let reference = '';

  beforeAll(async () => {
    const ids = await loadPaymentIds(t);
    const feeId = await approvedFee(t, ids.school, ids.term);
    const payment = await insertPayment(t, {
      schoolId: ids.school,
      studentId: ids.student,
      feeId,
      amountKobo: 100_000n,
      method: 'paystack',
      status: 'pending',
    });
    reference = payment.reference;
    const psSecretKeyEnc = encryptSecret(SCHOOL_KEY, t.ctx.encryptionKey);
    await t.ctx.db
      .insert(paymentProfiles)
      .values({ schoolId: ids.school, activatePs: true, psSecretKeyEnc })
      .onConflictDoUpdate({ target: paymentProfiles.schoolId, set: { activatePs: true, psSecretKeyEnc } });
  });

  const bodyFor = (ref: string) =>
    Buffer.from(JSON.stringify({ event: 'charge.success', data: { id: 4242, reference: ref } }));

  it("checks the school's signature, records and settles with the school's key decrypted once", async () => {
    const raw = bodyFor(reference);
    const admitted: boolean[] = [];
    decrypts.count = 0;
    const outcome = await handleWebhook(
      t.ctx,
      'paystack',
      raw,
      { 'x-paystack-signature': paystackSignature(SCHOOL_KEY, raw) },
      async (signed) => {
        admitted.push(signed);
      },
    );
    expect(outcome).toMatchObject({ accepted: true, reference });
    expect(admitted).toEqual([true]);
    const settle = outcome.accepted ? outcome.settle : null;
    expect(settle).toBeTypeOf('function');
    await expect(settle!()).rejects.toThrow();
    expect(decrypts.count).toBe(1);

    const events = await t.ctx.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.reference, reference));
    expect(events).toHaveLength(1);
    expect(events[0]!.processedAt).toBeNull();
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.reference, reference));
    expect(row!.status).toBe('pending');
  });

  it("refuses the payment's body signed with another key: counted as unsigned, nothing recorded", async () => {
    const raw = Buffer.from(JSON.stringify({ event: 'charge.success', data: { id: 4343, reference } }));
    const recorded = async () =>
      (await t.ctx.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.reference, reference))).length;
    const before = await recorded();
    const admitted: boolean[] = [];
    const outcome = await handleWebhook(
      t.ctx,
      'paystack',
      raw,
      { 'x-paystack-signature': paystackSignature('sk_test_someone_else', raw) },
      async (signed) => {
        admitted.push(signed);
      },
    );
    expect(outcome).toEqual({ accepted: false });
    expect(admitted).toEqual([false]);
    expect(await recorded()).toBe(before);
  });
});
