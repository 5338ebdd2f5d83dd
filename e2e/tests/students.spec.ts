import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { email, expectAnnounced, PASSWORD, PHONE, screenshot, signInAs } from './support';

const HEADER = [
  'First Name',
  'Middle Name',
  'Last Name',
  'Email',
  'Phone',
  'Date of Birth',
  'Gender',
  'Registration Number',
  'Class Arm',
  'Type',
  'Expected Graduation Year',
  'Street',
  'City',
  'State',
  'Country',
  'Postal Code',
  'Guardian Name',
  'Guardian Relationship',
  'Guardian Phone',
  'Guardian Email',
  'Emergency Contact Name',
  'Emergency Contact Relationship',
  'Emergency Contact Phone',
];

/** 50 students for the first school, rows 7 and 30 of the file (data rows 6 and 29) broken. */
function importFile(): string {
  const rows = Array.from({ length: 50 }, (_, index) => {
    const n = String(index + 1).padStart(3, '0');
    return [
      `Ifeoluwa${n}`,
      '',
      'Okoro',
      index === 5 ? 'not-an-email' : `ifeoluwa${n}.okoro@students.crestview.edu.ng`,
      '08031230000',
      '2012-03-04',
      index % 2 ? 'Male' : 'Female',
      `IMP/2026/${n}`,
      index === 28 ? 'JSS 9Z' : 'JSS 1B',
      'day',
      '2030',
      'Allen Avenue',
      'Ikeja',
      'Lagos',
      'Nigeria',
      '100271',
      'Ngozi Okoro',
      'Mother',
      '08039990000',
      '',
      'Ngozi Okoro',
      'Mother',
      '08039990000',
    ].join(',');
  });
  return [HEADER.join(','), ...rows].join('\n');
}

async function createParentAccount(page: Page) {
  const login = await page.request.post('/api/v1/auth/login', {
    data: { email: email('ict'), password: PASSWORD },
  });
  const token = (await login.json()).data.token as string;
  const created = await page.request.post('/api/v1/user/create', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      firstname: 'Bola',
      lastname: 'Adeyemi',
      email: 'bola.adeyemi@example.ng',
      roles: ['Parent'],
      password: 'first-password',
    },
  });
  expect(created.status()).toBe(200);
}

