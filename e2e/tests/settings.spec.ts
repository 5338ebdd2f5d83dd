import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  announcements,
  apiSignIn,
  bearer,
  expectAccessible,
  expectAnnounced,
  PHONE,
  screenshot,
  signInAs,
} from './support';

/**
 * Every change here is made in a group of its own, created for the run: the security settings of
 * the demo group are shared by every other spec on the same server.
 */
const run = Date.now();
const PASSWORD = 'harbour-chose-this';
const people = {
  ict: `ict.${run}@harbour.example.ng`,
  staff: `staff.${run}@harbour.example.ng`,
  locked: `locked.${run}@harbour.example.ng`,
  idle: `idle.${run}@harbour.example.ng`,
};

/** A group with one school, an ICT administrator and three bursars, each past their first-sign-in password. */
async function harbourGroup(request: APIRequestContext) {
  const admin = bearer(await apiSignIn(request, 'admin'));
  const group = await request.post('/api/v1/groupschool/create', {
    headers: admin,
    data: { name: `Harbour Schools ${run}`, description: 'Schools in Port Harcourt' },
  });
  expect(group.ok(), await group.text()).toBe(true);
  const school = await request.post('/api/v1/school/create', {
    headers: admin,
    data: {
      groupSchool_id: (await group.json()).data._id,
      name: `Harbour College ${run}`,
      email: 'info@harbour.example.ng',
      phoneNumber: '+2348033334444',
      street: 'Aba Road',
      street_no: '12',
      town: 'Port Harcourt',
      state: 'Rivers',
      country: 'Nigeria',
      zip_code: '500272',
    },
  });
  expect(school.ok(), await school.text()).toBe(true);
  const schoolId = (await school.json()).data._id as string;

  for (const [key, address] of Object.entries(people)) {
    const created = await request.post('/api/v1/user/create', {
      headers: admin,
      data: {
        firstname: key === 'ict' ? 'Ibiere' : 'Tamuno',
        lastname: 'Briggs',
        email: address,
        roles: [key === 'ict' ? 'ICT_administrator' : 'Bursar'],
        password: 'temporary-123',
        school_id: schoolId,
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const signedIn = await request.post('/api/v1/auth/login', { data: { email: address, password: 'temporary-123' } });
    expect(signedIn.ok()).toBe(true);
    const changed = await request.post('/api/v1/user/change-password', {
      headers: { Authorization: `Bearer ${(await signedIn.json()).data.token}` },
      data: { currentPassword: 'temporary-123', newPassword: PASSWORD },
    });
    expect(changed.ok(), await changed.text()).toBe(true);
  }
}

const account = (address: string) => ({ email: address, password: PASSWORD });

/** The next person signs in on the same browser: the ICT administrator's session is dropped from it. */
async function forgetSignIn(page: Page) {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/** Signs the ICT administrator in to the security settings and saves the values given. */
async function saveSecurity(page: Page, values: Record<string, string>) {
  await signInAs(page, account(people.ict), '/settings?section=security');
  const form = page.getByRole('form', { name: 'Security settings' });
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label).fill(value);
  await form.getByRole('button', { name: 'Save security settings' }).click();
  await expectAnnounced(page, 'Settings saved successfully!');
}

test.describe
  .serial('General Settings take effect', () => {
    test.beforeAll(async ({ request }) => {
      await harbourGroup(request);
    });

    test('the ICT administrator sees every section, with bounds and levels, on a desktop and a phone', async ({
      page,
    }) => {
      await signInAs(page, account(people.ict), '/settings');
      await expect(page.getByRole('heading', { name: 'General Settings' })).toBeVisible();
      for (const section of ['General', 'Notifications', 'Security', 'Appearance', 'Backup']) {
        await expect(page.getByRole('tab', { name: section })).toBeVisible();
      }
      const general = page.getByRole('tabpanel', { name: 'General' });
      await expect(general.getByText('Group default', { exact: true })).toBeVisible();
      await general.getByLabel('Receipt footer').fill('Fees once paid are not refundable.');
      await general.getByRole('button', { name: 'Save general settings' }).click();
      await expectAnnounced(page, 'Settings saved successfully!');
      await screenshot(page, 'settings-general-desktop');
      await expectAccessible(page, 'the settings page');

      await page.getByRole('tab', { name: 'Security' }).click();
      await expect(page.getByText('Between 8 and 20 characters')).toBeVisible();
      await expect(page.getByText('Between 5 and 120 minutes without activity')).toBeVisible();
      const timeout = page.getByRole('form', { name: 'Security settings' }).getByLabel('Session timeout');
      await timeout.fill('200');
      await page.getByRole('button', { name: 'Save security settings' }).click();
      await expect(page.getByText('Session timeout must be between 5 and 120')).toBeVisible();
      await screenshot(page, 'settings-security-desktop');

      await page.setViewportSize(PHONE);
      await page.goto('/settings?section=security');
      await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
      await screenshot(page, 'settings-security-phone');
    });

    test('a password shorter than the new minimum is refused on the profile’s change-password form', async ({
      page,
    }) => {
      await saveSecurity(page, { 'Minimum password length': '12' });

      await signInAs(page, account(people.staff), '/profile');
      await expect(page.getByText('Use at least 12 characters.')).toBeVisible();
      await page.getByLabel('Current password').fill(PASSWORD);
      await page.getByLabel('New password', { exact: true }).fill('eleven-char');
      await page.getByLabel('Confirm new password').fill('eleven-char');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText('Password must be at least 12 characters')).toBeVisible();
      expect(await announcements(page)).not.toContainEqual(expect.stringContaining('Password changed successfully!'));
    });

    test('the third wrong password locks the account when the group allows three', async ({ page }) => {
      await saveSecurity(page, { 'Login attempts before lockout': '3' });
      await forgetSignIn(page);

      await page.goto('/login');
      for (const attempt of [1, 2, 3]) {
        await page.getByLabel('Email address').fill(people.locked);
        await page.getByLabel('Password', { exact: true }).fill(`wrong-password-${attempt}`);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect(page.getByText('Invalid email or password').first()).toBeVisible();
      }
      // Now even the right password is refused until the lockout ends.
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Too many failed sign-in attempts. Please try again later.').first()).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });

    test('five minutes without activity sign the browser out when the timeout is five minutes', async ({ page }) => {
      await saveSecurity(page, { 'Session timeout': '5' });

      await page.clock.install();
      await signInAs(page, account(people.idle), '/dashboard');
      await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), / })).toBeVisible();
      await page.clock.fastForward('04:30');
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.clock.fastForward('00:31');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Session expired. Please login again.')).toBeVisible();
    });
  });

