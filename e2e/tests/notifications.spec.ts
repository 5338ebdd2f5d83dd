import { expect, type Page, test } from '@playwright/test';
import {
  apiSignIn,
  bearer,
  confirmPhoneAndAgreeToSms,
  expectAccessible,
  expectAnnounced,
  mailTo,
  PHONE,
  parentOfUntouchedStudent,
  screenshot,
  sendGroupEmailToMailSink,
  signInAs,
} from './support';

async function unreadBadge(page: Page) {
  const badge = page.getByTestId('unread-badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.innerText());
}

/** The page at 360 and 390 px wide, then on a desktop, with nothing wider than the screen. */
async function shotsAtEachWidth(page: Page, name: string) {
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `no overflow at ${width} px` })
      .toBeLessThanOrEqual(width);
    await screenshot(page, `phone-${width}-${name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, `desktop-${name}`);
}

test.describe('notifications', () => {
  test('a parent is told at once, in the app and by email, of the cash the bursar records for their child', async ({
    browser,
    request,
  }) => {
    await sendGroupEmailToMailSink(request);
    const bursar = await apiSignIn(request, 'bursar');
    const profile = (await (await request.get('/api/v1/user/profile', { headers: bearer(bursar) })).json()).data;
    const family = await parentOfUntouchedStudent(request, {
      last: 10,
      email: 'notified.parent',
      schoolId: profile.school._id,
    });

    const parentContext = await browser.newContext();
    const parentPage = await parentContext.newPage();
    await signInAs(parentPage, family, '/dashboard');
    await expect(parentPage).toHaveURL(/\/dashboard$/);
    const bell = parentPage.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toBeVisible();
    const before = await unreadBadge(parentPage);

    const bursarContext = await browser.newContext();
    const bursarPage = await bursarContext.newPage();
    await signInAs(bursarPage, 'bursar', '/bursar/cash-payments');
    await bursarPage.getByLabel('Search student').fill(family.child.regNo);
    await bursarPage
      .getByRole('list', { name: 'Matching students' })
      .getByRole('button', { name: new RegExp(family.child.firstname) })
      .click();
    const fee = bursarPage
      .locator('label')
      .filter({ has: bursarPage.getByRole('radio') })
      .first();
    const feeLabel = await fee.innerText();
    await fee.getByRole('radio').check();
    await bursarPage.getByRole('radio', { name: /Partial payment/ }).check();
    await bursarPage.getByLabel('Amount (₦)').fill('2500.50');
    await bursarPage.getByRole('button', { name: 'Record cash payment' }).click();
    await expectAnnounced(bursarPage, 'Cash payment processed successfully!');

    // Pushed, not polled: a toast names the payment and the badge moves, without a reload. (The
    // reminders her sign-in asked for may arrive around it, so the badge is not counted exactly.)
    await expect(parentPage.getByText(/^Payment received: /)).toBeVisible({ timeout: 5_000 });
    await expect.poll(() => unreadBadge(parentPage)).toBeGreaterThan(before);
    await bell.click();
    const panel = parentPage.getByRole('dialog', { name: 'Notifications' });
    const notice = panel.getByRole('listitem').filter({ hasText: 'Payment received: ' });
    await expect(notice).toContainText('₦2,500.50');
    await expect(notice).toContainText(family.child.firstname);
    await screenshot(parentPage, 'notifications-panel');
    await expectAccessible(parentPage, 'notification panel');
    await notice.getByRole('button').first().click();
    await expect(parentPage).toHaveURL(/\/student\/fees/);
    // Opening it marked it read.
    await expect
      .poll(async () => {
        const unread = await request.get('/api/v1/notification?unread_only=true&payments_only=true', {
          headers: bearer(family.parent),
        });
        const { notifications } = (await unread.json()).data as { notifications: { kind: string }[] };
        return notifications.filter((each) => each.kind === 'payment_succeeded').length;
      })
      .toBe(0);

    const mail = await mailTo(family.email, /^Payment Confirmation - /);
    expect(feeLabel).toContain(mail.subject.replace('Payment Confirmation - ', ''));
    expect(mail.text).toContain('₦2,500.50');
    expect(mail.text).toContain(family.child.firstname);
    expect(mail.text).toMatch(/\/student\/fees/);

    await parentContext.close();
    await bursarContext.close();
  });

  test('the notifications page lists, filters and keeps preferences; on a phone too', async ({ page, request }) => {
    const family = await parentOfUntouchedStudent(request, { last: 11, email: 'page.parent' });
    await page.setViewportSize(PHONE);
    await signInAs(page, family, '/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();
    await page.getByRole('tab', { name: /Settings/ }).click();
    const email = page.getByRole('checkbox', { name: 'Payment reminders: email' });
    await expect(email).toBeChecked();
    await email.uncheck();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expectAnnounced(page, 'Notification preferences updated');
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Payment reminders: email' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Account locked: email' })).toBeDisabled();
    // SMS and WhatsApp, for the kinds phones carry, wait for a confirmed phone; the others have none.
    const reminderSms = page.getByRole('checkbox', { name: 'Payment reminders: SMS' });
    await expect(reminderSms).toBeDisabled();
    await expect(reminderSms).toHaveAccessibleDescription(
      'SMS and WhatsApp need a confirmed phone: confirm your number in your Profile.',
    );
    await expect(page.getByRole('checkbox', { name: 'Payment failed: SMS' })).toHaveCount(0);
    await expect(page.getByText('Payment failed: not sent by WhatsApp')).toBeAttached();
    await screenshot(page, 'notifications-settings-phone');
    await expectAccessible(page, 'notification settings');

    // Once they confirmed their number and agreed to SMS, SMS can be chosen per kind; WhatsApp still waits.
    await confirmPhoneAndAgreeToSms(request, bearer(family.parent));
    await page.reload();
    await expect(reminderSms).toBeEnabled();
    await expect(reminderSms).toBeChecked();
    const reminderWhatsApp = page.getByRole('checkbox', { name: 'Payment reminders: WhatsApp' });
    await expect(reminderWhatsApp).toBeDisabled();
    await expect(reminderWhatsApp).toHaveAccessibleDescription(
      'You have not agreed to WhatsApp messages: agree to them in your Profile.',
    );
    await expect(
      page.getByText('A receipt by SMS is the best check that cash paid at the desk was recorded'),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: 'Payment reminders: SMS' }).uncheck();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expectAnnounced(page, 'Notification preferences updated');
    await page.reload();
    await expect(reminderSms).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Payment received: SMS' })).toBeChecked();
    const saved = (
      await (await request.get('/api/v1/notification/preferences', { headers: bearer(family.parent) })).json()
    ).data.preferences as { kind: string; sms?: boolean; whatsapp?: boolean }[];
    expect(saved.find((each) => each.kind === 'payment_reminder')).toMatchObject({ sms: false, whatsapp: true });
    await expectAccessible(page, 'notification settings with SMS');
    await shotsAtEachWidth(page, 'notification-preferences-sms');
    await page.setViewportSize(PHONE);
    await page.getByRole('tab', { name: /^All/ }).click();
    await expect(page.getByText('Your SchoolLedger account is ready')).toBeVisible();
    await expectAccessible(page, 'notifications page');
    await screenshot(page, 'notifications-page-phone');

    // The bell's panel on a phone; once everything is read, Unread says so.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('listitem').first()).toBeVisible();
    await screenshot(page, 'notifications-panel-phone');
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expectAnnounced(page, 'All notifications marked as read');
    await panel.getByRole('tab', { name: /^Unread/ }).click();
    await expect(panel.getByText('All caught up!')).toBeVisible();
    await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  });

  test('only those who may broadcast see Send notification; an empty audience is refused in place', async ({
    page,
    browser,
  }) => {
    await signInAs(page, 'bursar', '/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send notification' })).toHaveCount(0);

    const principalContext = await browser.newContext();
    const principal = await principalContext.newPage();
    await signInAs(principal, 'principal', '/notifications');
    await principal.getByRole('button', { name: 'Send notification' }).click();
    const dialog = principal.getByRole('dialog', { name: 'Send notification' });
    await dialog.getByLabel('Title').fill('Staff meeting');
    await dialog.getByLabel('Message').fill('Friday at 2 p.m. in the hall.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('Choose a school, a role or people to notify')).toBeVisible();
    await dialog.getByLabel('Role').selectOption('Bursar');
    await screenshot(principal, 'notifications-send-dialog');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(principal.getByText(/^Notification sent to \d+ (person|people)$/)).toBeVisible();
    await expectAccessible(principal, 'notifications page of a principal');
    await principalContext.close();
  });
});
