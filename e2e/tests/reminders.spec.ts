import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  apiSignIn,
  bearer,
  confirmPhoneAndAgreeToSms,
  expectAccessible,
  expectAnnounced,
  feeForChild,
  PHONE,
  parentOfUntouchedStudent,
  screenshot,
  signInAs,
} from './support';

/** The demo bursar, their profile, and a new parent of a student at their school no other spec touches. */
async function familyAtBursarSchool(request: APIRequestContext, which: { last: number; email: string }) {
  const bursar = await apiSignIn(request, 'bursar');
  const profile = (await (await request.get('/api/v1/user/profile', { headers: bearer(bursar) })).json()).data;
  const family = await parentOfUntouchedStudent(request, { ...which, schoolId: profile.school._id });
  return { bursar, profile, family };
}

test.describe('payment reminders', () => {
  test('the bursar switches a reminder off and on, reminds a family of a fee by hand, and sees it sent', async ({
    page,
    request,
  }) => {
    const { family } = await familyAtBursarSchool(request, { last: 12, email: 'reminded.parent' });
    const childName = new RegExp(`${family.child.firstname}.*${family.child.lastname}`);

    await signInAs(page, 'bursar', '/fees');
    await page.getByRole('tab', { name: 'Reminders' }).click();
    await expect(page).toHaveURL(/tab=reminders/);
    const panel = page.getByRole('tabpanel', { name: 'Reminders' });

    const overdue = panel.getByRole('switch', { name: 'Overdue' });
    await expect(overdue).toBeChecked();
    await overdue.uncheck();
    await expectAnnounced(page, 'Reminder settings updated');
    await page.reload();
    await expect(panel.getByRole('switch', { name: 'Overdue' })).not.toBeChecked();
    await expect(panel.getByRole('switch', { name: 'Due soon' })).toBeChecked();
    await panel.getByRole('switch', { name: 'Overdue' }).check();
    await expectAnnounced(page, 'Reminder settings updated');
    await page.reload();
    await expect(panel.getByRole('switch', { name: 'Overdue' })).toBeChecked();

    // From the outstanding report: the student owes, so the row offers a reminder.
    await page.getByRole('tab', { name: 'Outstanding' }).click();
    const byStudent = page.getByRole('table', { name: 'Outstanding fees by student' });
    await byStudent.getByRole('button', { name: new RegExp(`^Remind ${childName.source}`) }).click();
    const dialog = page.getByRole('dialog', { name: 'New payment reminder' });
    await expect(dialog).toContainText(family.child.firstname);
    const fee = dialog.getByLabel('Fee');
    await expect(fee.locator('option').nth(1)).toBeAttached();
    const feeOption = (await fee.locator('option').nth(1).innerText()).trim();
    const feeName = feeOption.slice(0, feeOption.indexOf(':'));
    await fee.selectOption({ index: 1 });
    await expectAccessible(page, 'new reminder dialog');
    await dialog.getByRole('button', { name: 'Send reminder' }).click();
    await expectAnnounced(page, 'Payment reminder created');
    await expectAnnounced(page, 'Payment reminder sent');
    await expect(dialog).toBeHidden();

    // The list shows it sent, to the student and to the parent.
    await page.getByRole('tab', { name: 'Reminders' }).click();
    await panel.getByLabel('Show').selectOption({ label: 'Sent' });
    await expect(page).toHaveURL(/rsent=sent/);
    const list = panel.getByRole('list', { name: 'Payment reminders' });
    const parentRow = list
      .getByRole('listitem')
      .filter({ hasText: 'Adaeze Okafor (parent)' })
      .filter({ hasText: feeName })
      .first();
    await expect(parentRow).toContainText(childName);
    await expect(parentRow).toContainText('Manual');
    await expect(parentRow).toContainText(/Sent \d/);
    await expect(
      list.getByRole('listitem').filter({ hasText: 'the student' }).filter({ hasText: childName }).first(),
    ).toContainText(/Sent \d/);
    await screenshot(page, 'reminders-desktop');
    await expectAccessible(page, 'reminders tab');

    // The parent has the notice in the app.
    const notices = (
      await (await request.get('/api/v1/notification?limit=50', { headers: bearer(family.parent) })).json()
    ).data.notifications as { kind: string; title: string; message: string }[];
    const reminder = notices.find((notice) => notice.kind === 'payment_reminder');
    expect(reminder, JSON.stringify(notices.map((notice) => notice.kind))).toBeDefined();
    expect(`${reminder?.title} ${reminder?.message}`).toContain(feeName);

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(panel.getByRole('switch', { name: 'Urgent' })).toBeVisible();
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await screenshot(page, 'reminders-phone');
    await expectAccessible(page, 'reminders tab on a phone');
    await panel.getByRole('button', { name: 'New reminder' }).click();
    const picker = page.getByRole('dialog', { name: 'New payment reminder' });
    await picker.getByLabel('Search students').fill(family.child.regNo);
    await picker.getByRole('button', { name: new RegExp(`^Add ${family.child.firstname}`) }).click();
    await expect(picker.getByRole('list', { name: 'Chosen students' })).toContainText(family.child.firstname);
    await expect(picker.getByLabel('Fee').locator('option').nth(1)).toBeAttached();
    await screenshot(page, 'reminders-new-dialog-phone');
    await expectAccessible(page, 'new reminder dialog on a phone');
    await picker.getByRole('button', { name: 'Cancel' }).click();
    await expect(picker).toBeHidden();
  });

  test('the bursar sees what reminding everyone who owes a fee sends and costs, sends it, and cannot send it twice a day', async ({
    page,
    request,
  }) => {
    const { profile, family } = await familyAtBursarSchool(request, { last: 13, email: 'debtor.parent' });
    const phone = await confirmPhoneAndAgreeToSms(request, bearer(family.parent));
    const feeName = `Excursion levy ${Date.now()}`;
    await feeForChild(request, {
      child: { ...family.child, school: { _id: family.child.school._id, name: profile.school.name } },
      name: feeName,
      amount: '4500',
      description: 'Trip to the National Museum',
    });

    await signInAs(page, 'bursar', '/fees?tab=reminders');
    const panel = page.getByRole('tabpanel', { name: 'Reminders' });
    await panel.getByRole('button', { name: 'Remind all who owe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remind everyone who owes a fee' });
    await expect(dialog).toContainText('Choose a fee to see who is reminded.');
    const feeValue = await dialog.getByLabel('Fee').locator('option', { hasText: feeName }).getAttribute('value');
    await dialog.getByLabel('Fee').selectOption(feeValue!);
    // The student and each parent, about the one student who owes it; the new parent takes SMS.
    await expect(dialog).toContainText(/\d+ people about 1 student: in the app and by email as each chose\./);
    await expect(dialog).toContainText(
      /By SMS and WhatsApp to \d+ famil(y|ies): \d+ SMS \(\d+ pages?, about ₦[\d,.]+\)/,
    );
    const remind = dialog.getByRole('button', { name: /^Remind \d+ people$/ });
    await expect(remind).toBeVisible();
    await expectAccessible(page, 'remind everyone dialog');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'reminders-remind-all-phone');
    await remind.click();
    await expectAnnounced(page, 'Everyone who owes the fee was reminded');
    await expect(dialog).toBeHidden();

    // The parent's phone has the reminder, naming the child.
    const admin = bearer(await apiSignIn(request, 'admin'));
    await expect
      .poll(async () => {
        const listed = await request.get('/api/v1/messages?limit=100&channel=sms', { headers: admin });
        const items = (await listed.json()).data.items as { kind: string; to: string; body: string }[];
        return items.find((message) => message.kind === 'payment_reminder' && message.to === phone)?.body ?? '';
      })
      .toContain(family.child.firstname);

    // A second click the same day is refused, saying why.
    await panel.getByRole('button', { name: 'Remind all who owe' }).click();
    await dialog.getByLabel('Fee').selectOption(feeValue!);
    await dialog.getByRole('button', { name: /^Remind \d+ people$/ }).click();
    await expectAnnounced(page, `Everyone who owes ${feeName} was already reminded today`);
    await expect(dialog).toBeVisible();
  });

  test('an unsent reminder is sent from the list after confirming', async ({ page, request }) => {
    const { bursar, family } = await familyAtBursarSchool(request, { last: 12, email: 'listed.parent' });
    const owed = (
      await (
        await request.get(`/api/v1/student/fees?student_id=${family.child._id}&unpaid=true`, {
          headers: bearer(bursar),
        })
      ).json()
    ).data.fees as { fee: { _id: string; name: string }; isPaid: boolean }[];
    const unpaid = owed.find((row) => !row.isPaid);
    expect(unpaid).toBeDefined();
    const created = await request.post('/api/v1/notification/payment-reminder', {
      headers: bearer(bursar),
      data: { feeId: unpaid?.fee._id, studentId: family.child._id },
    });
    expect(created.ok(), await created.text()).toBe(true);

    await signInAs(page, 'bursar', '/fees?tab=reminders&rsent=unsent');
    const panel = page.getByRole('tabpanel', { name: 'Reminders' });
    const send = panel.getByRole('button', {
      name: `Send reminder to ${family.child.firstname} ${family.child.lastname} about ${unpaid?.fee.name}`,
    });
    await expect(send.first()).toBeVisible();
    const waiting = await send.count();
    await send.first().click();
    const confirm = page.getByRole('dialog', { name: 'Send payment reminder' });
    await expect(confirm).toContainText(unpaid?.fee.name ?? '');
    await confirm.getByRole('button', { name: 'Send reminder' }).click();
    await expectAnnounced(page, 'Payment reminder sent');
    await expect(confirm).toBeHidden();
    await expect(send).toHaveCount(waiting - 1);
  });
});
