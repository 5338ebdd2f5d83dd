import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  apiSignIn,
  bearer,
  expectAnnounced,
  parentOfUntouchedStudent,
  type Session,
  screenshot,
  signInAs,
} from './support';

const PHONE = { width: 390, height: 844 };
const REG_NO = 'CVC/2025/0142';
const REFUND_REASON = 'Paid twice at the desk; cash handed back to the parent';
const ONLINE_REFUND_REASON = 'Paid online twice; returned through Paystack';
/** A 1×1 PNG, enough for the server to recognise an image by its bytes. */
const PROOF_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const today = () => new Date().toISOString().slice(0, 10);

/** The student's fees this term with what is still owed on each. */
async function studentFees(request: APIRequestContext, student: Session) {
  const response = await request.get('/api/v1/student/fees', { headers: bearer(student) });
  expect(response.ok()).toBe(true);
  const { data } = await response.json();
  return data.fees as { fee: { _id: string; name: string }; outstanding: number }[];
}

async function outstandingOn(request: APIRequestContext, student: Session, feeId: string) {
  const fee = (await studentFees(request, student)).find((row) => row.fee._id === feeId);
  expect(fee).toBeDefined();
  return fee!.outstanding;
}

async function openPayments(page: Page) {
  await signInAs(page, 'bursar', '/fees?tab=payments');
  await expect(page.getByRole('tab', { name: 'Payments', selected: true })).toBeVisible();
}

async function searchPayments(page: Page, text: string) {
  await page.getByLabel('Search payments').fill(text);
  // The address keeps the search exactly (nuqs leaves characters such as '/' unescaped).
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(text);
}

// The transfer, the cash payment and their checks share one student, so they run in order.
test.describe.configure({ mode: 'serial' });

