import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  apiSignIn,
  bearer,
  expectAccessible,
  PHONE,
  type Session,
  screenshot,
  signInAs,
  signInToDashboard,
} from './support';

interface Listed {
  _id: string;
  firstname: string;
  middlename: string | null;
  lastname: string;
  regNo: string;
  school: { _id: string; name: string };
}

const fullName = (student: Listed) =>
  [student.firstname, student.middlename, student.lastname].filter(Boolean).join(' ');

/**
 * A new parent of two demo students, one in each school, taken from far down each school's list
 * (the 100th) so no other spec pays for or reads them; the Obi children stay untouched.
 */
async function newFamily(request: APIRequestContext) {
  const admin = await apiSignIn(request, 'admin');
  const schools = (await (await request.get('/api/v1/school/all', { headers: bearer(admin) })).json()).data as {
    _id: string;
  }[];
  // Other specs add schools of their own, without students: the two demo schools are those with some.
  const children: Listed[] = [];
  for (const school of schools) {
    if (children.length === 2) break;
    const listed = (
      await (await request.get(`/api/v1/students?limit=100&school=${school._id}`, { headers: bearer(admin) })).json()
    ).data.students as Listed[];
    const child = listed.filter((student) => student.regNo !== 'CVC/2025/0142' && student.lastname !== 'Obi').at(-1);
    if (child && listed.length >= 100) children.push(child);
  }
  expect(children).toHaveLength(2);
  const login = { email: `family.dashboard.${Date.now()}@example.ng`, password: 'temporary-123' };
  const created = await request.post('/api/v1/user/create', {
    headers: bearer(admin),
    data: { firstname: 'Ifeyinwa', lastname: 'Nwosu', roles: ['Parent'], school_id: children[0]!.school._id, ...login },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const parentId = (await created.json()).data._id as string;
  for (const child of children) {
    const linked = await request.post(`/api/v1/students/${child._id}/link-parent`, {
      headers: bearer(admin),
      data: { parentId },
    });
    expect(linked.ok(), await linked.text()).toBe(true);
  }
  const signedIn = await request.post('/api/v1/auth/login', { data: login });
  const parent: Session = { token: (await signedIn.json()).data.token, userId: parentId };
  const password = 'parent-chose-this';
  const changed = await request.post('/api/v1/user/change-password', {
    headers: bearer(parent),
    data: { currentPassword: login.password, newPassword: password },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  return { children, email: login.email, password, parent };
}

/** What the fee pages say a child still owes, in kobo, summed here from their rows. */
async function owedKobo(request: APIRequestContext, headers: Record<string, string>, childId: string) {
  const response = await request.get(`/api/v1/parent/children/${childId}/fees?unpaid=true`, { headers });
  expect(response.ok(), await response.text()).toBe(true);
  const fees = (await response.json()).data.fees as { outstanding: number }[];
  return fees.reduce((sum, item) => sum + Math.round(item.outstanding * 100), 0);
}

/** Naira as every screen prints it, the dashboards too, formatted by the browser that renders them. */
const naira = (page: Page, kobo: number) =>
  page.evaluate(
    (value) => new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(value),
    kobo / 100,
  );

test.describe('the student and parent dashboards', () => {
  test('a parent sees each child with what they owe, and a cash payment moves it by exactly its amount', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const family = await newFamily(request);
    const headers = bearer(family.parent);
    const [first, second] = family.children as [Listed, Listed];
    const owedFirst = await owedKobo(request, headers, first._id);
    const owedSecond = await owedKobo(request, headers, second._id);
    expect(owedFirst).toBeGreaterThan(500_000);

    await signInAs(page, family, '/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);

    const cardOf = (child: Listed) => page.getByRole('region', { name: fullName(child), exact: true });
    await expect(cardOf(first)).toBeVisible();
    await expect(cardOf(second)).toBeVisible();
    await expect(cardOf(first).getByText(first.school.name)).toBeVisible();
    await expect(cardOf(second).getByText(second.school.name)).toBeVisible();
    await expect(cardOf(first).getByTestId('child-outstanding')).toHaveText(await naira(page, owedFirst));
    await expect(cardOf(second).getByTestId('child-outstanding')).toHaveText(await naira(page, owedSecond));
    await expect(page.getByTestId('family-outstanding')).toHaveText(await naira(page, owedFirst + owedSecond));
    await expect(page.getByText('Children Enrolled').locator('..').locator('..')).toContainText('2');
    // No school results are imported for these children: nothing is made up.
    await expect(cardOf(first).getByText('Not recorded yet')).toHaveCount(2);

    // What the first child had paid before (the demo's children may have paid last session).
    const report = await request.get(`/api/v1/parent/child/${first._id}`, { headers });
    expect(report.ok(), await report.text()).toBe(true);
    const paidBefore = Math.round((await report.json()).data.summary.totalPaid * 100);

    // The bursar takes ₦5,000 in cash for the first child.
    const bursar = bearer(await apiSignIn(request, 'bursar'));
    const owing = await request.get(`/api/v1/student/fees?student_id=${first._id}&unpaid=true`, { headers: bursar });
    const fee = ((await owing.json()).data.fees as { fee: { _id: string; name: string }; outstanding: number }[]).find(
      (item) => item.outstanding >= 5000,
    )!;
    const paid = await request.post('/api/v1/payment/pay-with-cash', {
      headers: { ...bursar, 'idempotency-key': randomUUID() },
      data: { user_id: first._id, fee_id: fee.fee._id, amount: '5000', notes: 'Family dashboard' },
    });
    expect(paid.status(), await paid.text()).toBe(200);

    await page.reload();
    await expect(cardOf(first).getByTestId('child-outstanding')).toHaveText(await naira(page, owedFirst - 500_000));
    await expect(cardOf(second).getByTestId('child-outstanding')).toHaveText(await naira(page, owedSecond));
    await expect(page.getByTestId('family-outstanding')).toHaveText(
      await naira(page, owedFirst + owedSecond - 500_000),
    );
    // The newest of the family's payments (the demo's children may have paid last session too).
    const newest = page.getByRole('region', { name: 'Recent Payments' }).getByRole('listitem').first();
    await expect(newest.getByText(`${fee.fee.name} · ${first.firstname}`)).toBeVisible();
    await expect(newest.getByText('Completed')).toBeVisible();
    await expect(cardOf(first).getByRole('listitem').first().getByRole('button', { name: 'Receipt' })).toBeVisible();
    await expect(cardOf(first).getByRole('link', { name: 'Pay Fees' })).toHaveAttribute(
      'href',
      `/student/fees?child=${first._id}`,
    );
    await screenshot(page, 'desktop-parent-dashboard');
    await expectAccessible(page, 'parent dashboard');

    await cardOf(first).getByRole('link', { name: 'View Report' }).click();
    await expect(page).toHaveURL(new RegExp(`/parent/child/${first._id}$`));
    await expect(page.getByRole('heading', { name: fullName(first), level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /Outstanding Fees/ })).toContainText(
      await naira(page, owedFirst - 500_000),
    );
    await expect(page.getByText('Total Paid', { exact: true }).locator('..').locator('..')).toContainText(
      await naira(page, paidBefore + 500_000),
    );
    await screenshot(page, 'desktop-parent-child');
    await expectAccessible(page, 'parent child report');

    await page.setViewportSize(PHONE);
    await page.goto('/dashboard');
    await expect(cardOf(first)).toBeVisible();
    await screenshot(page, 'phone-parent-dashboard');
  });

  test('a student sees what they owe, how to pay, and "Not recorded yet" where the school recorded nothing', async ({
    page,
    request,
  }) => {
    const student = await apiSignIn(request, 'student');
    const owed = await request.get('/api/v1/student/fees?unpaid=true', { headers: bearer(student) });
    const owedKoboTotal = Math.round((await owed.json()).data.summary.totalOutstanding * 100);

    await signInToDashboard(page, 'student');
    const outstanding = page.getByRole('link', { name: /Outstanding Fees/ });
    await expect(outstanding).toContainText(await naira(page, owedKoboTotal));
    await expect(outstanding).toHaveAttribute('href', '/student/fees');
    await expect(page.getByRole('link', { name: 'Pay Fees Now' })).toHaveAttribute('href', '/student/fees');
    for (const label of ['Academic Progress', 'Attendance Rate', 'Assignments']) {
      await expect(page.getByText(label, { exact: true }).locator('..').locator('..')).toContainText(
        'Not recorded yet',
      );
    }
    const methods = page.getByRole('region', { name: 'Available Payment Methods' });
    await expect(methods.getByText('Cash')).toBeVisible();
    await expect(methods.getByRole('link', { name: 'Make Payment' })).toHaveAttribute('href', '/student/fees');
    await screenshot(page, 'desktop-student-dashboard');
    await expectAccessible(page, 'student dashboard');

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Pay Fees Now' })).toBeVisible();
    await screenshot(page, 'phone-student-dashboard');

    // A failed refresh keeps the last good figures under SPEC's box, here in the dark theme.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.route('**/api/v1/student/dashboard', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"success":false,"message":"","data":null}',
      }),
    );
    // Back from the fee page the dashboard asks again (refetchOnMount), and that fails.
    await page.getByRole('link', { name: 'Make Payment' }).first().click();
    await expect(page).toHaveURL(/\/student\/fees$/);
    await expect(page.getByRole('heading', { name: 'My Fee Payments', level: 1 })).toBeVisible();
    await page.goBack();
    const box = page.getByRole('alert').filter({ hasText: 'Error Loading Dashboard' });
    await expect(box).toContainText('Failed to fetch dashboard data');
    await expect(box).toContainText('Using cached data.');
    await expect(page.getByRole('link', { name: 'Pay Fees Now' })).toBeVisible();
    await screenshot(page, 'phone-student-dashboard-error-dark');
    await expectAccessible(page, 'student dashboard error, dark');

    // With nothing fetched yet there is nothing cached to show.
    await page.reload();
    await expect(box).toContainText('Please try refreshing the page.');
    await expect(page.getByRole('link', { name: 'Pay Fees Now' })).toHaveCount(0);
  });
});
