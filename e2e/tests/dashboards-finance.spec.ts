import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { apiSignIn, bearer, expectAccessible, PHONE, type Session, screenshot, signInToDashboard } from './support';

const AMOUNT = 2500;

const kobo = (naira: number) => BigInt(Math.round(naira * 100));
/** As every screen prints money, the dashboards too: with kobo (the demo group keeps the default). */
const naira = (amountKobo: bigint) =>
  new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(Number(amountKobo) / 100);
/** Collected of expected in percent, one decimal, half up, at most 100: computed here, not read from the app. */
function rate(paid: bigint, expected: bigint) {
  const capped = paid > expected ? expected : paid;
  const tenths = Number((capped * 2000n + expected) / (2n * expected)) / 10;
  return `${tenths.toLocaleString('en-NG', { maximumFractionDigits: 1 })}%`;
}

async function dashboard(request: APIRequestContext, session: Session, path: string) {
  const response = await request.get(`/api/v1${path}`, { headers: bearer(session) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data;
}

/**
 * A cash payment on a current-term fee of a student no other spec pays for: not the demo
 * sign-in student, not the first other one (receipt check) nor the last of the first ten (audit).
 */
async function payCash(request: APIRequestContext, bursar: Session, termId: string) {
  const listed = (await (await request.get('/api/v1/students?limit=10', { headers: bearer(bursar) })).json()).data
    .students as { _id: string; regNo: string; lastname: string }[];
  const others = listed.filter((student) => student.regNo !== 'CVC/2025/0142' && student.lastname !== 'Obi');
  const student = others[3] ?? others[1];
  expect(student).toBeDefined();
  const owed = await request.get(`/api/v1/student/fees?student_id=${student!._id}&unpaid=true&term_id=${termId}`, {
    headers: bearer(bursar),
  });
  const fees = (await owed.json()).data.fees as { fee: { _id: string }; outstanding: number }[];
  const fee = fees.find((row) => row.outstanding >= AMOUNT);
  expect(fee, 'a current-term fee with enough left to pay').toBeDefined();
  const paid = await request.post('/api/v1/payment/pay-with-cash', {
    headers: { ...bearer(bursar), 'Idempotency-Key': randomUUID() },
    data: { user_id: student!._id, fee_id: fee!.fee._id, amount: String(AMOUNT) },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

async function openAs(browser: Browser, who: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInToDashboard(page, who);
  await expect(page.getByRole('status').filter({ hasText: 'Loading the dashboard' })).toHaveCount(0);
  return page;
}

/**
 * Loaded afresh at each width, so the charts measure their own box. The charts draw at once, with
 * no entrance to wait out (playwright.config.ts asks for reduced motion, which charts.tsx honours);
 * the width is measured once nothing is loading any more.
 */
async function shoot(page: Page, name: string) {
  await screenshot(page, `desktop-dashboard-${name}`);
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), / })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading the dashboard' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll on a phone').toBe(
    PHONE.width,
  );
  await screenshot(page, `phone-dashboard-${name}`);
}

test.describe('finance dashboards', () => {
  test("a cash payment moves the bursar's, principal's and proprietor's figures by exactly its amount", async ({
    browser,
    request,
  }) => {
    // Three sign-ins, three axe passes and six screenshots on a shared two-core machine.
    test.setTimeout(180_000);
    const bursar = await apiSignIn(request, 'bursar');
    const principal = await apiSignIn(request, 'principal');
    const proprietor = await apiSignIn(request, 'proprietor');
    const before = {
      bursar: await dashboard(request, bursar, '/bursar/dashboard'),
      principal: await dashboard(request, principal, '/principal/dashboard'),
      proprietor: await dashboard(request, proprietor, '/proprietor/dashboard'),
    };
    expect(before.bursar.term).not.toBeNull();
    await payCash(request, bursar, before.bursar.term._id);
    const paid = kobo(AMOUNT);

    const bursarPage = await openAs(browser, 'bursar');
    const today = bursarPage.getByRole('link', { name: /^Today's Revenue/ });
    await expect(today).toContainText(naira(kobo(before.bursar.financialStats.todayRevenue) + paid));
    await expect(bursarPage.getByRole('heading', { name: 'Revenue Trend' })).toBeVisible();
    await expect(bursarPage.getByRole('heading', { name: 'Payment Methods' })).toBeVisible();
    await expect(bursarPage.getByRole('heading', { name: 'Recent Transactions' })).toBeVisible();
    await expectAccessible(bursarPage, 'the bursar dashboard');
    await today.click();
    await expect(bursarPage).toHaveURL(/tab=payments.*from=\d{4}-\d{2}-\d{2}/);
    await bursarPage.goBack();
    await shoot(bursarPage, 'bursar');
    await bursarPage.context().close();

    const principalPage = await openAs(browser, 'principal');
    const figures = before.principal.termFigures as { collected: number; expected: number };
    await expect(principalPage.getByRole('link', { name: /^Fee Collection/ })).toContainText(
      rate(kobo(figures.collected) + paid, kobo(figures.expected)),
    );
    await expect(principalPage.getByRole('link', { name: /^Total Revenue/ })).toContainText(
      naira(kobo(before.principal.financial.totalRevenue) + paid),
    );
    await expect(principalPage.getByText('Teachers: Not recorded yet')).toBeVisible();
    await expectAccessible(principalPage, 'the principal dashboard');
    await shoot(principalPage, 'principal');
    await principalPage.context().close();

    const proprietorPage = await openAs(browser, 'proprietor');
    await expect(proprietorPage.getByRole('link', { name: /^Collected this term/ })).toContainText(
      naira(kobo(before.proprietor.totals.figures.collected) + paid),
    );
    await expect(proprietorPage.getByRole('heading', { name: 'Collection rate ranking' })).toBeVisible();
    await expect(proprietorPage.getByRole('heading', { name: 'Largest debtors' })).toBeVisible();
    await expectAccessible(proprietorPage, 'the proprietor dashboard');
    await shoot(proprietorPage, 'proprietor');
    await proprietorPage.context().close();
  });
});
