import { expect, test } from '@playwright/test';
import {
  apiSignIn,
  bearer,
  expectAnnounced,
  parentOfUntouchedStudent,
  screenshot,
  signInAs,
  signInToDashboard,
} from './support';

const PHONE_360 = { width: 360, height: 780 };
const PHONE_390 = { width: 390, height: 844 };
const AMOUNT = 1750;
const MONEY_RECEIVED = 'Money received by the school';

/** As every screen prints money, the dashboards too: with kobo (the demo group keeps the default). */
const naira = (value: number) => new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(value);

test('the bursar’s open dashboard shows today’s revenue rise and a toast when a parent pays by Paystack elsewhere', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, two sign-ins and the provider's page on a shared two-core machine.
  test.slow();
  const bursar = await apiSignIn(request, 'bursar');
  const profile = (await (await request.get('/api/v1/user/profile', { headers: bearer(bursar) })).json()).data;
  const family = await parentOfUntouchedStudent(request, {
    last: 5,
    email: 'live.parent',
    schoolId: profile.school._id,
  });
  const feeName = `Science fair levy ${Date.now().toString(36)}`;
  const term = (await (await request.get('/api/v1/term/current', { headers: bearer(bursar) })).json()).data;
  const created = await request.post('/api/v1/fee/create', {
    headers: bearer(await apiSignIn(request, 'admin')),
    data: {
      term_id: term._id,
      school_id: family.child.school._id,
      name: feeName,
      description: 'A fee a parent pays while the bursar watches',
      type: 'miscellaneous',
      amount: String(AMOUNT),
      appliesTo: 'students',
      student_ids: [family.child._id],
      isApproved: true,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);

  // The bursar's dashboard is open before the payment and is never reloaded.
  await signInToDashboard(page, 'bursar');
  await expect(page.getByRole('status').filter({ hasText: 'Loading the dashboard' })).toHaveCount(0);
  const before = (await (await request.get('/api/v1/bursar/dashboard', { headers: bearer(bursar) })).json()).data
    .financialStats.todayRevenue as number;
  const todayRevenue = page.getByRole('link', { name: /^Today's Revenue/ });
  await expect(todayRevenue).toContainText(naira(before));

  const parentContext = await browser.newContext();
  try {
    const parentPage = await parentContext.newPage();
    await signInAs(parentPage, { email: family.email, password: family.password }, '/student/fees');
    await expect(parentPage.getByRole('heading', { name: 'My Fee Payments' })).toBeVisible();
    await parentPage
      .getByRole('article', { name: feeName, exact: true })
      .getByRole('button', { name: 'Pay Now' })
      .click();
    const methods = parentPage.getByRole('dialog', { name: 'Choose Payment Method' });
    const paystack = methods.getByRole('radio', { name: /^Paystack/ });
    await paystack.check();
    await expect(paystack).toBeChecked();
    const popupOpened = parentPage.waitForEvent('popup');
    await methods.getByRole('button', { name: `Pay ₦${AMOUNT.toLocaleString('en-NG')}.00` }).click();
    const popup = await popupOpened;
    await popup.waitForURL(/\/checkout\//);
    await popup.getByRole('button', { name: 'Pay', exact: true }).click();
    const success = parentPage.getByRole('dialog', { name: 'Payment Successful' });
    await expect(success.getByText('Payment successful', { exact: true })).toBeVisible();
  } finally {
    await parentContext.close();
  }

  // No reload: the event stream told the bursar's page, which refetched its figures.
  const title = `₦${AMOUNT.toLocaleString('en-NG')}.00 received from ${family.child.firstname}`;
  await expectAnnounced(page, title);
  await expect(todayRevenue).toContainText(naira(before + AMOUNT));
  // The bell counts it, and its panel lists it.
  await page
    .getByRole('button', { name: /^Notifications, \d+ unread$/ })
    .first()
    .click();
  await expect(page.getByRole('dialog').getByText(title).first()).toBeVisible();
  await screenshot(page, 'desktop-bursar-live-payment');
});

test('a bursar switches off a kind of notice on /notifications and it stays off after a reload', async ({
  page,
  request,
}) => {
  await signInAs(page, 'bursar', '/notifications?tab=settings');
  const inApp = page.getByRole('checkbox', { name: `${MONEY_RECEIVED}: in app` });
  await expect(inApp).toBeChecked();
  // Sent in the app only: its email switch is off and cannot be turned on.
  await expect(page.getByRole('checkbox', { name: `${MONEY_RECEIVED}: email` })).toBeDisabled();
  // A bursar is not offered the reminders a family gets about its own fees.
  await expect(page.getByRole('rowheader', { name: 'Payment reminders' })).toHaveCount(0);
  await expect(page.getByRole('rowheader', { name: 'Fees to approve' })).toBeVisible();

  await inApp.uncheck();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expectAnnounced(page, 'Notification preferences updated');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: `${MONEY_RECEIVED}: in app` })).not.toBeChecked();
  await screenshot(page, 'desktop-notification-preferences-staff');
  for (const [size, name] of [
    [PHONE_390, 'phone-390-notification-preferences-staff'],
    [PHONE_360, 'phone-360-notification-preferences-staff'],
  ] as const) {
    await page.setViewportSize(size);
    await expect(page.getByRole('checkbox', { name: `${MONEY_RECEIVED}: in app` })).not.toBeChecked();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll').toBe(size.width);
    await screenshot(page, name);
  }

  // Put back, so later specs find the demo bursar as the demo leaves her.
  const restored = await request.put('/api/v1/notification/preferences', {
    headers: bearer(await apiSignIn(request, 'bursar')),
    data: { preferences: [{ kind: 'payment_credited', inApp: true, email: true }] },
  });
  expect(restored.ok(), await restored.text()).toBe(true);

  // A parent is offered their own kinds, not the bursary's.
  const family = await parentOfUntouchedStudent(request, { last: 6, email: 'prefs.parent' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, { email: family.email, password: family.password }, '/notifications?tab=settings');
  await expect(page.getByRole('rowheader', { name: 'Payment reminders' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: MONEY_RECEIVED })).toHaveCount(0);
  await expect(page.getByRole('rowheader', { name: 'Fees to approve' })).toHaveCount(0);
});
