import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiSignIn, bearer, email, expectAccessible, PHONE, screenshot, signInAs, signInToDashboard } from './support';

const naira = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

/** The figure of a stat card (a link named by its label), in kobo or as a count. */
async function cardValue(page: Page, label: string) {
  const card = page.getByRole('link', { name: new RegExp(`^${label} [₦\\d]`) });
  await expect(card).toBeVisible();
  return card.locator('p').nth(1).innerText();
}

/**
 * Cash for a demo student no other spec pays for (the middle of the list: the others take the
 * demo student, the one after it, and the last ones), on a fee they still owe.
 */
async function payCashForSomeone(request: APIRequestContext, amount: string) {
  const admin = await apiSignIn(request, 'admin');
  const listed = (await (await request.get('/api/v1/students?limit=20', { headers: bearer(admin) })).json()).data
    .students as { _id: string; regNo: string; lastname: string }[];
  const student = listed.filter((row) => row.regNo !== 'CVC/2025/0142' && row.lastname !== 'Obi')[5]!;
  const fees = (
    await (
      await request.get(`/api/v1/student/fees?student_id=${student._id}&unpaid=true`, { headers: bearer(admin) })
    ).json()
  ).data.fees as { fee: { _id: string }; outstanding: number }[];
  const fee = fees.find((row) => row.outstanding >= Number(amount))!;
  expect(fee).toBeDefined();
  const paid = await request.post('/api/v1/payment/pay-with-cash', {
    headers: { ...bearer(admin), 'idempotency-key': randomUUID() },
    data: { user_id: student._id, fee_id: fee.fee._id, amount },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

/** On a phone nothing may be wider than the screen: a long line must truncate, not push the page sideways. */
async function phoneShot(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await screenshot(page, `${name}-phone`);
}

test.describe('admin, ICT and auditor dashboards', () => {
  test('a cash payment moves Total Revenue by exactly its amount', async ({ page, request }) => {
    await signInToDashboard(page, 'admin');
    await expect(page.getByRole('heading', { name: 'Administrative Actions' })).toBeVisible();
    const before = naira(await cardValue(page, 'Total Revenue'));

    await payCashForSomeone(request, '123.45');
    await page.reload();
    await expect.poll(async () => naira(await cardValue(page, 'Total Revenue')) - before).toBe(12345);
    await expect(page.getByRole('heading', { name: 'Recent System Activities' })).toBeVisible();
    await expect(page.getByText(/recorded a cash payment/).first()).toBeVisible();
    await expectAccessible(page, 'admin dashboard');
    await screenshot(page, 'dashboard-admin');
    await phoneShot(page, 'dashboard-admin');

    await page.getByRole('link', { name: /^Total Users/ }).click();
    await expect(page).toHaveURL(/\/users$/);
  });

  test('a dashboard or overview that cannot load shows the SPEC error box', async ({ page }) => {
    await page.route('**/api/v1/admin/dashboard', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await page.route('**/api/v1/admin/financial-overview*', (route) =>
      route.fulfill({ status: 502, body: 'Bad gateway' }),
    );
    await signInAs(page, 'admin', '/dashboard');
    const box = page.getByRole('alert').filter({ hasText: 'Error Loading Dashboard' });
    // A first load of the app (bundle, token refresh, profile) before the failing request: on a
    // loaded 2-core runner that alone can take most of the default 10 s.
    await expect(box).toContainText('Failed to fetch dashboard data', { timeout: 20_000 });
    await expect(box).toContainText('Please try refreshing the page.');
    await page.goto('/admin/financial-overview');
    const overview = page.getByRole('alert').filter({ hasText: 'Error loading financial overview' });
    await expect(overview).toContainText('Failed to fetch financial overview', { timeout: 20_000 });
  });

  test('financial overview switches period and shows the figures of that period', async ({ page }) => {
    await signInAs(page, 'admin', '/admin/financial-overview');
    await expect(page.getByRole('heading', { name: 'Financial Overview' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Revenue by day' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Revenue/ })).toContainText('₦');
    await expect(page.getByRole('heading', { name: 'Payment status breakdown' })).toBeVisible();

    await page.getByLabel('Period').selectOption('year');
    await expect(page).toHaveURL(/period=year/);
    await expect(page.getByRole('heading', { name: 'Revenue by month' })).toBeVisible();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('heading', { name: 'By payment method' })).toBeVisible();
    await expectAccessible(page, 'financial overview');
    await screenshot(page, 'financial-overview');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Revenue by month' })).toBeVisible();
    await expectAccessible(page, 'financial overview, dark');
    await screenshot(page, 'financial-overview-dark');
    await phoneShot(page, 'financial-overview');
  });

  test('system overview reports real server figures', async ({ page }) => {
    await signInAs(page, 'ict', '/admin/system-overview');
    await expect(page.getByRole('heading', { name: 'System Overview' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Server Status/ })).toContainText('Online');
    await expect(page.getByRole('link', { name: /^Storage Usage/ })).toContainText(/\d+(\.\d)?%/);
    expect(Number(await cardValue(page, 'Active Users'))).toBeGreaterThanOrEqual(1);
    await expectAccessible(page, 'system overview');
    await screenshot(page, 'system-overview');
    await phoneShot(page, 'system-overview');
  });

  test('the ICT dashboard shows status, operations, technical activities and lockouts', async ({ page }) => {
    await signInToDashboard(page, 'ict');
    await expect(page.getByRole('heading', { name: 'Technical Operations' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent Technical Activities' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Locked-out users' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Database/ })).toBeVisible();
    await expectAccessible(page, 'ICT dashboard');
    await screenshot(page, 'dashboard-ict');
    await phoneShot(page, 'dashboard-ict');
  });

  test("a failed sign-in shows on the auditor's dashboard", async ({ page, request }) => {
    await signInToDashboard(page, 'auditor');
    const before = Number(await cardValue(page, 'Failed sign-ins'));
    const failed = await request.post('/api/v1/auth/login', {
      data: { email: email('headteacher'), password: 'not-the-password' },
    });
    expect(failed.status()).toBe(401);
    await page.reload();
    await expect.poll(async () => Number(await cardValue(page, 'Failed sign-ins'))).toBe(before + 1);
    await expect(page.getByRole('heading', { name: 'Reconciliation status' })).toBeVisible();
    await expect(page.getByText(/failed to sign in/).first()).toBeVisible();
    await expectAccessible(page, 'auditor dashboard');
    await screenshot(page, 'dashboard-auditor');
    await phoneShot(page, 'dashboard-auditor');
  });
});