test.describe('payments for staff', () => {
  test('a bursar confirms a bank transfer the student claimed', async ({ page, request }) => {
    const student = await apiSignIn(request, 'student');
    const owed = (await studentFees(request, student)).find(
      (row) => row.fee.name === 'JSS Tuition' && row.outstanding >= 5000,
    );
    expect(owed, 'the demo student owes a fee of at least ₦5,000').toBeDefined();
    const feeId = owed!.fee._id;
    const before = owed!.outstanding;
    const bankReference = `E2E-TRF-${Date.now()}`;

    const claim = await request.post('/api/v1/payment/bank-transfer', {
      headers: bearer(student),
      multipart: { fee_id: feeId, amount: '5000', transfer_date: today(), bank_reference: bankReference },
    });
    expect(claim.ok(), await claim.text()).toBe(true);
    const reference: string = (await claim.json()).data.trx_ref;

    await openPayments(page);
    const queue = page.getByRole('region', { name: /Bank transfers awaiting confirmation/ });
    const item = queue.getByRole('listitem', { name: `Transfer ${bankReference}` });
    await expect(item).toContainText('Chiamaka Obi');
    await expect(item).toContainText('₦5,000.00');
    await expect(item).toContainText(owed!.fee.name);
    await screenshot(page, 'desktop-payments-transfer-queue');
    await page.setViewportSize(PHONE);
    await expect(item.getByRole('button', { name: 'Confirm' })).toBeVisible();
    await screenshot(page, 'phone-payments-transfer-queue');

    await item.getByRole('button', { name: 'Confirm' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm bank transfer' });
    await expect(dialog).toContainText(bankReference);
    await dialog.getByRole('button', { name: 'Confirm transfer' }).click();
    await expectAnnounced(page, 'Bank transfer confirmed successfully!');
    await expect(item).toBeHidden();

    await searchPayments(page, reference);
    const card = page.getByRole('article', { name: `Payment ${reference}` });
    await expect(card).toContainText('Completed');
    await expect(card).toContainText(bankReference);
    await expect(card.getByText('Receipt no.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Receipt' })).toBeVisible();

    expect(await outstandingOn(request, student, feeId)).toBe(before - 5000);
  });

  test('a bursar views the proof and rejects a claim with a reason', async ({ page, request }) => {
    const student = await apiSignIn(request, 'student');
    const owed = (await studentFees(request, student)).find(
      (row) => row.fee.name === 'JSS Tuition' && row.outstanding >= 1000,
    );
    const bankReference = `E2E-REJ-${Date.now()}`;
    const claim = await request.post('/api/v1/payment/bank-transfer', {
      headers: bearer(student),
      multipart: {
        fee_id: owed!.fee._id,
        amount: '1000',
        transfer_date: today(),
        bank_reference: bankReference,
        proof: { name: 'proof.png', mimeType: 'image/png', buffer: PROOF_PNG },
      },
    });
    expect(claim.ok(), await claim.text()).toBe(true);

    await openPayments(page);
    const item = page.getByRole('listitem', { name: `Transfer ${bankReference}` });
    // The proof is fetched with the bursar's token and shown in place.
    await item.getByRole('button', { name: 'View proof' }).click();
    const proof = page.getByRole('dialog', { name: 'Proof of payment' });
    const image = proof.getByRole('img', { name: 'Proof of transfer from Chiamaka Obi' });
    await expect(image).toBeVisible();
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);
    await proof.getByRole('button', { name: 'Close' }).first().click();
    await expect(proof).toBeHidden();

    await item.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject bank transfer' });
    await dialog.getByRole('button', { name: 'Reject transfer' }).click();
    await expect(dialog.getByText('Please provide a reason for rejection')).toBeVisible();
    await dialog.getByLabel('Reason for rejection').fill('No such credit on the statement');
    await dialog.getByRole('button', { name: 'Reject transfer' }).click();
    await expectAnnounced(page, 'Bank transfer rejected');
    await expect(item).toBeHidden();
  });

  test('a bursar refunds a cash payment with a reason', async ({ page, request }) => {
    const student = await apiSignIn(request, 'student');
    const bursar = await apiSignIn(request, 'bursar');
    const owed = (await studentFees(request, student)).find(
      (row) => row.fee.name === 'JSS Tuition' && row.outstanding >= 2000,
    );
    const feeId = owed!.fee._id;
    const cash = await request.post('/api/v1/payment/pay-with-cash', {
      headers: { ...bearer(bursar), 'Idempotency-Key': randomUUID() },
      data: { user_id: student.userId, fee_id: feeId, amount: 2000 },
    });
    expect(cash.ok(), await cash.text()).toBe(true);
    const reference: string = (await cash.json()).data.payment.trx_ref;
    const before = await outstandingOn(request, student, feeId);

    await openPayments(page);
    await searchPayments(page, reference);
    const card = page.getByRole('article', { name: `Payment ${reference}` });
    await expect(card).toContainText('Completed');
    await card.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await expect(dialog).toContainText('₦2,000.00');
    await dialog.getByRole('button', { name: 'Refund payment' }).click();
    await expect(dialog.getByText('Please give a reason for the refund')).toBeVisible();
    await dialog.getByLabel('Reason for refund').fill(REFUND_REASON);
    await dialog.getByRole('button', { name: 'Refund payment' }).click();
    await expectAnnounced(page, 'Payment refunded successfully!');
    await expect(card.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Refund' })).toHaveCount(0);

    // The refund is its own row, and the student owes the money again.
    await searchPayments(page, REG_NO);
    await page.getByLabel('Method').selectOption('cash');
    const refundRow = page.getByRole('article', { name: /^Refund / }).filter({ hasText: REFUND_REASON });
    await expect(refundRow).toContainText('−₦2,000.00');
    await expect(refundRow.getByText('Refund', { exact: true })).toBeVisible();
    expect(await outstandingOn(request, student, feeId)).toBe(before + 2000);
    await screenshot(page, 'desktop-payments-refund');

    await page.setViewportSize(PHONE);
    await expect(refundRow).toBeVisible();
    await screenshot(page, 'phone-payments');
  });

  /** The online payment the refund test makes, which the dispute test then disputes. */
  let online: { reference: string; fakeOrigin: string } | null = null;

  test('an online refund reads pending until the provider confirms it', async ({ page, request }) => {
    // A parent of its own, for a student no other spec reads, so this payment and its refund change
    // nobody else's screens (the demo parent's children and the demo student have specs of theirs).
    const { parent, child } = await parentOfUntouchedStudent(request, { last: 1, email: 'refund.parent' });
    const fees = (
      await (await request.get(`/api/v1/student/fees?student_id=${child._id}`, { headers: bearer(parent) })).json()
    ).data.fees as { fee: { _id: string }; outstanding: number }[];
    const owed = fees.find((row) => row.outstanding >= 100)!;
    const started = await request.post('/api/v1/payment/initiate', {
      headers: bearer(parent),
      data: { fee_id: owed.fee._id, student_id: child._id, payment_method: 'paystack' },
    });
    expect(started.ok(), await started.text()).toBe(true);
    const { paymentUrl, reference } = (await started.json()).data as { paymentUrl: string; reference: string };
    const paid = await request.post(`${paymentUrl}/pay`, { maxRedirects: 0 });
    expect(paid.status()).toBe(302);
    online = { reference, fakeOrigin: new URL(paymentUrl).origin };
    await expect(async () => {
      const status = await request.get(`/api/v1/payment/${reference}/status`, { headers: bearer(parent) });
      expect((await status.json()).data.status).toBe('success');
    }).toPass();

    await signInAs(page, 'admin', '/fees?tab=payments');
    await searchPayments(page, reference);
    const card = page.getByRole('article', { name: `Payment ${reference}` });
    await expect(card).toContainText('Completed');
    await card.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await expect(dialog).toContainText('the refund shows as pending until the provider confirms it');
    await dialog.getByLabel('Reason for refund').fill(ONLINE_REFUND_REASON);
    await dialog.getByRole('button', { name: 'Refund payment' }).click();
    await expect(card.getByText('Refunded', { exact: true })).toBeVisible();

    // Paystack answered pending: the refund row says so, and the fee stays paid until it confirms.
    await searchPayments(page, child.regNo);
    const refundRow = page.getByRole('article', { name: /^Refund / }).filter({ hasText: ONLINE_REFUND_REASON });
    await expect(refundRow.getByText('Refund pending', { exact: true })).toBeVisible();
    const after = (
      await (await request.get(`/api/v1/student/fees?student_id=${child._id}`, { headers: bearer(parent) })).json()
    ).data.fees as { fee: { _id: string }; outstanding: number }[];
    expect(after.find((row) => row.fee._id === owed.fee._id)!.outstanding).toBe(0);

    // Paystack confirms it (now, rather than on the demo's one-minute timer, which would change the
    // school's figures under a later spec): the refund is done and the fee owed again.
    const processed = await request.post(`${online.fakeOrigin}/__fake/transactions/${reference}/refunds/process`);
    expect((await processed.json()).data.statuses).toEqual([200]);
    await page.reload();
    await expect(refundRow.getByText('Refund pending', { exact: true })).toBeHidden();
    await expect(refundRow.getByText('Refund', { exact: true })).toBeVisible();
    const confirmed = (
      await (await request.get(`/api/v1/student/fees?student_id=${child._id}`, { headers: bearer(parent) })).json()
    ).data.fees as { fee: { _id: string }; outstanding: number }[];
    expect(confirmed.find((row) => row.fee._id === owed.fee._id)!.outstanding).toBe(owed.outstanding);
  });

  test('a payment the payer disputes is flagged to the bursary, then shows how the dispute ended', async ({
    page,
    request,
  }) => {
    expect(online).not.toBeNull();
    const { reference, fakeOrigin } = online!;
    // The local Paystack sends the signed charge.dispute.* webhooks a payer's bank would set off.
    const dispute = async (data: { step: 'create' | 'resolve'; resolution?: string }) => {
      const sent = await request.post(`${fakeOrigin}/__fake/transactions/${reference}/dispute`, { data });
      expect(sent.ok(), await sent.text()).toBe(true);
      expect((await sent.json()).data.webhookStatus).toBe(200);
    };
    await dispute({ step: 'create' });

    await signInAs(page, 'admin', '/fees?tab=payments');
    const status = page.getByLabel('Payment status');
    await status.selectOption({ label: 'Disputed' });
    await expect.poll(() => new URL(page.url()).searchParams.get('pstatus')).toBe('disputed');
    const card = page.getByRole('article', { name: `Payment ${reference}` });
    await expect(card.getByText('Disputed', { exact: true })).toBeVisible();
    await expect(card).toContainText('Dispute opened');
    await expect(page.getByRole('article', { name: /^Payment / })).toHaveCount(1);
    await screenshot(page, 'desktop-payments-disputed');

    await dispute({ step: 'resolve', resolution: 'declined' });
    await page.reload();
    await expect(card.getByText('Dispute won', { exact: true })).toBeVisible();
    await expect(card).toContainText('Won, the school keeps it');
    await expect(card).toContainText('declined');
    await page.setViewportSize(PHONE);
    await expect(card.getByText('Dispute won', { exact: true })).toBeVisible();
    await screenshot(page, 'phone-payments-dispute-won');
  });

  test('the overview shows the payment analytics with a success rate', async ({ page }) => {
    await signInAs(page, 'bursar', '/fees');
    const analytics = page.getByRole('region', { name: 'Payment Analytics' });
    await expect(analytics.getByRole('progressbar', { name: 'Success rate' })).toBeVisible();
    await expect(analytics.getByText('Completed')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Process Payment' })).toHaveAttribute('href', '/bursar/cash-payments');
    await screenshot(page, 'desktop-fees-overview-payments');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'phone-fees-overview-payments');
  });
});
