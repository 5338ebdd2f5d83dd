import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectAnnounced, PHONE, screenshot, signInAs } from './support';

const FEE = 'JSS Tuition';
const REG_NO = 'CVC/2025/0142';

const naira = (text: string) => Number(text.replace(/[^\d.]/g, ''));

async function findChiamaka(page: Page) {
  await page.getByLabel('Search student').fill(REG_NO);
  const result = page.getByRole('list', { name: 'Matching students' }).getByRole('button', { name: /Chiamaka/ });
  await expect(result).toContainText(REG_NO);
  await expect(result).toContainText('JSS 2A');
  await result.click();
  await expect(page.getByRole('button', { name: 'Change student' })).toBeVisible();
}

/** What the desk says is still owed on the fee, read from its option in the list. */
async function outstandingOf(page: Page) {
  const option = page.locator('label', { has: page.getByRole('radio', { name: new RegExp(FEE) }) });
  const text = await option.getByText(/₦[\d,.]+ outstanding/).innerText();
  return naira(text);
}

test.describe('cash desk', () => {
  test('a bursar records partial cash, prints and downloads the receipt, and starts again', async ({ page }) => {
    // The print dialog would block the page; the test only needs to know it was asked for.
    await page.addInitScript(() => {
      window.print = () => {
        (window as unknown as { printed: number }).printed =
          ((window as unknown as { printed?: number }).printed ?? 0) + 1;
      };
    });
    // Any screen leads there through the sidebar; the profile is the lightest to load.
    await signInAs(page, 'bursar', '/profile');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const link = nav.getByRole('link', { name: 'Cash Payments' });
    if (!(await link.isVisible())) await nav.getByRole('button', { name: 'Fee Management' }).click();
    await link.click();
    await expect(page).toHaveURL(/\/bursar\/cash-payments$/);
    await expect(page.getByRole('heading', { name: 'Cash Payments' })).toBeVisible();

    await page.getByLabel('Search student').fill('zzzz-nobody');
    await expect(page.getByText('No students match')).toBeVisible();
    await findChiamaka(page);

    await page.getByRole('button', { name: 'Record cash payment' }).click();
    await expect(page.getByText('Please select a fee')).toBeVisible();

    const before = await outstandingOf(page);
    expect(before).toBeGreaterThan(10_000);
    await page.getByRole('radio', { name: new RegExp(FEE) }).check();
    await page.getByRole('radio', { name: /Partial payment/ }).check();
    const amount = page.getByLabel('Amount (₦)');
    await amount.fill(String(before + 1));
    await page.getByRole('button', { name: 'Record cash payment' }).click();
    await expect(page.getByText(/^Amount cannot be more than the outstanding ₦/)).toBeVisible();
    await amount.fill('0');
    await page.getByRole('button', { name: 'Record cash payment' }).click();
    await expect(page.getByText('Amount must be greater than 0')).toBeVisible();
    await amount.fill('10000.50');
    await page.getByLabel('Notes').fill('Paid by her father at the desk');
    await screenshot(page, 'cash-desk-form');
    await page.getByRole('button', { name: 'Record cash payment' }).dblclick();

    await expectAnnounced(page, 'Cash payment processed successfully!');
    const receipt = page.getByRole('region', { name: 'Payment Receipt' });
    await expect(receipt).toBeVisible();
    await expect(receipt).toContainText(/CVC-\d{4}-\d{6}/);
    const receiptNo = (
      await receipt
        .getByText(/^CVC-\d{4}-\d{6}$/)
        .first()
        .innerText()
    ).trim();
    await expect(receipt).toContainText('₦10,000.50');
    await expect(receipt).toContainText('Ten thousand naira and fifty kobo only');
    await expect(receipt).toContainText('Chiamaka');
    await expect(receipt).toContainText(FEE);
    await expect(receipt).toContainText(/SL-/);
    await screenshot(page, 'cash-desk-receipt');
    const desktop = page.viewportSize()!;
    await page.setViewportSize(PHONE);
    await screenshot(page, 'phone-cash-desk-receipt');
    await page.setViewportSize(desktop);

    await page.getByRole('button', { name: 'Print Receipt' }).click();
    await expectAnnounced(page, 'Receipt sent to printer');
    expect(await page.evaluate(() => (window as unknown as { printed?: number }).printed)).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${receiptNo}.pdf`);
    expect(
      readFileSync(await download.path())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');

    await page.getByRole('button', { name: 'New Payment' }).click();
    await expect(page.getByLabel('Search student')).toBeVisible();
    await findChiamaka(page);
    await expect.poll(() => outstandingOf(page)).toBe(Math.round((before - 10_000.5) * 100) / 100);
    // The double click recorded once: the fee went down by one payment only.

    await page.setViewportSize(PHONE);
    await screenshot(page, 'phone-cash-desk-fees');
    await page.getByRole('radio', { name: new RegExp(FEE) }).check();
    await page.getByRole('button', { name: 'Change student' }).click();
    await page.getByLabel('Search student').fill('Chiamaka');
    await expect(page.getByRole('list', { name: 'Matching students' })).toBeVisible();
    await screenshot(page, 'phone-cash-desk-search');
  });

  test('a student who opens the cash desk is sent to the dashboard', async ({ page }) => {
    await signInAs(page, 'student', '/bursar/cash-payments');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
