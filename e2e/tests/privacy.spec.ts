import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { bytesOf } from './files';
import {
  apiSignIn,
  bearer,
  expectAccessible,
  expectAnnounced,
  ikejaDaughter,
  screenshot,
  signInAs,
  viewScreenshot,
} from './support';

const PHONE_360 = { width: 360, height: 780 };
const PHONE_390 = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** No sideways scrolling at this width. */
async function fitsWidth(page: Page, width: number) {
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
}

/** A student enrolled for this spec alone, then deactivated, as a school does when someone leaves. */
async function studentWhoLeft(request: APIRequestContext) {
  const ict = await apiSignIn(request, 'ict');
  const [arm] = (await (await request.get('/api/v1/classarm/all', { headers: bearer(ict) })).json()).data as {
    _id: string;
    school: string;
  }[];
  const created = await request.post('/api/v1/students', {
    headers: bearer(ict),
    data: {
      firstname: 'Ifeoluwa',
      lastname: 'Bankole',
      email: 'ifeoluwa.bankole@example.ng',
      phone: '08031113333',
      DOB: '2011-05-09',
      gender: 'Female',
      regNo: 'CVC/2025/7301',
      address: { street: '9 Opebi Road', city: 'Ikeja', state: 'Lagos', country: 'Nigeria' },
      school_id: arm!.school,
      classArm_id: arm!._id,
      type: 'day',
      expectedGraduationYear: 2029,
      guardian: { name: 'Folake Bankole', relationship: 'Mother', phone: '08035557777' },
      emergencyContact: { name: 'Tunde Bankole', relationship: 'Uncle', phone: '08037779999' },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { _id } = (await created.json()).data as { _id: string };
  const left = await request.post('/api/v1/user/bulk-update', {
    headers: bearer(ict),
    data: { userIds: [_id], updates: { status: 'inactive' } },
  });
  expect(left.ok(), await left.text()).toBe(true);
  return { id: _id, name: 'Ifeoluwa Bankole' };
}

test.describe('privacy rights', () => {
  test('the privacy notice opens from the landing page, reads on a phone and says what is kept and why', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await page.getByRole('link', { name: 'Privacy notice' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
    for (const heading of ['Who is responsible for your information', 'Who receives it', 'How long it is kept']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByText('6 years, as Nigerian tax law requires')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nigeria Data Protection Commission' })).toHaveAttribute(
      'href',
      'https://ndpc.gov.ng',
    );
    await expectAccessible(page, 'the privacy notice');
    await screenshot(page, 'privacy-notice-desktop');
    for (const [size, name] of [
      [PHONE_390, 'phone-390-privacy-notice'],
      [PHONE_360, 'phone-360-privacy-notice'],
    ] as const) {
      await page.setViewportSize(size);
      await fitsWidth(page, size.width);
      await screenshot(page, name);
    }

    // The sign-in page links it too.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Privacy notice' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
  });

  test("a parent downloads their data from the profile page, with their child's name and receipts in it", async ({
    page,
    request,
  }) => {
    const daughter = await ikejaDaughter(request);
    const bursar = await apiSignIn(request, 'bursar');
    const paid = (
      await (
        await request.get(`/api/v1/payment/all?student_id=${daughter._id}&status=success&limit=5`, {
          headers: bearer(bursar),
        })
      ).json()
    ).data.payments as { receiptNo: string | null }[];
    const receiptNo = paid.find((payment) => payment.receiptNo)?.receiptNo;
    expect(receiptNo, 'the demo daughter paid last session, with receipts').toBeTruthy();

    await page.setViewportSize(DESKTOP);
    await signInAs(page, 'parent', '/profile');
    const card = page.getByRole('region', { name: 'Your data' });
    await expect(card).toBeVisible();
    await expectAccessible(page, 'the profile page with its data card');
    await viewScreenshot(card, 'profile-your-data-desktop');

    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download (JSON)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^schoolledger-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    await expectAnnounced(page, 'Your data was downloaded');
    const file = JSON.parse((await bytesOf(download)).toString('utf8'));
    const child = (file.data.children as { person: { firstname: string }; payments: { receiptNo: string }[] }[]).find(
      (each) => each.person.firstname === daughter.firstname,
    );
    expect(child, `${daughter.firstname} is in the file`).toBeDefined();
    expect(child!.payments.map((payment) => payment.receiptNo)).toContain(receiptNo);

    await card.getByRole('link', { name: 'Privacy notice' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
    await page.goBack();
    for (const [size, name] of [
      [PHONE_390, 'phone-390-profile-your-data'],
      [PHONE_360, 'phone-360-profile-your-data'],
    ] as const) {
      await page.setViewportSize(size);
      await fitsWidth(page, size.width);
      await viewScreenshot(page.getByRole('region', { name: 'Your data' }), name);
    }
  });

  test('an administrator erases a student who left, after typing their name, and the list shows the placeholder', async ({
    page,
    request,
  }) => {
    const student = await studentWhoLeft(request);
    await page.setViewportSize(DESKTOP);
    await signInAs(page, 'ict', '/users');
    await page.getByLabel('Search users').fill('Bankole');
    await page.getByRole('button', { name: `Edit ${student.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByText('This person has left.')).toBeVisible();
    await page.setViewportSize(PHONE_360);
    await edit.getByRole('button', { name: 'Erase personal data' }).scrollIntoViewIfNeeded();
    await viewScreenshot(page, 'phone-360-users-edit-erase-section');
    await page.setViewportSize(DESKTOP);
    await edit.getByRole('button', { name: 'Erase personal data' }).click();

    const dialog = page.getByRole('dialog', { name: 'Erase personal data' });
    await expect(dialog.getByText('What is kept')).toBeVisible();
    await expect(dialog.getByText(/keep their amounts, dates and receipt numbers for 6 years/)).toBeVisible();
    const name = dialog.getByLabel('Type their full name to confirm');
    await expect(name).toBeFocused();
    await expectAccessible(page, 'the erase dialog');
    await viewScreenshot(page, 'users-erase-dialog-desktop');

    // A name that is not theirs is refused where it was typed; nothing is erased.
    await name.fill('Ifeoluwa');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Type the full name exactly as it is shown above')).toBeVisible();
    for (const [size, shot] of [
      [PHONE_390, 'phone-390-users-erase-dialog'],
      [PHONE_360, 'phone-360-users-erase-dialog'],
    ] as const) {
      await page.setViewportSize(size);
      await viewScreenshot(page, shot);
    }
    await page.setViewportSize(DESKTOP);

    await name.fill('ifeoluwa bankole');
    await page.keyboard.press('Enter');
    await expectAnnounced(page, 'Personal data erased');
    await expect(dialog).toHaveCount(0);

    // The directory no longer finds the name; the account stands as the placeholder.
    await expect(page.getByText('No users found matching your criteria.')).toBeVisible();
    await page.getByLabel('Search users').fill(`erased-${student.id}`);
    const row = page.getByRole('row', { name: /Erased person/ });
    await expect(row).toBeVisible();
    await expect(row.getByText(`erased-${student.id}@erased.invalid`)).toBeVisible();
    await screenshot(page, 'users-erased-desktop');
  });

  test('the group keeps notifications and logs for the months it chooses, and financial records for six years', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAs(page, 'ict', '/settings?section=retention');
    const form = page.getByRole('form', { name: 'Data retention settings' });
    await expect(form.getByLabel('Keep notifications (in the app, email, SMS and WhatsApp) for')).toHaveValue('24');
    await expect(form.getByLabel('Keep system logs for')).toHaveValue('3');
    await expect(form.getByLabel('Keep financial records for')).toHaveValue('6 years');
    await expect(form.getByLabel('Keep financial records for')).toHaveAttribute('readonly', '');
    await form.getByLabel('Keep notifications (in the app, email, SMS and WhatsApp) for').fill('18');
    await form.getByRole('button', { name: 'Save data retention settings' }).click();
    await expectAnnounced(page, 'Settings saved successfully!');
    await expectAccessible(page, 'the data retention settings');
    await screenshot(page, 'settings-retention-desktop');
    for (const [size, name] of [
      [PHONE_390, 'phone-390-settings-retention'],
      [PHONE_360, 'phone-360-settings-retention'],
    ] as const) {
      await page.setViewportSize(size);
      await fitsWidth(page, size.width);
      await screenshot(page, name);
    }
  });
});
