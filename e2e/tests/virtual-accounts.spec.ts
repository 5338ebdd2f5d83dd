import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  apiSignIn,
  bearer,
  expectAccessible,
  feeForChild,
  PHONE,
  parentOfUntouchedStudent,
  screenshot,
  signInAs,
  viewScreenshot,
} from './support';

const TAG = randomUUID().slice(0, 6);

/** A day as YYYY-MM-DD, `days` from today in Lagos. */
const lagosDay = (days: number) => new Date(Date.now() + 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
/** Paystack pays a day's collections out on the next weekday. */
function nextWeekday(day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  do date.setUTCDate(date.getUTCDate() + 1);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6);
  return date.toISOString().slice(0, 10);
}
const asBankWritesIt = (day: string) => day.split('-').reverse().join('/');

/**
 * A new family at the bursar's school (a parent of an untouched student), whose account the school
 * opens as it would for any family that joins later.
 */
async function familyWithOwnAccount(request: APIRequestContext, which: { last: number; email: string }) {
  const bursar = await apiSignIn(request, 'bursar');
  const profile = (await (await request.get('/api/v1/user/profile', { headers: bearer(bursar) })).json()).data;
  const family = await parentOfUntouchedStudent(request, { ...which, schoolId: profile.school._id });
  const opened = await request.post('/api/v1/virtual-accounts', {
    headers: bearer(await apiSignIn(request, 'admin')),
    data: { school_id: profile.school._id, holder_id: family.parent.userId },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const accountNumber = (await opened.json()).data.account.account_number as string;
  return { family, school: profile.school as { _id: string; name: string }, accountNumber };
}

/** More than the child owes in all: the fees are paid in full and the rest stays as the family's credit. */
const SENT = 2_000_000;

test.describe("a family's own bank account", () => {
  test('the demo parent finds the account the school opened, with the demo bank beside it', async ({ page }) => {
    await signInAs(page, 'parent', '/student/fees');
    const card = page.getByRole('region', { name: /^Bank account at / }).first();
    await expect(card.getByText(/^\d{10}$/)).toBeVisible();
    await expect(card.getByRole('link', { name: /demo bank app/ })).toHaveAttribute('href', /\/bank\/\d{10}$/);
  });

  test('a parent sends money from the demo bank and sees the fees paid, each with its receipt, and the bursary sees it arrive', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const { family, school, accountNumber } = await familyWithOwnAccount(request, { last: 17, email: 'own.account' });
    const feeName = `Excursion Fee ${TAG}`;
    await feeForChild(request, {
      child: { ...family.child, school },
      name: feeName,
      amount: '8500',
      description: 'A fee the family pays into its own account',
    });

    await signInAs(page, { email: family.email, password: family.password }, '/student/fees');
    const account = page.getByRole('region', { name: `Bank account at ${school.name}` });
    await expect(account.getByText(accountNumber, { exact: true })).toBeVisible();
    await expect(account.getByText(/No payment code is needed/)).toBeVisible();
    const feeCard = page.getByRole('article', { name: feeName });
    await expect(feeCard.getByRole('button', { name: 'Pay Now' })).toBeVisible();
    await expectAccessible(page, "the fees page with the family's account");
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await screenshot(page, `phone-${width}-family-account`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'desktop-family-account');

    const [bank] = await Promise.all([
      context.waitForEvent('page'),
      account.getByRole('link', { name: /demo bank app/ }).click(),
    ]);
    await expect(bank.getByText(`account number ${accountNumber}`)).toBeVisible();
    await bank.getByLabel('Amount (NGN)').fill(String(SENT));
    await bank.getByLabel('Your name').fill('Adaeze Okafor');
    await bank.getByRole('button', { name: 'Send transfer' }).click();
    await expect(bank.getByRole('status')).toContainText('Sent NGN 2,000,000.00');
    await expect(bank.getByRole('status')).toContainText('The business was notified.');
    await bank.close();

    // Back on the fees page, untouched: the money pays every fee by itself within seconds.
    await expect(feeCard.getByText('Paid in full')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Payment History' }).click();
    // The last fee paid takes what is beyond the fees and moves it to the family's credit.
    const paid = page
      .getByRole('article', { name: new RegExp(`^${feeName}, `) })
      .filter({ has: page.getByText('Completed', { exact: true }) });
    await expect(paid.getByText("Transfer to the family's account")).toBeVisible();
    await expect(paid.getByText(/^CVC-\d{4}-\d{6}$/)).toBeVisible();
    await page.setViewportSize(PHONE);
    await screenshot(page, 'phone-family-account-paid');

    // The bursary reads the arrival whole: who sent it, the account, and each fee's receipt.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, 'bursar', '/bursar/virtual-accounts?tab=arrivals');
    const arrival = page.getByRole('listitem').filter({ hasText: 'ADAEZE OKAFOR' }).filter({ hasText: accountNumber });
    await expect(arrival.getByText('₦2,000,000.00')).toBeVisible();
    await expect(arrival.getByText(new RegExp(`${feeName} · CVC-\\d{4}-\\d{6}`))).toBeVisible();
    await expectAccessible(page, 'the arrivals with their receipts');
    await screenshot(page, 'desktop-virtual-account-arrivals');
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await screenshot(page, `phone-${width}-virtual-account-arrivals`);
    }
  });

  test("the bursar sees Paystack's payout of a day matched to the bank statement, agreeing with what was recorded", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { family, accountNumber } = await familyWithOwnAccount(request, { last: 18, email: 'settled.family' });
    // The family's own card names the local bank, whose control action sends a transfer dated days ago.
    const mine = await request.get('/api/v1/virtual-accounts/mine', { headers: bearer(family.parent) });
    const bankUrl = new URL((await mine.json()).data.accounts[0].account.demo_bank_url as string);
    const paidOn = lagosDay(-10);
    const sent = await request.post(`${bankUrl.origin}/__fake/dedicated_accounts/${accountNumber}/transfers`, {
      data: { amount: 1_200_000, sender_name: 'ADAEZE OKAFOR', paid_at: `${paidOn}T10:00:00.000Z` },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    expect((await sent.json()).webhook.status).toBe(200);

    // The statement shows Paystack's lump the next weekday: ₦12,000 less its 1% charge.
    const settledOn = nextWeekday(paidOn);
    const csv = [
      'CRESTVIEW COLLEGE IKEJA - FEES ACCOUNT',
      'Trans Date,Value Date,Narration,Debit,Credit,Balance',
      `${asBankWritesIt(settledOn)},${asBankWritesIt(settledOn)},NIP/PAYSTACK PAYMENTS LTD/PAYSTACK SETTLEMENT ${TAG},,11880.00,${(500_000 + Number.parseInt(TAG, 16) / 100).toFixed(2)}`,
      '',
    ].join('\r\n');

    await signInAs(page, 'bursar', '/bursar/bank-statements');
    await page.getByLabel('Bank statement file').setInputFiles({
      name: `settlements-${TAG}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Statement read' })).toContainText('1 line read');

    const settlements = page.getByRole('list', { name: 'Settlements by day' });
    await page.getByRole('button', { name: 'Check for settlements' }).click();
    const row = settlements.getByRole('listitem', { name: /^Paystack settlement \d+, / });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('₦12,000.00 collected, ₦120.00 charges, ₦11,880.00 paid out');
    await expect(row).toContainText('₦12,000.00 in 1 of 1 transactions');
    await expect(row).toContainText('₦11,880.00 on');
    await expect(row.getByText('Agrees')).toBeVisible();
    await expect(row).toContainText('Posted to the books');
    await expectAccessible(page, 'the settlements beside the bank');
    // The card alone: a whole-page picture taken scrolled down draws the sticky header mid-page.
    const card = page.getByRole('region', { name: 'Settlements' });
    await viewScreenshot(card, 'desktop-settlements');
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await viewScreenshot(card, `phone-${width}-settlements`);
    }
  });

  test('at a school that gives accounts through Flutterwave, the parent opens the family account with their BVN', async ({
    page,
    request,
  }) => {
    const admin = bearer(await apiSignIn(request, 'admin'));
    const schools = (await (await request.get('/api/v1/school/all', { headers: admin })).json()).data as {
      _id: string;
      name: string;
    }[];
    const wuse = schools.find((school) => school.name.endsWith('Wuse'))!;
    const switchTo = async (provider: 'paystack' | 'flutterwave') => {
      const saved = await request.put('/api/v1/virtual-accounts/settings', {
        headers: admin,
        data: { school_id: wuse._id, enabled: true, provider },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
    };
    await switchTo('flutterwave');
    try {
      const family = await parentOfUntouchedStudent(request, { last: 19, email: 'bvn.family', schoolId: wuse._id });
      await signInAs(page, { email: family.email, password: family.password }, '/student/fees');
      const card = page.getByRole('region', { name: `Bank account at ${wuse.name}` });
      await expect(card.getByText(/opens it with the BVN of the person it is for/)).toBeVisible();
      const form = card.getByRole('form', { name: `Open your family's account at ${wuse.name}` });

      // Nothing typed: both reasons, nothing sent.
      await form.getByRole('button', { name: "Open my family's account" }).click();
      await expect(form.getByLabel('Your BVN')).toHaveAccessibleDescription(/Enter your BVN/);
      await expect(form.getByText('Agree to your BVN being sent to Flutterwave to open the account')).toBeVisible();
      await expectAccessible(page, 'the BVN form with its reasons');
      await page.setViewportSize(PHONE);
      await viewScreenshot(card, 'phone-family-account-bvn');

      await form.getByLabel('Your BVN').fill('22212345678');
      await form.getByLabel(/I agree that my BVN is sent to Flutterwave/).check();
      await form.getByRole('button', { name: "Open my family's account" }).click();
      await expect(card.getByText(/^78\d{8}$/)).toBeVisible();
      await expect(card.getByText('No payment code is needed in the narration.', { exact: false })).toBeVisible();
      await expect(card.getByRole('form')).toHaveCount(0);
      await viewScreenshot(card, 'phone-family-account-flutterwave');
    } finally {
      await switchTo('paystack');
    }
  });
});
