import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  apiSignIn,
  bearer,
  codeSentTo,
  confirmPhoneAndAgreeToSms,
  expectAccessible,
  expectAnnounced,
  feeForChild,
  newPhoneNumber,
  OFTEN,
  parentOfUntouchedStudent,
  screenshot,
  signInAs,
  viewScreenshot,
} from './support';

const TAG = randomUUID().slice(0, 6);
const CARD = 'Text and WhatsApp messages';

/** 0809 *** 4567: how staff without the right to read numbers see one. */
const masked = (phone: string) => `${phone.slice(0, 4)} *** ${phone.slice(-4)}`;

interface Listed {
  kind: string;
  to: string;
  body: string;
  channel: string;
  status: string;
  recipient: { id: string; name: string } | null;
}

/** The outbox as the super-admin reads it: every school's messages and the codes, numbers in full. */
async function outbox(request: APIRequestContext, query = ''): Promise<Listed[]> {
  const admin = bearer(await apiSignIn(request, 'admin'));
  const response = await request.get(`/api/v1/messages?limit=100${query}`, { headers: admin });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data.items;
}

/** A new parent at the bursar's school whose number is confirmed and who agreed to SMS, all through the API. */
async function parentOnSms(request: APIRequestContext, which: { last: number; email: string }) {
  const bursar = await apiSignIn(request, 'bursar');
  const school = (await (await request.get('/api/v1/user/profile', { headers: bearer(bursar) })).json()).data
    .school as { _id: string; name: string };
  const family = await parentOfUntouchedStudent(request, { ...which, schoolId: school._id });
  const headers = bearer(family.parent);
  const phone = await confirmPhoneAndAgreeToSms(request, headers);
  return { ...family, school, phone, headers };
}