test('a principal reads the settings without being able to change them', async ({ page }) => {
  await signInAs(page, 'principal', '/settings?section=security');
  await expect(page.getByText('Only an Administrator or the ICT administrator can change them')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Security settings' }).getByLabel('Session timeout')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save security settings' })).toHaveCount(0);
  await screenshot(page, 'settings-read-only-desktop');
});

test('the super-admin opens on a group they can set, sees why the whole installation is read only, then saves a group of their choice', async ({
  page,
  request,
}) => {
  const admin = bearer(await apiSignIn(request, 'admin'));
  const name = `Lagoon Schools ${run}`;
  const group = await request.post('/api/v1/groupschool/create', {
    headers: admin,
    data: { name, description: 'Schools on the lagoon' },
  });
  expect(group.ok(), await group.text()).toBe(true);
  const groupId = (await group.json()).data._id as string;
  const school = await request.post('/api/v1/school/create', {
    headers: admin,
    data: {
      groupSchool_id: groupId,
      name: `Lagoon College ${run}`,
      email: 'info@lagoon.example.ng',
      phoneNumber: '+2348033335555',
      street: 'Marina Road',
      street_no: '3',
      town: 'Lagos Island',
      state: 'Lagos',
      country: 'Nigeria',
      zip_code: '101001',
    },
  });
  expect(school.ok(), await school.text()).toBe(true);

  await signInAs(page, 'admin', '/settings');
  const chooser = page.getByLabel('Settings for');
  await expect(chooser.locator('option:checked')).toHaveText('Crestview Educational Group (all its schools)');
  const general = page.getByRole('form', { name: 'General settings' });
  await expect(general.getByLabel('Receipt footer')).toBeEnabled();
  await expect(general.getByLabel('Contact email')).toBeEnabled();
  await expect(general.getByRole('button', { name: 'Save general settings' })).toBeVisible();
  await expect(
    page.getByRole('tabpanel', { name: 'General' }).getByText('Group default', { exact: true }),
  ).toBeVisible();
  await screenshot(page, 'settings-admin-opens-on-group-desktop');
  await page.setViewportSize({ width: 360, height: 800 });
  await screenshot(page, 'settings-admin-opens-on-group-360');
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('tab', { name: 'Security' }).click();
  const security = page.getByRole('form', { name: 'Security settings' });
  await expect(security.getByLabel('Session timeout')).toBeEnabled();

  // The installation's values are every group's starting point: read only, and labelled as the installation's.
  await chooser.selectOption({ label: 'Whole installation' });
  await expect(page).toHaveURL(/level=installation/);
  await expect(security.getByLabel('Session timeout')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save security settings' })).toHaveCount(0);
  await expect(
    security.getByText('Choose a group or a school above to change these settings', { exact: false }),
  ).toBeVisible();
  const securityPanel = page.getByRole('tabpanel', { name: 'Security' });
  await expect(securityPanel.getByText('Installation default', { exact: true })).toBeVisible();
  await expect(securityPanel.getByText('Group default', { exact: true })).toHaveCount(0);
  await screenshot(page, 'settings-installation-read-only');
  await page.setViewportSize({ width: 360, height: 800 });
  await screenshot(page, 'settings-installation-read-only-360');
  await page.setViewportSize({ width: 1280, height: 720 });
  // Backups are set for the whole installation, here too.
  await page.getByRole('tab', { name: 'Backup' }).click();
  await expect(page.getByRole('button', { name: 'Save backup settings' })).toBeVisible();
  await page.reload();
  await expect(chooser.locator('option:checked')).toHaveText('Whole installation');
  await page.getByRole('tab', { name: 'Security' }).click();

  await chooser.selectOption({ label: `${name} (all its schools)` });
  await expect(page).toHaveURL(new RegExp(`group=${groupId}`));
  await expect(security.getByLabel('Session timeout')).toBeEnabled();
  await security.getByLabel('Session timeout').fill('45');
  await security.getByRole('button', { name: 'Save security settings' }).click();
  await expectAnnounced(page, 'Settings saved successfully!');

  await page.reload();
  await expect(chooser.locator('option:checked')).toHaveText(`${name} (all its schools)`);
  await expect(security.getByLabel('Session timeout')).toHaveValue('45');
  await expect(
    page.getByRole('tabpanel', { name: 'Security' }).getByText('Group default', { exact: true }),
  ).toBeVisible();
  await page.setViewportSize(PHONE);
  await screenshot(page, 'settings-group-phone');
});
