import { expect, type Page, test } from '@playwright/test';
import { COLOUR_RULES, expectAccessible, PHONE, screenshot, signInAs } from './support';

/** Every main screen, as a role that uses it, in both themes: no serious or critical axe violation. */
interface Screen {
  name: string;
  path: string;
  heading: string | RegExp;
}

/** Waits until the screen has loaded all it shows; `load: false` when the page is already there. */
async function visit(page: Page, screen: Screen, { load }: { load: boolean }) {
  if (load) await page.goto(screen.path);
  await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

const BY_ROLE: Record<string, Screen[]> = {
  admin: [
    { name: 'admin dashboard', path: '/dashboard', heading: /^Good / },
    { name: 'users', path: '/users', heading: 'User Management' },
    { name: 'schools', path: '/schools', heading: 'School Management' },
    { name: 'school sessions', path: '/schools?tab=sessions', heading: 'School Management' },
    { name: 'school terms', path: '/schools?tab=terms', heading: 'School Management' },
    { name: 'school class arms', path: '/schools?tab=classes', heading: 'School Management' },
    { name: 'sessions', path: '/sessions', heading: 'Sessions' },
    { name: 'terms', path: '/terms', heading: 'Terms' },
    { name: 'class arms', path: '/class-arms', heading: 'Class Arms' },
    { name: 'student management', path: '/admin/students', heading: 'Student Management' },
  ],
  bursar: [
    { name: 'bursar dashboard', path: '/dashboard', heading: /^Good / },
    { name: 'fee overview', path: '/fees', heading: 'Fee Management' },
    { name: 'fee list', path: '/fees?tab=fees', heading: 'Fee Management' },
    { name: 'fee payments', path: '/fees?tab=payments', heading: 'Fee Management' },
    { name: 'fee approvals', path: '/fees?tab=approvals', heading: 'Fee Management' },
    { name: 'outstanding fees', path: '/fees?tab=outstanding', heading: 'Fee Management' },
    { name: 'cash desk', path: '/bursar/cash-payments', heading: 'Cash Payments' },
    { name: 'adjustments awaiting approval', path: '/adjustments', heading: 'Fee Adjustments' },
    { name: 'all adjustments', path: '/adjustments?tab=all', heading: 'Fee Adjustments' },
    { name: 'adjustment rules', path: '/adjustments?tab=rules', heading: 'Fee Adjustments' },
    { name: 'late fees', path: '/adjustments?tab=late-fees', heading: 'Fee Adjustments' },
  ],
  ict: [{ name: 'payment configuration', path: '/admin/payment-config', heading: 'Payment Configuration' }],
  accountant: [
    { name: 'trial balance', path: '/books', heading: 'Books' },
    { name: 'general ledger', path: '/books?tab=ledger', heading: 'Books' },
    { name: 'student account', path: '/books?tab=student', heading: 'Books' },
    { name: 'chart of accounts', path: '/books?tab=chart', heading: 'Books' },
    { name: 'period close', path: '/books?tab=close', heading: 'Books' },
    { name: 'books exports', path: '/books?tab=exports', heading: 'Books' },
  ],
  student: [
    { name: 'student dashboard', path: '/dashboard', heading: /^Good / },
    { name: 'my fee payments', path: '/student/fees', heading: 'My Fee Payments' },
    { name: 'profile', path: '/profile', heading: 'Your Profile' },
  ],
  parent: [
    { name: 'parent dashboard', path: '/dashboard', heading: /^Good / },
    { name: "a child's fee payments", path: '/student/fees', heading: 'My Fee Payments' },
  ],
};

/**
 * Checks the page as it stands in each theme. The theme follows the system's, which the app follows
 * in place (lib/theme.ts), so one load serves both: the page is checked in the theme it loaded in,
 * then switched to the other. The next screen loads in that one, so each theme is met both ways,
 * and each theme gets the full check on every other screen. A switch changes colours alone, so the
 * second theme is checked by the colour rules only: the other rules would find what the first found.
 */
async function expectAccessibleInEachTheme(page: Page, what: string) {
  const loadedDark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  const themes = loadedDark ? (['dark', 'light'] as const) : (['light', 'dark'] as const);
  for (const [index, colorScheme] of themes.entries()) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await expectAccessible(page, `${what} (${colorScheme})`, index === 0 ? {} : { rules: COLOUR_RULES });
  }
}

test.describe('accessibility in the light and the dark theme', () => {
  test('landing and sign-in pages', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessibleInEachTheme(page, 'landing');
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectAccessibleInEachTheme(page, 'login');
  });

  for (const [role, screens] of Object.entries(BY_ROLE)) {
    test(`screens of the ${role}`, async ({ page }) => {
      test.setTimeout(60_000 + screens.length * 45_000);
      await signInAs(page, role, screens[0]!.path);
      for (const [index, screen] of screens.entries()) {
        await visit(page, screen, { load: index > 0 });
        await expectAccessibleInEachTheme(page, screen.name);
      }
    });
  }

  test('the avatar menu is named after what it shows and opens', async ({ page }) => {
    await signInAs(page, 'bursar', '/dashboard');
    await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), / })).toBeVisible();
    const trigger = page.getByRole('button', { name: /account menu/i });
    await trigger.click();
    await expect(page.getByRole('menu', { name: /account menu/i })).toBeVisible();
    await expectAccessibleInEachTheme(page, 'avatar menu');
  });
});

test('on a phone every Fee Management tab can be reached', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, 'bursar', '/fees');
  const tabs = page.getByRole('tablist', { name: 'Fee management sections' });
  await expect(tabs).toBeVisible();
  for (const name of ['Overview', 'Fee Management', 'Payments', 'Approvals', 'Outstanding', 'Reminders']) {
    const tab = tabs.getByRole('tab', { name: new RegExp(`^${name}`) });
    const box = await tab.boundingBox();
    expect(box, name).not.toBeNull();
    // Within the screen without scrolling sideways: a tab hidden off to the right is easy to miss.
    expect(box!.x, name).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(PHONE.width);
  }
  await tabs.getByRole('tab', { name: /^Approvals/ }).click();
  await expect(page).toHaveURL(/tab=approvals/);
  await screenshot(page, 'phone-fee-tabs');
});
