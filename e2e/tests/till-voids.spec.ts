import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  apiSignIn,
  bearer,
  expectAccessible,
  expectAnnounced,
  feeForChild,
  parentOfUntouchedStudent,
  signInAs,
  viewScreenshot,
} from './support';

/** A bursar of the demo bursar's school of their own, whose till holds only this spec's cash. */
async function newBursar(request: APIRequestContext, schoolId: string) {
  const admin = await apiSignIn(request, 'admin');
  const login = { email: `void.bursar.${Date.now()}@example.ng`, password: 'temporary-123' };
  const created = await request.post('/api/v1/user/create', {
    headers: bearer(admin),
    data: { firstname: 'Tunde', lastname: 'Bakare', roles: ['Bursar'], school_id: schoolId, ...login },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const signedIn = await request.post('/api/v1/auth/login', { data: login });
  const token = (await signedIn.json()).data.token as string;
  const changed = await request.post('/api/v1/user/change-password', {
    headers: { Authorization: `Bearer ${token}` },
    data: { currentPassword: login.password, newPassword: 'bursar-chose-this' },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  const again = await request.post('/api/v1/auth/login', {
    data: { email: login.email, password: 'bursar-chose-this' },
  });
  return {
    login: { email: login.email, password: 'bursar-chose-this' },
    headers: { Authorization: `Bearer ${(await again.json()).data.token as string}` },
  };
}

test.describe('voids of cash at the till', () => {
  test('a bursar voids cash taken by mistake; the principal approves it on a phone; the receipt check says void', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const demoBursar = await apiSignIn(request, 'bursar');
    const profile = (await (await request.get('/api/v1/user/profile', { headers: bearer(demoBursar) })).json()).data;
    const bursar = await newBursar(request, profile.school._id);
    const family = await parentOfUntouchedStudent(request, {
      last: 15,
      email: 'void.parent',
      schoolId: profile.school._id,
    });
    const feeName = `Excursion ${Date.now()}`;
    await feeForChild(request, {
      child: { ...family.child, school: { _id: family.child.school._id, name: profile.school.name } },
      name: feeName,
      amount: '3000',
      description: 'Museum trip',
    });
    const desk = `Void desk ${Date.now() % 100_000}`;
    const opened = await request.post('/api/v1/tills', {
      headers: bursar.headers,
      data: { desk, float: { '1000': 2 } },
    });
    expect(opened.ok(), await opened.text()).toBe(true);
    const owed = (
      await (
        await request.get(`/api/v1/student/fees?student_id=${family.child._id}&unpaid=true`, {
          headers: bursar.headers,
        })
      ).json()
    ).data.fees as { fee: { _id: string; name: string } }[];
    const fee = owed.find((row) => row.fee.name === feeName);
    expect(fee).toBeDefined();
    const cash = await request.post('/api/v1/payment/pay-with-cash', {
      headers: { ...bursar.headers, 'Idempotency-Key': randomUUID() },
      data: { user_id: family.child._id, fee_id: fee!.fee._id, amount: 3000 },
    });
    expect(cash.ok(), await cash.text()).toBe(true);
    const payment = (await cash.json()).data.payment as { _id: string; receiptNo: string };

    // The bursar opens the till's report and asks to void the payment.
    await signInAs(page, bursar.login, '/bursar/tills?status=open');
    await page
      .getByRole('listitem')
      .filter({ hasText: desk })
      .getByRole('button', { name: `Report of ${desk}` })
      .click();
    const report = page.getByRole('dialog', { name: new RegExp(`report: ${desk}$`) });
    const line = report.getByRole('list', { name: 'Cash payments' }).getByRole('listitem').filter({
      hasText: payment.receiptNo,
    });
    await expect(line).toContainText('₦3,000.00');
    await line
      .getByRole('button', { name: `Void receipt ${payment.receiptNo} of ${family.child.firstname}`, exact: false })
      .click();
    const asking = page.getByRole('dialog', { name: `Void receipt ${payment.receiptNo}` });
    await asking.getByRole('button', { name: 'Ask for the void' }).click();
    await expect(asking.getByText('Say why this payment is being voided')).toBeVisible();
    await asking.getByLabel('Reason').fill('oops');
    await asking.getByRole('button', { name: 'Ask for the void' }).click();
    await expect(asking.getByText('Say why in at least 5 characters')).toBeVisible();
    await asking.getByLabel('Reason').fill('Recorded against the wrong child');
    await viewScreenshot(page, 'voids-dialog-desktop');
    await page.setViewportSize({ width: 360, height: 760 });
    await viewScreenshot(page, 'voids-dialog-360');
    await expectAccessible(page, 'void dialog');
    await asking.getByRole('button', { name: 'Ask for the void' }).click();
    await expectAnnounced(page, 'Void waiting for approval');
    await expect(line).toContainText('Void waiting for approval');
    await expect(report).toContainText('Recorded against the wrong child');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The principal approves it on a phone.
    const principalContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const principal = await principalContext.newPage();
    await signInAs(principal, 'principal', '/bursar/tills');
    const waiting = principal.getByRole('list', { name: 'Voids waiting for approval' }).getByRole('listitem').filter({
      hasText: payment.receiptNo,
    });
    await expect(waiting).toContainText('₦3,000.00');
    await expect(waiting).toContainText('Recorded against the wrong child');
    await expect(waiting).toContainText('Asked by Tunde Bakare');
    await viewScreenshot(principal, 'voids-approvals-390');
    await principal.setViewportSize({ width: 1280, height: 900 });
    await viewScreenshot(principal, 'voids-approvals-desktop');
    await principal.setViewportSize({ width: 360, height: 760 });
    await viewScreenshot(principal, 'voids-approvals-360');
    await expectAccessible(principal, 'voids waiting for approval');
    // No sideways scrolling on a small phone.
    expect(await principal.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await principal.setViewportSize({ width: 390, height: 844 });
    await waiting.getByRole('button', { name: `Approve the void of ${payment.receiptNo}` }).click();
    const confirm = principal.getByRole('dialog', { name: `Approve the void of ${payment.receiptNo}` });
    await expect(confirm).toContainText('₦3,000.00 goes back to the payer');
    await confirm.getByRole('button', { name: 'Approve void' }).click();
    await expectAnnounced(principal, 'Void approved');
    await expect(principal.getByText('No voids are waiting.')).toBeVisible();
    await principalContext.close();

    // The bursar's report shows it voided, out of the drawer: ₦2,000 float + ₦3,000 − ₦3,000.
    await page.reload();
    await page
      .getByRole('listitem')
      .filter({ hasText: desk })
      .getByRole('button', { name: `Report of ${desk}` })
      .click();
    const after = page.getByRole('dialog', { name: new RegExp(`report: ${desk}$`) });
    await expect(after.getByRole('list', { name: 'Voids' })).toContainText('approved by');
    await expect(after.getByText('Expected in the drawer').locator('xpath=following-sibling::dd[1]')).toHaveText(
      '₦2,000.00',
    );
    await expect(after.getByRole('list', { name: 'Cash payments' })).toContainText('Voided');
    await viewScreenshot(after, 'voids-report-desktop');

    // Whoever holds the receipt reads that it was voided.
    const pdf = await request.get(`/api/v1/payment/${payment._id}/receipt`, { headers: bursar.headers });
    expect(pdf.status()).toBe(200);
    const link = /\/URI \((https?:\/\/[^)]+)\)/.exec((await pdf.body()).toString('latin1'))?.[1];
    expect(link).toBeDefined();
    const printed = new URL(link!);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${printed.pathname}${printed.search}`);
    const verdict = page.getByRole('status', { name: 'Voided receipt' });
    await expect(verdict).toContainText('This receipt was voided on');
    await expect(verdict).toContainText('Recorded against the wrong child');
    await expect(verdict).toContainText(payment.receiptNo);
    await viewScreenshot(page, 'voids-receipt-check-390');
    await expectAccessible(page, 'voided receipt check');
  });
});