test.describe('student management', () => {
  test('an admin enrols, finds, edits, imports, exports and links a parent; the parent sees only that child', async ({
    page,
  }) => {
    await createParentAccount(page);
    await signInAs(page, 'admin', '/admin/students');
    await expect(page.getByRole('heading', { name: 'Student Management' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Student' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Student' });
    await form.getByLabel('First name', { exact: true }).fill('Temitope');
    await form.getByLabel('Last name', { exact: true }).fill('Adeyemi');
    await form.getByLabel('Email', { exact: true }).fill('temitope.adeyemi@students.crestview.edu.ng');
    await form.getByLabel('Phone', { exact: true }).fill('08035550101');
    await form.getByLabel('Date of birth').fill('2013-05-14');
    await form.getByLabel('Gender', { exact: true }).selectOption('Female');
    await form.getByLabel('Registration number').fill('CVC/2026/0901');
    await form.getByLabel('Street', { exact: true }).fill('Adeniyi Jones Avenue');
    await form.getByLabel('City', { exact: true }).fill('Ikeja');
    await form.getByLabel('State', { exact: true }).fill('Lagos');
    await form.getByRole('tab', { name: 'Academic Info' }).click();
    await form.getByLabel('School', { exact: true }).selectOption({ label: 'Crestview College, Ikeja' });
    await form.getByLabel('Class', { exact: true }).selectOption({ label: 'JSS 1A' });
    await form.getByRole('tab', { name: 'Guardian Info' }).click();
    await form.getByLabel('Guardian name').fill('Kehinde Adeyemi');
    await form.getByLabel('Relationship').selectOption('Mother');
    await form.getByLabel('Guardian phone').fill('08035551234');
    await form.getByLabel('Use as Emergency Contact').check();
    await form.getByRole('button', { name: 'Create Student' }).click();
    await expectAnnounced(page, 'Student created successfully!');

    await page.getByLabel('Search students').fill('Temitope');
    await expect(page.getByText('Showing 1 to 1 of 1 results').or(page.getByText('CVC/2026/0901'))).toBeVisible();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Gender', { exact: true }).selectOption('Female');
    await expect(page.getByRole('button', { name: 'Remove Gender filter' })).toBeVisible();
    await expect(page.getByText('CVC/2026/0901')).toBeVisible();

    await page.getByRole('button', { name: 'Edit Temitope Adeyemi' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Student' });
    await edit.getByLabel('Phone', { exact: true }).fill('08035550202');
    await edit.getByRole('button', { name: 'Update Student' }).click();
    await expectAnnounced(page, 'Student updated successfully!');

    await page.getByRole('button', { name: 'Temitope Adeyemi', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Temitope Adeyemi' });
    await sheet.getByLabel('Search parents').fill('Bola');
    await sheet.getByLabel('Parent', { exact: true }).selectOption({ label: 'Bola Adeyemi (bola.adeyemi@example.ng)' });
    await sheet.getByRole('button', { name: 'Link parent' }).click();
    await expect(sheet.getByRole('button', { name: 'Unlink Bola Adeyemi' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.getByLabel('Search students').fill('');
    await page.getByRole('button', { name: 'Import' }).click();
    const importer = page.getByRole('dialog', { name: 'Import Students' });
    await importer.getByLabel('Import into school').selectOption({ label: 'Crestview College, Ikeja' });
    await importer
      .getByLabel('Student file')
      .setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(importFile()) });
    await importer.getByRole('button', { name: 'Preview' }).click();
    await expect(importer.getByText('48 ready, 2 with errors (they will be skipped)')).toBeVisible();
    await expect(importer.getByRole('row', { name: /^7 .*Email: Please enter a valid email address/ })).toBeVisible();
    await expect(
      importer.getByRole('row', { name: /^30 .*Class Arm: There is no class arm named JSS 9Z/ }),
    ).toBeVisible();
    await screenshot(page, 'desktop-students-import-preview');
    await importer.getByRole('button', { name: 'Import 48 students' }).click();
    await expect(page.getByText(/Successfully created 48 students/)).toBeVisible();

    await page.getByLabel('Search students').fill('IMP/2026/');
    await expect(page.getByText('Showing 1 to 10 of 48 results')).toBeVisible();
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    const download = await downloadPromise;
    // The file starts with a byte-order mark so that Excel reads it as UTF-8.
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    expect(csv.split(/\r?\n/)[0]).toBe(HEADER.join(','));
    expect(csv).toContain('IMP/2026/001');

    await page.setViewportSize(PHONE);
    await screenshot(page, 'phone-students');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/login');
    await page.getByLabel('Email address').fill('bola.adeyemi@example.ng');
    await page.getByLabel('Password', { exact: true }).fill('first-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByLabel('Current password').fill('first-password');
    await page.getByLabel('New password', { exact: true }).fill('bola-new-password');
    await page.getByLabel('Confirm new password').fill('bola-new-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectAnnounced(page, 'Password changed successfully!');
    await page.goto('/dashboard');
    const children = page
      .getByRole('region', { name: 'Your children' })
      .or(page.locator('section', { hasText: 'Your children' }));
    await expect(children.getByText('Temitope Adeyemi')).toBeVisible();
    await expect(children.getByText('Chiamaka', { exact: false })).toHaveCount(0);
  });

  test('the student statistics come from the database', async ({ page }) => {
    await signInAs(page, 'proprietor', '/admin/students');
    await page.getByRole('tab', { name: 'Statistics' }).click();
    await expect(page.getByText('Not recorded yet')).toBeVisible();
    await screenshot(page, 'desktop-student-statistics');
    await page.setViewportSize(PHONE);
    await expect(page.getByText('Enrollment trends')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll on a phone').toBe(
      PHONE.width,
    );
    await screenshot(page, 'phone-student-statistics');
  });
});
