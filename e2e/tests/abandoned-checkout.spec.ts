import { expect, test } from '@playwright/test';
import { apiSignIn, bearer, parentOfUntouchedStudent, screenshot, signInAs, signInToDashboard } from './support';

const PHONE_360 = { width: 360, height: 780 };
const PHONE_390 = { width: 390, height: 844 };

/**
 * A parent opens Paystack's page and leaves without paying. Nothing was charged, so the parent's
 * dashboard must not read as if a second payment were on its way, and the bursar sees no payment.
 */
test('a checkout left on the provider page is "awaiting payment" to its payer and no payment to the bursar', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const bursar = await apiSignIn(request, 'bursar');
  const profile = (await (await request.get('/api/v1/user/profile', { headers: bearer(bursar) })).json()).data;
  const family = await parentOfUntouchedStudent(request, {
    last: 3,
    email: 'left.checkout',
    schoolId: profile.school._id,
  });
  const childName = `${family.child.firstname} ${family.child.lastname}`;
  const feeName = `Excursion levy ${Date.now().toString(36)}`;
  const term = (await (await request.get('/api/v1/term/current', { headers: bearer(bursar) })).json()).data;
  const admin = await apiSignIn(request, 'admin');
  const created = await request.post('/api/v1/fee/create', {
    headers: bearer(admin),
    data: {
      term_id: term._id,
      school_id: family.child.school._id,
      name: feeName,
      description: 'A fee the parent starts to pay and leaves',
      type: 'miscellaneous',
      amount: '12500',
      appliesTo: 'students',
      student_ids: [family.child._id],
      isApproved: true,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await signInAs(page, { email: family.email, password: family.password }, '/student/fees');
  await expect(page.getByRole('heading', { name: 'My Fee Payments' })).toBeVisible();
  await page.getByRole('article', { name: feeName, exact: true }).getByRole('button', { name: 'Pay Now' }).click();
  const methods = page.getByRole('dialog', { name: 'Choose Payment Method' });
  const paystack = methods.getByRole('radio', { name: /^Paystack/ });
  await paystack.check();
  await expect(paystack).toBeChecked();
  const popupOpened = page.waitForEvent('popup');
  await methods.getByRole('button', { name: 'Pay ₦12,500.00' }).click();
  const popup = await popupOpened;
  await popup.waitForURL(/\/checkout\//);
  await expect(popup.getByText('NGN 12,500.00')).toBeVisible();
  // The parent leaves the provider's page without paying.
  await popup.close();
  const waiting = page.getByRole('dialog', { name: 'Awaiting Confirmation' });
  await expect(waiting.getByText('We have not received confirmation yet')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(waiting).toBeHidden();

  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recent Payments' });
  const attempt = recent.getByRole('listitem').filter({ hasText: feeName });
  await expect(attempt.getByText('Awaiting payment — not charged', { exact: true })).toBeVisible();
  await expect(attempt.getByText('Pending', { exact: true })).toHaveCount(0);
  await expect(attempt.getByRole('link', { name: 'Continue payment' })).toHaveAttribute('href', /\/checkout\//);
  await screenshot(page, 'desktop-parent-awaiting-checkout');
  for (const [size, name] of [
    [PHONE_390, 'phone-390-parent-awaiting-checkout'],
    [PHONE_360, 'phone-360-parent-awaiting-checkout'],
  ] as const) {
    await page.setViewportSize(size);
    await expect(attempt.getByText('Awaiting payment — not charged', { exact: true })).toBeVisible();
    await screenshot(page, name);
  }

  const bursarContext = await browser.newContext();
  try {
    const bursarPage = await bursarContext.newPage();
    await signInToDashboard(bursarPage, 'bursar');
    const transactions = bursarPage
      .locator('section')
      .filter({ has: bursarPage.getByRole('heading', { name: 'Recent Transactions' }) });
    // The demo school's own payments are listed, and the parent's unpaid checkout is not among them.
    await expect(transactions.getByRole('listitem').first()).toBeVisible();
    await expect(transactions).not.toContainText(childName);
  } finally {
    await bursarContext.close();
  }
});
