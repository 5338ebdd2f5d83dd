import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  apiSignIn,
  bearer,
  expectAccessible,
  expectAnnounced,
  feeForChild,
  parentOfUntouchedStudent,
  screenshot,
  signInAs,
  viewScreenshot,
} from './support';

const DESKTOP = { width: 1280, height: 900 };
const PHONE_390 = { width: 390, height: 844 };

/**
 * A till of its own for the day: a new bursar of the demo bursar's school opens it with ₦2,000,
 * takes a ₦3,000 fee in cash, counts ₦4,500 (₦500 short, with a reason), and the principal
 * confirms the count.
 */
async function closedShortTill(request: APIRequestContext) {
  const demoBursar = await apiSignIn(request, 'bursar');
  const profile = (await (await request.get('/api/v1/user/profile', { headers: bearer(demoBursar) })).json()).data;
  const admin = await apiSignIn(request, 'admin');
  const login = { email: `reports.bursar.${Date.now()}@example.ng`, password: 'temporary-123' };
  const created = await request.post('/api/v1/user/create', {
    headers: bearer(admin),
    data: { firstname: 'Tunde', lastname: 'Bakare', roles: ['Bursar'], school_id: profile.school._id, ...login },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const first = (await (await request.post('/api/v1/auth/login', { data: login })).json()).data.token as string;
  const changed = await request.post('/api/v1/user/change-password', {
    headers: bearer({ token: first, userId: '' }),
    data: { currentPassword: login.password, newPassword: 'bursar-chose-this' },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  const signedIn = await request.post('/api/v1/auth/login', {
    data: { email: login.email, password: 'bursar-chose-this' },
  });
  const bursar = bearer({ token: (await signedIn.json()).data.token, userId: '' });

  const family = await parentOfUntouchedStudent(request, {
    last: 16,
    email: 'reports.parent',
    schoolId: profile.school._id,
  });
  const feeName = `Lab levy ${Date.now()}`;
  await feeForChild(request, {
    child: { ...family.child, school: { _id: family.child.school._id, name: profile.school.name } },
    name: feeName,
    amount: '3000',
    description: 'Science laboratory',
  });
  const desk = `Reports desk ${Date.now() % 100_000}`;
  const opened = await request.post('/api/v1/tills', { headers: bursar, data: { desk, float: { '1000': 2 } } });
  expect(opened.ok(), await opened.text()).toBe(true);
  const till = (await opened.json()).data._id as string;

  const owed = (
    await (
      await request.get(`/api/v1/student/fees?student_id=${family.child._id}&unpaid=true`, { headers: bursar })
    ).json()
  ).data.fees as { fee: { _id: string; name: string } }[];
  const fee = owed.find((row) => row.fee.name === feeName);
  expect(fee).toBeDefined();
  const cash = await request.post('/api/v1/payment/pay-with-cash', {
    headers: { ...bursar, 'Idempotency-Key': randomUUID() },
    data: { user_id: family.child._id, fee_id: fee!.fee._id, amount: 3000 },
  });
  expect(cash.ok(), await cash.text()).toBe(true);
  const closed = await request.post(`/api/v1/tills/${till}/close`, {
    headers: bursar,
    data: { count: { '1000': 4, '500': 1 }, variance_reason: 'A torn ₦500 note set aside for the bank' },
  });
  expect(closed.ok(), await closed.text()).toBe(true);
  const confirmed = await request.post(`/api/v1/tills/${till}/confirm`, {
    headers: bearer(await apiSignIn(request, 'principal')),
    data: {},
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return { desk, school: profile.school as { _id: string; name: string } };
}

/** The print dialog would block the page: count the calls and the page sizes they would print on. */
async function recordPrints(page: Page) {
  await page.addInitScript(() => {
    const calls: string[][] = [];
    Object.assign(window, { printCalls: calls });
    window.print = () => {
      calls.push(
        [...document.styleSheets]
          .flatMap((sheet) => [...sheet.cssRules])
          .filter((rule) => rule instanceof CSSPageRule)
          .map((rule) => (rule as CSSPageRule).style.getPropertyValue('size')),
      );
    };
  });
}
const printCalls = (page: Page) => page.evaluate(() => (window as unknown as { printCalls: string[][] }).printCalls);

test.describe('till reports', () => {
  test("the principal reads the day's cash-up on a phone and a desktop, and prints it and a till's Z report", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { desk, school } = await closedShortTill(request);
    await recordPrints(page);

    // On a phone: the day's tills as cards, the totals, the cash not yet banked.
    await page.setViewportSize(PHONE_390);
    await signInAs(page, 'principal', '/bursar/tills?view=cash-up');
    await expect(page.getByRole('heading', { name: 'Daily cash-up' })).toBeVisible();
    const card = page.getByRole('list', { name: 'Tills of the day' }).getByRole('listitem').filter({ hasText: desk });
    await expect(card).toContainText('Tunde Bakare');
    await expect(card).toContainText('Closed');
    await expect(card).toContainText('₦2,000.00');
    await expect(card).toContainText('₦3,000.00');
    await expect(card).toContainText('₦5,000.00');
    await expect(card).toContainText('₦4,500.00');
    await expect(card).toContainText('₦500.00 short');
    await expect(card).toContainText('A torn ₦500 note set aside for the bank');
    // Other specs' tills may be open today too: the day's figure is not this till's alone.
    const notBanked = page.getByText('Cash not yet banked', { exact: true }).locator('..');
    await expect(notBanked).toBeVisible();
    await expect(notBanked).toContainText(/₦[\d,]+\.\d{2}/);
    await screenshot(page, 'till-cash-up-phone');
    await page.screenshot({ path: '/tmp/reports-cash-up-390.png', fullPage: true });
    await expectAccessible(page, 'daily cash-up on a phone');

    // A day without tills says so.
    await page.getByLabel('Day', { exact: true }).fill('2020-01-06');
    await expect(page.getByText(`No till was opened at ${school.name} on 6 Jan 2020`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print A4' })).toBeDisabled();
    await page.screenshot({ path: '/tmp/reports-cash-up-empty-390.png', fullPage: true });

    // On a desktop: a table with the day's totals at its foot, printed on A4.
    await page.setViewportSize(DESKTOP);
    await page.goto('/bursar/tills?view=cash-up');
    const row = page.getByRole('row').filter({ hasText: desk });
    await expect(row).toContainText('₦500.00 short');
    await expect(page.getByRole('row').filter({ hasText: "Day's totals" })).toBeVisible();
    await screenshot(page, 'till-cash-up-desktop');
    await page.screenshot({ path: '/tmp/reports-cash-up-desktop.png', fullPage: true });
    await expectAccessible(page, 'daily cash-up on a desktop');
    await page.getByRole('button', { name: 'Print A4' }).click();
    await expectAnnounced(page, 'Cash-up sent to printer');
    expect(await printCalls(page)).toEqual([['a4 landscape']]);
    await page.emulateMedia({ media: 'print' });
    const sheet = page.getByRole('article', { name: 'Printed daily cash-up' });
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText(`${school.name}`);
    await expect(sheet).toContainText(desk);
    await expect(sheet).toContainText('Cash not yet banked');
    await expect(sheet).toContainText('Checked by');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Cash tills' })).toBeHidden();
    await page.screenshot({ path: '/tmp/reports-cash-up-a4-print.png', fullPage: true });
    await page.pdf({ path: '/tmp/reports-cash-up-a4.pdf', preferCSSPageSize: true });
    await page.emulateMedia({ media: 'screen' });

    // The till's Z report: cash by method and by who took it, printed on the till roll.
    await page.getByRole('tab', { name: 'Tills' }).click();
    const listed = page.getByRole('listitem').filter({ hasText: desk });
    await listed.getByRole('button', { name: `Report of ${desk}` }).click();
    const report = page.getByRole('dialog', { name: `Z report: ${desk}` });
    await expect(report).toContainText('By method');
    await expect(report).toContainText('Cash Payment (1)');
    await expect(report).toContainText('Tunde Bakare (1)');
    await expectAccessible(page, 'Z report with its print buttons');
    await page.screenshot({ path: '/tmp/reports-z-report-desktop.png' });
    await report.getByRole('button', { name: 'Print 80 mm' }).click();
    await expectAnnounced(page, 'Report sent to printer');
    const calls = await printCalls(page);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual([expect.stringMatching(/^80mm \d+mm$/)]);

    await page.emulateMedia({ media: 'print' });
    const slip = page.getByRole('article', { name: 'Printed Z report on 80 mm' });
    await expect(slip).toBeVisible();
    await expect(slip).toContainText(school.name);
    await expect(slip).toContainText('Z report');
    await expect(slip).toContainText(desk);
    await expect(slip).toContainText('Cash Payment (1)');
    await expect(slip).toContainText('₦500.00 short');
    await expect(slip).toContainText('Confirmed by');
    await expect(report).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const millimetres = ((await slip.boundingBox())!.width * 25.4) / 96;
    expect(millimetres).toBeLessThanOrEqual(80);
    await viewScreenshot(slip, 'till-z-report-slip');
    await page.screenshot({ path: '/tmp/reports-z-slip-print.png', fullPage: true });

    // The same report on A4, with lines to sign.
    await page.emulateMedia({ media: 'screen' });
    await report.getByRole('button', { name: 'Print A4' }).click();
    await page.emulateMedia({ media: 'print' });
    const a4 = page.getByRole('article', { name: 'Printed Z report on A4' });
    await expect(a4).toBeVisible();
    await expect(a4).toContainText('Cash by method');
    await expect(a4).toContainText('Cash by who took it');
    await expect(a4).toContainText('Counted by: name, signature and date');
    await expect(slip).toBeHidden();
    await page.screenshot({ path: '/tmp/reports-z-a4-print.png', fullPage: true });
    await page.pdf({ path: '/tmp/reports-z-a4.pdf', preferCSSPageSize: true });
    await page.emulateMedia({ media: 'screen' });

    // Closed, the report takes its print rules with it: the page prints as itself again.
    await page.keyboard.press('Escape');
    await expect(report).toHaveCount(0);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { name: 'Cash tills' })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await listed.getByRole('button', { name: `Report of ${desk}` }).click();

    // The narrowest phone: the report scrolls to its print buttons, and the day's cards still fit.
    await page.setViewportSize({ width: 360, height: 740 });
    await report.getByRole('button', { name: 'Print 80 mm' }).scrollIntoViewIfNeeded();
    await expect(report.getByRole('button', { name: 'Print 80 mm' })).toBeInViewport();
    await page.screenshot({ path: '/tmp/reports-z-report-360.png' });
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Daily cash-up' }).click();
    await expect(page.getByRole('list', { name: 'Tills of the day' }).getByText(desk)).toBeVisible();
    await page.screenshot({ path: '/tmp/reports-cash-up-360.png', fullPage: true });
  });
});
