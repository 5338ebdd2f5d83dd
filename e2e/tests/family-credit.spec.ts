import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  apiSignIn,
  bearer,
  expectAccessible,
  PHONE,
  parentOfUntouchedStudent,
  screenshot,
  signInAs,
  viewScreenshot,
} from './support';

interface Child {
  _id: string;
  firstname: string;
  lastname: string;
  regNo: string;
  school: { _id: string };
}

/** A fee for one child only, approved, in the school's current term. */
async function feeFor(request: APIRequestContext, child: Child, name: string, amount: string) {
  const admin = await apiSignIn(request, 'admin');
  const term = (
    await (await request.get('/api/v1/term/current', { headers: bearer(await apiSignIn(request, 'bursar')) })).json()
  ).data;
  const created = await request.post('/api/v1/fee/create', {
    headers: bearer(admin),
    data: {
      term_id: term._id,
      school_id: child.school._id,
      name,
      description: 'A fee the family credit spec pays',
      type: 'miscellaneous',
      amount,
      appliesTo: 'students',
      student_ids: [child._id],
      isApproved: true,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()).data._id as string;
}

/** A family of two children at the bursar's school, with a parent of their own. */
async function twoChildFamily(request: APIRequestContext, email: string, last: number) {
  const bursar = await apiSignIn(request, 'bursar');
  const profile = (await (await request.get('/api/v1/user/profile', { headers: bearer(bursar) })).json()).data;
  const family = await parentOfUntouchedStudent(request, { last, email, schoolId: profile.school._id });
  const second = await parentOfUntouchedStudent(request, {
    last: last + 1,
    email: `${email}.b`,
    schoolId: profile.school._id,
  });
  const admin = await apiSignIn(request, 'admin');
  const linked = await request.post(`/api/v1/students/${second.child._id}/link-parent`, {
    headers: bearer(admin),
    data: { parentId: family.parent.userId },
  });
  expect(linked.ok(), await linked.text()).toBe(true);
  return { ...family, child: family.child as Child, sibling: second.child as Child, bursar };
}
type Family = Awaited<ReturnType<typeof twoChildFamily>>;

/**
 * The parent claims a transfer for a fee the desk is paid in cash meanwhile: confirmed, the
 * transfer finds nothing owed and the parent's family keeps it as credit.
 */
async function creditFromTransfer(request: APIRequestContext, family: Family, feeId: string, amount: string) {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
  const claim = await request.post('/api/v1/payment/bank-transfer', {
    headers: bearer(family.parent),
    multipart: {
      fee_id: feeId,
      student_id: family.child._id,
      amount,
      transfer_date: today,
      bank_reference: `E2E-CREDIT-${Date.now()}`,
    },
  });
  expect(claim.ok(), await claim.text()).toBe(true);
  const paid = await request.post('/api/v1/payment/pay-with-cash', {
    headers: { ...bearer(family.bursar), 'Idempotency-Key': crypto.randomUUID() },
    data: { user_id: family.child._id, fee_id: feeId, amount },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const confirmed = await request.post(`/api/v1/payment/${(await claim.json()).data._id}/confirm-transfer`, {
    headers: bearer(family.bursar),
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

/** The bursar's cash desk with the child found and the family payment opened. */
async function openFamilyDesk(page: Page, child: { regNo: string; firstname: string }) {
  await signInAs(page, 'bursar', '/bursar/cash-payments');
  await page.getByLabel('Search student').fill(child.regNo);
  await page
    .getByRole('list', { name: 'Matching students' })
    .getByRole('button', { name: new RegExp(child.firstname) })
    .click();
  await page.getByRole('button', { name: 'Pay for the family' }).click();
}

test.describe('family credit and the family cash desk', () => {
  test('the bursar takes one cash payment for two children and prints both receipts', async ({ page, request }) => {
    await page.addInitScript(() => {
      window.print = () => {
        (window as unknown as { printed: number }).printed = 1;
      };
    });
    const family = await twoChildFamily(request, 'desk.family', 6);
    const { child } = family;
    await feeFor(request, child, 'Desk Lab Fee', '1200');
    await feeFor(request, family.sibling, 'Desk Club Fee', '800.50');

    await openFamilyDesk(page, child);
    const sibling = `${family.sibling.firstname}.* ${family.sibling.lastname}`;
    await page.getByRole('button', { name: new RegExp(`Add a sibling: ${sibling}`) }).click();

    await page.getByRole('checkbox', { name: new RegExp(`Pay Desk Lab Fee for ${child.firstname}`) }).check();
    await page.getByLabel(/Amount for Desk Lab Fee/).fill('1000');
    await page.getByRole('checkbox', { name: new RegExp(`Pay Desk Club Fee for ${family.sibling.firstname}`) }).check();
    await expect(page.getByText('₦1,800.50').first()).toBeVisible();
    await page.getByRole('heading', { name: 'Family payment' }).scrollIntoViewIfNeeded();
    await viewScreenshot(page, 'desktop-family-cash-desk');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'phone-family-cash-desk');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Record payment for 2 fees' }).click();
    const receipt = page.getByRole('region', { name: 'Payment Receipts' });
    await expect(receipt).toBeVisible();
    await expect(receipt.getByText(/CVC-\d{4}-\d{6}/)).toHaveCount(2);
    await expect(receipt.getByText(new RegExp(`${child.firstname}.* ${child.lastname} · Desk Lab Fee`))).toBeVisible();
    await expect(receipt.getByText(new RegExp(`${sibling} · Desk Club Fee`))).toBeVisible();
    await expect(receipt.getByRole('definition').last()).toHaveText('₦1,800.50');
    await screenshot(page, 'desktop-family-cash-receipt');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'phone-family-cash-receipt');
    await page.getByRole('button', { name: 'Print Receipts' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed?: number }).printed)).toBe(1);
  });

  test('money another desk took meanwhile refuses the family payment on its own line, recording nothing', async ({
    page,
    request,
  }) => {
    const bursar = await apiSignIn(request, 'bursar');
    const profile = (await (await request.get('/api/v1/user/profile', { headers: bearer(bursar) })).json()).data;
    const { child } = await parentOfUntouchedStudent(request, {
      last: 14,
      email: 'stale.family',
      schoolId: profile.school._id,
    });
    // A retry meets the same child with the first attempt's fee still on it, so it names its own.
    const trip = `Desk Trip Fee${test.info().retry ? ` ${test.info().retry}` : ''}`;
    const feeId = await feeFor(request, child as Child, trip, '600');

    await openFamilyDesk(page, child);
    await page.getByRole('checkbox', { name: `Pay ${trip} for ${child.firstname} ${child.lastname}` }).check();
    const amount = page.getByLabel(`Amount for ${trip} (`);
    await expect(amount).toHaveValue('600');
    await amount.fill('550');

    // Another desk takes ₦100 of the same fee while this bursar has ₦550 typed. Whether the page
    // hears of it before the click (and checks it there) or the server refuses it, the line says so.
    const elsewhere = await request.post('/api/v1/payment/pay-with-cash', {
      headers: { ...bearer(bursar), 'Idempotency-Key': crypto.randomUUID() },
      data: { user_id: child._id, fee_id: feeId, amount: '100' },
    });
    expect(elsewhere.ok(), await elsewhere.text()).toBe(true);

    await page.getByRole('button', { name: 'Record payment for 1 fee' }).click();
    await expect(amount).toHaveAccessibleDescription('Amount cannot be more than the outstanding ₦500.00');
    await expect(page.getByRole('region', { name: 'Payment Receipts' })).toHaveCount(0);
    // A later change at the school refreshes the open desk; the reason the line was refused stays.
    await feeFor(request, child as Child, `Desk Lunch Fee${trip.slice('Desk Trip Fee'.length)}`, '200');
    await expect(page.getByRole('checkbox', { name: /Pay Desk Lunch Fee/ }).last()).toBeVisible();
    await expect(amount).toHaveAccessibleDescription('Amount cannot be more than the outstanding ₦500.00');
    await expectAccessible(page, 'the family desk with a refused line');
    // Whole pages from the top, where the sticky header belongs.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'desktop-family-cash-desk-refused');
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `phone-${width}-family-cash-desk-refused`);
    }

    // The refused submission took nothing: the ₦500 still owed is taken whole.
    await page.setViewportSize({ width: 1280, height: 800 });
    await amount.fill('500');
    await page.getByRole('button', { name: 'Record payment for 1 fee' }).click();
    const receipt = page.getByRole('region', { name: 'Payment Receipts' });
    await expect(receipt.getByText(/CVC-\d{4}-\d{6}/)).toHaveCount(1);
    await expect(receipt.getByRole('definition').last()).toHaveText('₦500.00');
  });

  test('the parent sees the family credit and uses it on a fee', async ({ page, request }) => {
    const family = await twoChildFamily(request, 'credit.family', 8);
    const { child } = family;
    const source = await feeFor(request, child, 'Credit Source Fee', '300');
    await creditFromTransfer(request, family, source, '300');
    await feeFor(request, child, 'Credit Trip Fee', '500');

    await signInAs(page, family, `/student/fees?child=${child._id}`);
    const card = page.getByRole('region', { name: 'Family credit' });
    await expect(card.getByText('₦300.00').first()).toBeVisible();
    await expect(card.getByText('Overpayment kept as credit')).toBeVisible();
    await screenshot(page, 'desktop-family-credit');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'phone-family-credit');
    await page.setViewportSize({ width: 1280, height: 800 });

    const trip = card.getByRole('listitem').filter({ hasText: 'Credit Trip Fee' });
    await trip.getByRole('button', { name: 'Use credit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Use family credit' });
    await dialog.getByLabel('Amount (₦)').fill('200');
    await page.setViewportSize(PHONE);
    await viewScreenshot(page, 'phone-family-credit-use');
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Use credit' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('₦100.00').first()).toBeVisible();
    await expect(card.getByText('Used to pay a fee')).toBeVisible();
    await expect(card.getByText(/Credit Trip Fee · .* · CVC-\d{4}-\d{6}/)).toBeVisible();
  });

  test('the bursar asks to pay part of a family credit back, another person approves it, and the parent sees it', async ({
    browser,
    page,
    request,
  }) => {
    const family = await twoChildFamily(request, 'payback.family', 9);
    const { child } = family;
    const source = await feeFor(request, child, 'Payback Source Fee', '300');
    await creditFromTransfer(request, family, source, '300');

    await openFamilyDesk(page, child);
    await page.getByRole('button', { name: 'Pay back' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay credit back' });
    await dialog.getByRole('button', { name: 'Ask for approval' }).click();
    await expect(dialog.getByText('Please give a reason for the refund')).toBeVisible();
    await dialog.getByLabel('Amount (₦)').fill('120.25');
    await dialog.getByLabel('Reason').fill('Family asked for the overpayment back');
    await expectAccessible(page, 'the pay-back dialog');
    await dialog.getByRole('button', { name: 'Ask for approval' }).click();
    await expect(dialog).toBeHidden();
    // Nothing leaves until someone else approves: the asker sees it waiting, the credit unchanged.
    const asked = page.getByRole('listitem').filter({ hasText: 'Family asked for the overpayment back' });
    await expect(asked.getByText('Waiting for another person to approve')).toBeVisible();
    await expect(asked.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(page.getByText('₦300.00').first()).toBeVisible();

    const admin = await (await browser.newContext()).newPage();
    await signInAs(admin, 'admin', '/bursar/cash-payments');
    const waiting = admin.getByRole('listitem').filter({ hasText: 'Family asked for the overpayment back' });
    await waiting.getByRole('button', { name: 'Approve' }).click();
    await admin
      .getByRole('dialog', { name: 'Approve credit payback' })
      .getByRole('button', { name: 'Approve payback' })
      .click();
    await expect(waiting).toBeHidden();
    await admin.context().close();

    const parent = await (await browser.newContext()).newPage();
    await signInAs(parent, family, `/student/fees?child=${child._id}`);
    const card = parent.getByRole('region', { name: 'Family credit' });
    await expect(card.getByText('₦179.75').first()).toBeVisible();
    await expect(card.getByText('Family asked for the overpayment back')).toBeVisible();
    await parent.context().close();
  });
});
