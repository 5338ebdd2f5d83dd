import { randomUUID } from 'node:crypto';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { apiSignIn, bearer, email, expectAccessible, PASSWORD, recordAnnouncements, screenshot } from './support';

/** The issue asks for 50 payments across two tabs; each is a few clicks at the desk. */
const PAYMENTS = 50;
const STUDENTS = 10;
const DESK = '/bursar/cash-payments';

interface OwedStudent {
  _id: string;
  name: string;
  regNo: string;
  fees: { fee: { _id: string; name: string }; outstanding: number }[];
}

interface KeptPayment {
  idempotencyKey: string;
  status: 'waiting' | 'synced' | 'attention';
  input: { user_id: string; fee_id: string };
  receipt?: { paymentId: string; receiptNo: string };
  problem?: string;
}

/**
 * Signed in as the sign-in form leaves it with "Remember me": the session is in localStorage, so a
 * second tab and a tab opened again find it, as on the bursary's own computer.
 */
async function signInRemembered(page: Page) {
  const response = await page.request.post('/api/v1/auth/login', {
    data: { email: email('bursar'), password: PASSWORD, rememberMe: true },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { data } = await response.json();
  await recordAnnouncements(page);
  const injected = await page.addInitScript(
    (session) => {
      for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
    },
    { token: data.token, refreshToken: data.refreshToken, user: JSON.stringify(data.user), rememberMe: 'true' },
  );
  await page.goto(DESK);
  await injected.dispose();
}

/** The payments this browser keeps for the desk, read from IndexedDB as the app left them. */
async function keptPayments(page: Page): Promise<KeptPayment[]> {
  return page.evaluate(
    () =>
      new Promise<KeptPayment[]>((resolve, reject) => {
        const open = indexedDB.open('schoolledger-cash-desk');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('payments').objectStore('payments').getAll();
          read.onsuccess = () => {
            resolve(
              read.result.map((each) => ({
                idempotencyKey: each.idempotencyKey,
                status: each.status,
                input: { user_id: each.input.user_id, fee_id: each.input.fee_id },
                receipt: each.receipt,
                problem: each.problem,
              })),
            );
            open.result.close();
          };
        };
      }),
  );
}

async function openDesk(context: BrowserContext) {
  const page = await context.newPage();
  await recordAnnouncements(page);
  await page.goto(DESK);
  await expect(page.getByRole('heading', { name: 'Cash Payments' })).toBeVisible();
  return page;
}

/** One cash payment at the desk with no network: search, fee, amount, record, slip, next. */
async function takeCashOffline(page: Page, student: OwedStudent, amount: string | null) {
  await page.getByLabel('Search student').fill(student.regNo);
  await page.getByRole('list', { name: 'Matching students' }).getByRole('button', { name: student.name }).click();
  await page
    .getByRole('radio', { name: new RegExp(student.fees[0]!.fee.name) })
    .first()
    .check();
  if (amount) {
    await page.getByRole('radio', { name: /Partial payment/ }).check();
    await page.getByLabel('Amount (₦)').fill(amount);
  }
  await page.getByRole('button', { name: 'Record cash payment offline' }).click();
  await expect(page.getByRole('heading', { name: 'Provisional — pending sync' })).toBeVisible();
  await page.getByRole('button', { name: 'New Payment' }).click();
}

const panel = (page: Page) => page.getByRole('region', { name: /Payments taken offline/ });

test.describe('the cash desk offline', () => {
  test('takes cash in two tabs with no network, keeps it when closed, and every payment is credited once', async ({
    context,
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const bursar = await apiSignIn(request, 'bursar');
    const owed = await request.get('/api/v1/bursar/owed-fees', { headers: bearer(bursar) });
    expect(owed.ok()).toBe(true);
    const students = ((await owed.json()).data.students as OwedStudent[]).filter(
      (student) => student.regNo && student.fees[0]!.outstanding >= 1_000,
    );
    // From the end of the list: the other specs pay for the first students.
    const payers = students.slice(-STUDENTS - 1, -1);
    const paidMeanwhile = students.at(-1)!;
    expect(payers).toHaveLength(STUDENTS);

    const successfulPaymentsOn = async (student: OwedStudent) => {
      const list = await request.get(
        `/api/v1/payment/all?student_id=${student._id}&fee_id=${student.fees[0]!.fee._id}&status=success&limit=100`,
        { headers: bearer(bursar) },
      );
      return ((await list.json()).data.payments as unknown[]).length;
    };
    const paidBefore = await successfulPaymentsOn(paidMeanwhile);

    await signInRemembered(page);
    await expect(page.getByText(/Ready for working offline: \d+ students who owe, data as of/)).toBeVisible();
    // The service worker has the app once it controls the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    const reloadStarted = Date.now();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Cash Payments' })).toBeVisible();
    await expect(page.getByText('You are offline')).toBeVisible();
    console.log(`First load offline: ${Date.now() - reloadStarted} ms`);

    const second = await openDesk(context);
    const takingStarted = Date.now();
    // Half in each tab, each tab in front while it is used: Chromium slows the timers of a tab behind.
    for (const [tab, from] of [
      [page, 0],
      [second, PAYMENTS / 2],
    ] as const) {
      await tab.bringToFront();
      for (let index = from; index < from + PAYMENTS / 2; index++) {
        await takeCashOffline(tab, payers[index % STUDENTS]!, '100');
      }
    }
    console.log(`${PAYMENTS} payments taken offline in ${Date.now() - takingStarted} ms`);
    // Paid in full at the desk offline while someone pays the same fee another way meanwhile.
    await takeCashOffline(second, paidMeanwhile, null);
    const elsewhere = await request.post('/api/v1/payment/pay-with-cash', {
      headers: { ...bearer(bursar), 'Idempotency-Key': randomUUID() },
      data: { user_id: paidMeanwhile._id, fee_id: paidMeanwhile.fees[0]!.fee._id },
    });
    expect(elsewhere.ok(), await elsewhere.text()).toBe(true);

    // The browser closed and opened again, still offline: nothing is lost.
    await second.close();
    await page.close();
    const reopened = await openDesk(context);
    await expect(panel(reopened)).toContainText(`${PAYMENTS + 1} waiting · 0 sent · 0 need attention`);
    await expect(reopened.getByText('You are offline')).toBeVisible();
    await expectAccessible(reopened, 'the desk offline with payments waiting');
    await screenshot(reopened, 'offline-desk-waiting');
    await reopened.setViewportSize({ width: 360, height: 800 });
    await screenshot(reopened, 'offline-desk-waiting-phone');
    await reopened.setViewportSize({ width: 1280, height: 800 });

    await context.setOffline(false);
    const syncStarted = Date.now();
    await expect(panel(reopened)).toContainText(`0 waiting · ${PAYMENTS} sent · 1 need attention`, {
      timeout: 120_000,
    });
    console.log(`${PAYMENTS + 1} queued payments synced in ${Date.now() - syncStarted} ms`);
    await expect(panel(reopened)).toContainText('This fee is already paid');
    await screenshot(reopened, 'offline-desk-synced');

    // The server's word: each kept payment is one credited payment under its own key.
    const kept = await keptPayments(reopened);
    const synced = kept.filter((each) => each.status === 'synced');
    expect(synced).toHaveLength(PAYMENTS);
    expect(new Set(synced.map((each) => each.receipt?.paymentId)).size).toBe(PAYMENTS);
    for (const each of synced) expect(each.receipt?.receiptNo).toMatch(/^CVC-\d{4}-\d{6}$/);
    for (const payer of payers) {
      const list = await request.get(
        `/api/v1/payment/all?student_id=${payer._id}&fee_id=${payer.fees[0]!.fee._id}&method=cash&status=success&limit=100`,
        { headers: bearer(bursar) },
      );
      const credited = ((await list.json()).data.payments as { _id: string }[]).map((payment) => payment._id);
      const mine = synced.filter((each) => each.input.user_id === payer._id).map((each) => each.receipt!.paymentId);
      expect(mine).toHaveLength(PAYMENTS / STUDENTS);
      for (const id of mine) expect(credited.filter((each) => each === id)).toHaveLength(1);
    }
    // Sending a key again answers the payment it made, never a second one.
    const again = synced[0]!;
    const replay = await request.post('/api/v1/payment/pay-with-cash', {
      headers: { ...bearer(bursar), 'Idempotency-Key': again.idempotencyKey },
      data: { user_id: again.input.user_id, fee_id: again.input.fee_id, amount: '100' },
    });
    expect((await replay.json()).data.payment._id).toBe(again.receipt!.paymentId);

    // The fee paid meanwhile: refused with the server's reason, not credited twice.
    const refused = kept.filter((each) => each.status === 'attention');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.input.user_id).toBe(paidMeanwhile._id);
    expect(await successfulPaymentsOn(paidMeanwhile)).toBe(paidBefore + 1);
  });
});