async function shots(page: Page, name: string) {
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await screenshot(page, `phone-${width}-${name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, `desktop-${name}`);
}

test.describe('text and WhatsApp messages on the profile', () => {
  test('a parent confirms their number with the code sent by SMS, agrees to SMS word for word, and turns it off again', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const family = await parentOfUntouchedStudent(request, { last: 4, email: 'phone.parent' });
    const headers = bearer(family.parent);
    await signInAs(page, { email: family.email, password: family.password }, '/profile');
    const card = page.getByRole('region', { name: CARD });
    await expect(card.getByRole('heading', { name: 'Confirm your number' })).toBeVisible();
    // This parent has no number on their profile yet: the field waits for one.
    const number = card.getByLabel('Mobile number');
    await expect(number).toHaveValue('');
    await number.fill('12345');
    await card.getByRole('button', { name: 'Send code' }).click();
    await expect(card.getByText('Enter a Nigerian mobile number, such as 0803 123 4567')).toBeVisible();

    const phone = newPhoneNumber();
    await number.fill(phone);
    await card.getByRole('button', { name: 'Send code' }).click();
    await expect(card.getByText(`We sent a 6-digit code to ${phone} by SMS.`)).toBeVisible();
    await expect(card.getByText(/It expires at \d{2}:\d{2}\./)).toBeVisible();
    const codeField = card.getByLabel('6-digit code');
    await expect(codeField).toHaveAttribute('inputmode', 'numeric');
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await expectAccessible(page, 'the code step of confirming a number');
    await shots(page, 'profile-phone-code');

    // Asked again, a new code replaces the first; the newest is the one that works.
    await card.getByRole('button', { name: 'Resend code' }).click();
    await expectAnnounced(page, `A new code is on its way to ${phone}`);
    const code = await codeSentTo(request, phone);
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await card.getByRole('button', { name: 'Confirm number' }).click();
    await expect(card.getByText('That code is not right; check the SMS and try again')).toBeVisible();
    await codeField.fill(code);
    await card.getByRole('button', { name: 'Confirm number' }).click();
    await expectAnnounced(page, 'Your number is confirmed');
    await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(card.getByText(phone, { exact: true })).toBeVisible();

    // The sentence to agree to is the server's, word for word, and names the number.
    const mine = (await (await request.get('/api/v1/me/phone', { headers })).json()).data;
    expect(mine.verified).toBe(true);
    expect(mine.wording.sms).toContain(phone);
    await expect(card.locator('blockquote').filter({ hasText: mine.wording.sms })).toHaveText(mine.wording.sms);
    await expectAccessible(page, 'the channels to agree to');
    await shots(page, 'profile-phone-agree');

    await card.getByRole('button', { name: 'Agree and turn on SMS' }).click();
    await expectAnnounced(page, 'SMS messages turned on');
    await expect(card.getByText(/^On since /)).toBeVisible();
    const history = card.getByRole('region', { name: 'Your agreements' });
    await expect(history.getByText('Agreed on the web', { exact: false })).toBeVisible();
    await expect(history.getByText('In force')).toBeVisible();
    const agreed = (await (await request.get('/api/v1/me/phone', { headers })).json()).data.consents[0];
    expect(agreed).toMatchObject({ channel: 'sms', method: 'web', wording: mine.wording.sms, withdrawnAt: null });
    await shots(page, 'profile-phone-on');

    await card.getByRole('button', { name: 'Turn off SMS' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off SMS messages?' });
    await expect(
      dialog.getByText('You will no longer receive receipts and reminders by SMS.', { exact: false }),
    ).toBeVisible();
    await expectAccessible(page, 'the turn-off confirmation');
    await viewScreenshot(page, 'desktop-profile-phone-turn-off');
    await dialog.getByRole('button', { name: 'Turn off SMS' }).click();
    await expectAnnounced(page, 'SMS messages turned off');
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('button', { name: 'Agree and turn on SMS' })).toBeVisible();
    await expect(history.getByText(/^Turned off /)).toBeVisible();
    const withdrawn = (await (await request.get('/api/v1/me/phone', { headers })).json()).data.consents[0];
    expect(withdrawn.withdrawnAt).not.toBeNull();
  });

  test('where the server sends neither SMS nor WhatsApp, the card says so and offers no button', async ({ page }) => {
    // Whatever this server sends on, the answer of one that sends nothing.
    await page.route('**/api/v1/me/phone', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          message: 'Phone loaded',
          data: {
            phone: '0803 123 4509',
            verified: false,
            channelsAvailable: [],
            wording: null,
            consents: [],
            pendingPhone: null,
            codeExpiresAt: null,
            demoInboxUrl: null,
          },
        }),
      }),
    );
    await signInAs(page, 'parent', '/profile');
    const card = page.getByRole('region', { name: CARD });
    await expect(card.getByText('Messages by SMS and WhatsApp are not set up for your school yet.')).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);
    await expect(card.getByRole('textbox')).toHaveCount(0);
  });

  test('in the demo, the messages of a confirmed number arrive on the demo phone, opened in a new tab', async ({
    page,
    context,
    request,
  }) => {
    const family = await parentOnSms(request, { last: 2, email: 'demo.phone' });
    await signInAs(page, { email: family.email, password: family.password }, '/profile');
    const link = page.getByRole('region', { name: CARD }).getByRole('link', { name: /Open the demo phone/ });
    await expect(link).toHaveAttribute('target', '_blank');
    const [phonePage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(phonePage.getByText(/Your SchoolLedger code is \d{6}/)).toBeVisible();
    await phonePage.close();
  });
});

test.describe('the Messages screen', () => {
  test('the bursar reads the receipt sent to a parent by SMS, the number masked, and filters the list', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const family = await parentOnSms(request, { last: 13, email: 'sms.parent' });
    const feeName = `Messaging Fee ${TAG}`;
    await feeForChild(request, {
      child: { ...family.child, school: family.school },
      name: feeName,
      amount: '2500',
      description: 'A fee paid in cash, whose receipt goes by SMS',
    });
    const bursar = bearer(await apiSignIn(request, 'bursar'));
    const owing = await request.get(`/api/v1/student/fees?student_id=${family.child._id}&unpaid=true`, {
      headers: bursar,
    });
    const fee = ((await owing.json()).data.fees as { fee: { _id: string; name: string } }[]).find(
      (item) => item.fee.name === feeName,
    )!;
    const paid = await request.post('/api/v1/payment/pay-with-cash', {
      headers: { ...bursar, 'idempotency-key': randomUUID() },
      data: { user_id: family.child._id, fee_id: fee.fee._id, amount: '2500', notes: 'Receipt by SMS' },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    // The receipt is queued for the parent's phone with the payment.
    await expect
      .poll(
        async () =>
          (await outbox(request, `&schoolId=${family.school._id}`)).some(
            (message) =>
              message.recipient?.id === family.parent.userId &&
              message.kind === 'payment_succeeded' &&
              message.channel === 'sms',
          ),
        { message: 'the receipt queued for the parent by SMS', ...OFTEN },
      )
      .toBe(true);

    await signInAs(page, 'bursar', '/messaging');
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    // The bursar reads what was sent; only the school's administrators change what is sent.
    await expect(page.getByRole('tab', { name: 'Settings' })).toHaveCount(0);
    // The family's receipt, among whatever else went to them (a reminder the hourly run sent).
    const row = page
      .getByRole('row')
      .filter({ hasText: 'Adaeze Okafor' })
      .filter({ hasText: masked(family.phone) })
      .filter({ hasText: 'Receipts' });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: 'SMS', exact: true })).toBeVisible();
    await expect(page.getByText(family.phone, { exact: true })).toHaveCount(0);
    await row.getByText('Read the message').click();
    await expect(row.getByText(/CVC-\d{4}-\d{6}/)).toBeVisible();
    // This month on each channel, above the filters: what went, and the spend against the budget.
    const month = page.getByRole('region', { name: 'This month' });
    await expect(month.getByText('SMS this month')).toBeVisible();
    await expect(month.getByText(/^[\d,]+ sent$/).first()).toBeVisible();
    await expect(month.getByText(/^₦[\d,]+\.\d\d (of ₦[\d,]+\.\d\d|spent, no budget)$/).first()).toBeVisible();
    await expectAccessible(page, 'the deliveries');
    await shots(page, 'messaging-deliveries');

    // No WhatsApp went to this parent: filtered by channel, the list (and the address) says so.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Channel').selectOption('whatsapp');
    await expect(page).toHaveURL(/channel=whatsapp/);
    await expect(page.getByText('Loading messages...')).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: masked(family.phone) })).toHaveCount(0);
    await page.getByLabel('Channel').selectOption('sms');
    await page.getByLabel('Status').selectOption('skipped');
    await expect(page).toHaveURL(/status=skipped/);
    await expect(page.getByText('Loading messages...')).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: masked(family.phone) })).toHaveCount(0);

    // A month with failed WhatsApp messages: "failed" opens them, the list filtered to that channel's.
    await page.route('**/api/v1/messages/summary?*', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      json.data.channels.whatsapp = { ...json.data.channels.whatsapp, messages: 7, delivered: 4, failed: 3 };
      await route.fulfill({ response, json });
    });
    await page.reload();
    const failed = page.getByRole('region', { name: 'This month' }).getByRole('button', { name: /^3 failed/ });
    await page.setViewportSize({ width: 360, height: 800 });
    await viewScreenshot(page.getByRole('region', { name: 'This month' }), 'phone-360-messaging-month-failed');
    await failed.click();
    await expect(page).toHaveURL(/status=failed/);
    await expect(page).toHaveURL(/channel=whatsapp/);
    await expect(page.getByLabel('Status')).toHaveValue('failed');
    await expect(page.getByLabel('Channel')).toHaveValue('whatsapp');
    await page.unrouteAll();
  });

  test('the ICT administrator sets what is sent on each channel, the budgets, quiet hours and the sender ID', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const ict = bearer(await apiSignIn(request, 'ict'));
    const schoolId = (await (await request.get('/api/v1/user/profile', { headers: ict })).json()).data.school
      ._id as string;
    const before = await request.get(`/api/v1/schools/${schoolId}/messaging-settings`, { headers: ict });
    expect(before.ok(), await before.text()).toBe(true);

    await signInAs(page, 'ict', '/messaging?tab=settings');
    const form = page.getByRole('form', { name: 'Message settings' });
    await expect(form.getByRole('checkbox', { name: 'Receipts by SMS' })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: 'New fees by WhatsApp' })).not.toBeChecked();
    await expect(form.getByText('Spent this month:').first()).toBeVisible();
    await expect(form.getByRole('switch', { name: 'Quiet hours' })).toHaveAttribute('aria-checked', 'true');
    await expect(form.getByLabel('From')).toHaveValue('20:00');
    await expect(form.getByLabel('Until')).toHaveValue('08:00');
    await expect(form.getByText('Receipts are always sent at once, and count towards the budget.')).toBeVisible();
    await expectAccessible(page, 'the message settings');
    await shots(page, 'messaging-settings');

    // The domain's checks, before anything is sent.
    await form.getByLabel('SMS budget per month (₦)').fill('0');
    await form.getByLabel('Sender ID').fill('no spaces!');
    await form.getByRole('button', { name: 'Save message settings' }).click();
    await expect(form.getByText('A monthly budget must be more than ₦0; leave it empty for no budget')).toBeVisible();
    await expect(form.getByText('Sender ID must be 3 to 11 letters or digits')).toBeVisible();

    // A refusal of the server lands under the field it names.
    await page.route('**/api/v1/schools/*/messaging-settings', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({
              success: false,
              message: 'Validation failed',
              data: null,
              errors: [{ field: 'smsSenderId', message: 'This sender ID is not registered with the SMS provider' }],
            }),
          })
        : route.continue(),
    );
    await form.getByLabel('SMS budget per month (₦)').fill('5000');
    await form.getByLabel('Sender ID').fill('CRESTVIEW');
    await form.getByRole('button', { name: 'Save message settings' }).click();
    await expect(form.getByText('This sender ID is not registered with the SMS provider')).toBeVisible();
    await page.unrouteAll();

    await form.getByRole('checkbox', { name: 'New fees by SMS' }).check();
    await form.getByLabel('Until').fill('07:30');
    await form.getByRole('button', { name: 'Save message settings' }).click();
    await expectAnnounced(page, 'Message settings saved');
    await expect(form.getByText('All changes saved.')).toBeVisible();
    const saved = (await (await request.get(`/api/v1/schools/${schoolId}/messaging-settings`, { headers: ict })).json())
      .data;
    expect(saved).toMatchObject({
      monthlyBudgetKobo: { sms: '500000', whatsapp: null },
      quietHours: { start: '20:00', end: '07:30' },
      smsSenderId: 'CRESTVIEW',
    });
    expect(saved.channels.fee_assigned).toEqual({ sms: true, whatsapp: false });

    await page.reload();
    await expect(form.getByLabel('SMS budget per month (₦)')).toHaveValue('5000.00');
    await expect(form.getByLabel('Sender ID')).toHaveValue('CRESTVIEW');
    await form.getByRole('switch', { name: 'Quiet hours' }).click();
    await expect(form.getByLabel('From')).toBeDisabled();
    await form.getByRole('button', { name: 'Save message settings' }).click();
    await expectAnnounced(page, 'Message settings saved');
    const quiet = (await (await request.get(`/api/v1/schools/${schoolId}/messaging-settings`, { headers: ict })).json())
      .data.quietHours;
    expect(quiet).toBeNull();

    // The school sends as it did before, for the specs that follow.
    const { channels, monthlyBudgetKobo, quietHours, smsSenderId } = (await before.json()).data;
    const naira = (kobo: string | null) => (kobo === null ? null : Number(kobo) / 100);
    const restored = await request.put(`/api/v1/schools/${schoolId}/messaging-settings`, {
      headers: ict,
      data: {
        channels,
        monthlyBudgetNaira: { sms: naira(monthlyBudgetKobo.sms), whatsapp: naira(monthlyBudgetKobo.whatsapp) },
        quietHours,
        smsSenderId,
      },
    });
    expect(restored.ok(), await restored.text()).toBe(true);
  });

  test('an announcement shows, before it is sent, how many families it reaches by SMS and what it costs', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const family = await parentOnSms(request, { last: 7, email: `announce-${TAG}` });
    const ict = bearer(await apiSignIn(request, 'ict'));
    const before = (
      await (await request.get(`/api/v1/schools/${family.school._id}/messaging-settings`, { headers: ict })).json()
    ).data;
    const naira = (kobo: string | null) => (kobo === null ? null : Number(kobo) / 100);
    const save = (channels: unknown) =>
      request.put(`/api/v1/schools/${family.school._id}/messaging-settings`, {
        headers: ict,
        data: {
          channels,
          monthlyBudgetNaira: {
            sms: naira(before.monthlyBudgetKobo.sms),
            whatsapp: naira(before.monthlyBudgetKobo.whatsapp),
          },
          quietHours: null,
          smsSenderId: before.smsSenderId,
        },
      });
    expect((await save({ ...before.channels, system: { sms: true, whatsapp: false } })).ok()).toBe(true);
    try {
      await signInAs(page, 'principal', '/notifications');
      await page.getByRole('button', { name: 'Send notification' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send notification' });
      await dialog.getByLabel('School').selectOption({ label: family.school.name });
      await dialog.getByLabel('Role').selectOption('Parent');
      await dialog.getByLabel('Title').fill('Sports day');
      await dialog.getByLabel('Message').fill('Inter-house sports hold on Friday at 10am. Parents are welcome.');
      await expect(
        dialog.getByText(/^By SMS and WhatsApp to \d+ famil(y|ies): \d+ SMS \(\d+ pages?, about ₦[\d,]+\.\d\d\)\.$/),
      ).toBeVisible();
      await expectAccessible(page, 'the send-notification dialog with its SMS preview');
      await dialog.getByText(/^By SMS and WhatsApp to/).scrollIntoViewIfNeeded();
      await shots(page, 'announcement-preview');
    } finally {
      expect((await save(before.channels)).ok()).toBe(true);
    }
  });
});
