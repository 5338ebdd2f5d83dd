import { expect, test } from '@playwright/test';
import {
  email,
  expectAnnounced,
  PASSWORD,
  PHONE,
  screenshot,
  sidebarLabels,
  signIn,
  signInAs,
  signInToDashboard,
} from './support';

test.describe('public pages', () => {
  test('the landing page leads to sign in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Complete School Accounting Solution' })).toBeVisible();
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Welcome back! Please sign in to your account.')).toBeVisible();
  });

  test('the landing page menu opens and closes on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Complete School Accounting Solution' })).toBeVisible();
    await screenshot(page, 'phone-landing');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: 'Features' })).toBeVisible();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
  });

  test('the login form explains what is wrong under each field', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  });

  test('a wrong password is refused with the server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill(email('auditor'));
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('signed-in shell', () => {
  test('a bursar sees only their sidebar entries and a greeting by name', async ({ page }) => {
    await signIn(page, 'bursar');
    await expectAnnounced(page, 'Successfully logged in!');
    await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), Adaeze/ })).toBeVisible();
    await expect(page.getByText('Bursar', { exact: true }).first()).toBeVisible();
    expect(await sidebarLabels(page)).toEqual([
      'Dashboard',
      'Fee Management',
      'Fee Administration',
      'Fee Adjustments',
      'Cash Payments',
      'Cash Tills',
      'Bank Statements',
      'Virtual Accounts',
      'Expenses',
      'Books',
      'Reports',
      'Collections Forecast',
      'Settings',
      'Messages',
    ]);
  });

  // Signed in through the API where the sign-in form is not what is tested: the form's page is one
  // more load of the app per test, which a busy machine takes seconds over.
  test('an admin sees every section of the sidebar', async ({ page }) => {
    await signInToDashboard(page, 'admin');
    expect(await sidebarLabels(page)).toEqual([
      'Dashboard',
      'Users',
      'Schools',
      'Academic',
      'Sessions',
      'Terms',
      'Class Arms',
      'Results',
      'Fee Management',
      'Fee Administration',
      'Fee Adjustments',
      'Cash Payments',
      'Cash Tills',
      'Bank Statements',
      'Virtual Accounts',
      'Expenses',
      'Books',
      'Reports',
      'Collections Forecast',
      'Audit',
      'System',
      'Settings',
      'General Settings',
      'Email Configuration',
      'Messages',
      'Payment Configuration',
      'Student Management',
    ]);
  });

  test('a student and a proprietor see their own entries', async ({ page }) => {
    await signInToDashboard(page, 'student');
    expect(await sidebarLabels(page)).toEqual(['Dashboard', 'Fee Management', 'My Fee Payments']);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'proprietor');
    expect(await sidebarLabels(page)).toEqual([
      'Dashboard',
      'Users',
      'Schools',
      'Academic',
      'Sessions',
      'Terms',
      'Class Arms',
      'Results',
      'Fee Management',
      'Fee Administration',
      'Fee Adjustments',
      'Cash Tills',
      'Virtual Accounts',
      'Expenses',
      'Books',
      'Reports',
      'Collections Forecast',
      'Audit',
      'Settings',
      'Messages',
      'Student Management',
    ]);
  });

  test('a signed-out visitor is sent to sign in and brought back afterwards', async ({ page }) => {
    await page.goto('/schools');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'ict', { expectPath: /\/schools$/ });
  });

  test('a user without the role is turned back to the dashboard; an unknown path says the page is not found', async ({
    page,
  }) => {
    await signInAs(page, 'bursar', '/schools');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/student/fees');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('signing out ends the session', async ({ page }) => {
    await signInToDashboard(page, 'principal');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expectAnnounced(page, 'Successfully logged out!');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the theme choice survives a reload', async ({ page }) => {
    await signInToDashboard(page, 'headteacher');
    const html = page.locator('html');
    const wasDark = (await html.getAttribute('class'))?.includes('dark') ?? false;
    await page.getByRole('button', { name: /^Switch to .* theme$/ }).click();
    await expect(html).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
    await page.reload();
    await expect(html).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
  });

  test('on a phone the sidebar is a drawer with a close button', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInToDashboard(page, 'principal');
    await screenshot(page, 'phone-dashboard');
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('School Accounting System')).toBeVisible();
    await screenshot(page, 'phone-sidebar');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
  });
});

test.describe('profile', () => {
  test('a user edits their details and changes their password', async ({ page, request }) => {
    await signInAs(page, 'auditor', '/profile');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Phone').fill('08099990000');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectAnnounced(page, 'Profile updated successfully!');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'phone-profile');

    // A 1x1 PNG, checked by its bytes on the server.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expectAnnounced(page, 'Profile picture updated successfully!');
    await expect(page.locator('img[src^="/uploads/avatars/"]:visible').first()).toBeVisible();

    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('a-new-password-1');
    await page.getByLabel('Confirm new password').fill('a-new-password-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectAnnounced(page, 'Password changed successfully!');

    // Other specs sign in as the demo auditor: the demo password goes back.
    const signedIn = await request.post('/api/v1/auth/login', {
      data: { email: email('auditor'), password: 'a-new-password-1' },
    });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    const restored = await request.post('/api/v1/user/change-password', {
      headers: { authorization: `Bearer ${(await signedIn.json()).data.token}` },
      data: { currentPassword: 'a-new-password-1', newPassword: PASSWORD },
    });
    expect(restored.ok(), await restored.text()).toBe(true);
  });
});
