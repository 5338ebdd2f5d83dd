import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { screenshot, signInAs, viewScreenshot } from './support';

const PHONE_390 = { width: 390, height: 844 };
/** A 1×1 PNG: the server checks the bytes of a proof image, not its name. */
const PROOF_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function openFees(page: Page, who: string) {
  await signInAs(page, who, '/student/fees');
  await expect(page.getByRole('heading', { name: 'My Fee Payments' })).toBeVisible();
}

const feeCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

const outstandingOf = (card: Locator) =>
  card.locator('dt', { hasText: 'Outstanding' }).locator('xpath=following-sibling::dd[1]');

async function chooseMethod(page: Page, feeName: string, method: RegExp) {
  await feeCard(page, feeName).getByRole('button', { name: 'Pay Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Payment Method' });
  await expect(dialog.getByText(feeName, { exact: true }).first()).toBeVisible();
  const option = dialog.getByRole('radio', { name: method });
  await option.check();
  await expect(option).toBeChecked();
  return dialog;
}

test.describe('student payments', () => {
  test('a student pays a fee with Paystack in the payment window and downloads the receipt', async ({ page }) => {
    // Sign-in, the provider's page in a second window, the webhook and the receipt PDF: on a loaded
    // two-core runner this takes close to the default minute.
    test.slow();
    await openFees(page, 'student');
    const card = feeCard(page, 'Examination fee');
    await expect(outstandingOf(card)).toHaveText('₦12,500.00');

    const dialog = await chooseMethod(page, 'Examination fee', /^Paystack/);
    await expect(dialog.getByText('You will pay the full outstanding amount of')).toBeVisible();
    await viewScreenshot(page, 'desktop-payment-methods');

    const popupOpened = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Pay ₦12,500.00' }).click();
    const popup = await popupOpened;
    const processing = page.getByRole('dialog', { name: 'Processing Payment' });
    await expect(processing.getByText('Complete the payment in the new window')).toBeVisible();
    await expect(processing.getByRole('button', { name: 'I have finished paying' })).toBeVisible();
    await viewScreenshot(page, 'desktop-payment-processing');

    await popup.waitForURL(/\/checkout\//);
    await expect(popup.getByText('NGN 12,500.00')).toBeVisible();
    await popup.getByRole('button', { name: 'Pay', exact: true }).click();
    // Paystack sends the window back to us; it says so and closes itself.
    if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 15_000 });

    const success = page.getByRole('dialog', { name: 'Payment Successful' });
    await expect(success.getByText('Payment successful', { exact: true })).toBeVisible();
    await expect(success.getByText('₦12,500.00')).toBeVisible();
    await expect(success.getByText(/^CVC-\d{4}-\d{6}$/)).toBeVisible();
    await expect(success.getByRole('button', { name: 'Download receipt' })).toBeVisible();
    await viewScreenshot(page, 'desktop-payment-success');
    await success.getByRole('button', { name: 'Done' }).click();
    await expect(success).toBeHidden();

    await expect(card.getByText('Paid in full')).toBeVisible();
    await expect(outstandingOf(card)).toHaveText('₦0.00');
    await expect(card.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Payment History' }).click();
    const paid = page.getByRole('article', { name: 'Examination fee, ₦12,500.00' });
    await expect(paid.getByText('Completed', { exact: true })).toBeVisible();
    await expect(paid.getByText('Paystack', { exact: true })).toBeVisible();
    await expect(paid.getByText(/^CVC-\d{4}-\d{6}$/)).toBeVisible();
    await screenshot(page, 'desktop-payment-history');

    const downloaded = page.waitForEvent('download');
    await paid.getByRole('button', { name: 'Receipt' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^CVC-\d{4}-\d{6}\.pdf$/);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // Paid on a phone in the same tab, the provider brings the payer back to this page itself.
    const reference = await paid
      .locator('dt', { hasText: /^Reference$/ })
      .locator('xpath=following-sibling::dd[1]')
      .innerText();
    await page.goto(`/student/fees?payment=${reference}`);
    const outcome = page.getByRole('dialog', { name: 'Payment Successful' });
    await expect(outcome.getByText('Payment successful', { exact: true })).toBeVisible();
    await expect(outcome.getByText(/^CVC-\d{4}-\d{6}$/)).toBeVisible();
    await expect(page).toHaveURL(/\/student\/fees$/);
  });

  test('a student on a phone tells the school about a bank transfer and sees it pending', async ({ page }) => {
    await page.setViewportSize(PHONE_390);
    await openFees(page, 'student');

    const dialog = await chooseMethod(page, 'Transport', /^Bank Transfer/);
    await viewScreenshot(page, 'phone-payment-methods');
    await dialog.getByRole('button', { name: 'Continue' }).click();

    const bank = page.getByRole('dialog', { name: 'Bank Transfer Details' });
    await expect(
      bank.getByText('Bank transfer details provided. Please make the transfer and contact the Bursar office.'),
    ).toBeVisible();
    await expect(bank.getByText('Account number')).toBeVisible();
    await expect(bank.getByText(/^\d{10}$/)).toBeVisible();
    await viewScreenshot(page, 'phone-bank-details');

    await bank.getByRole('button', { name: 'I have made this transfer' }).click();
    await expect(bank.getByLabel('Amount transferred (₦)')).toHaveValue('45000.00');
    await bank.getByLabel('Amount transferred (₦)').fill('20000');
    await bank.getByLabel('Reference from your bank').fill('E2E-GTB-000118');
    await bank.getByLabel('Proof of payment image').setInputFiles({
      name: 'transfer.png',
      mimeType: 'image/png',
      buffer: PROOF_PNG,
    });
    await expect(bank.getByText('transfer.png')).toBeVisible();
    await viewScreenshot(page, 'phone-bank-claim');
    await bank.getByRole('button', { name: 'Record transfer' }).click();

    const recorded = page.getByRole('dialog', { name: 'Transfer Recorded' });
    await expect(recorded.getByText('Transfer recorded', { exact: true })).toBeVisible();
    await expect(recorded.getByText('₦20,000.00')).toBeVisible();
    await viewScreenshot(page, 'phone-bank-recorded');
    await recorded.getByRole('button', { name: 'Done' }).click();

    // A claim is not money until the bursar confirms it.
    await expect(outstandingOf(feeCard(page, 'Transport'))).toHaveText('₦45,000.00');
    await page.getByRole('tab', { name: 'Payment History' }).click();
    const claim = page.getByRole('article', { name: 'Transport, ₦20,000.00' });
    await expect(claim.getByText('Pending', { exact: true })).toBeVisible();
    await expect(claim.getByText('Bank Transfer', { exact: true })).toBeVisible();
    await expect(claim.getByText('E2E-GTB-000118')).toBeVisible();
    await expect(claim.getByRole('button', { name: 'Receipt' })).toHaveCount(0);
    await screenshot(page, 'phone-payment-history');
  });

  test('a payer who pays an installment but closes the window without paying is told nothing was confirmed', async ({
    page,
  }) => {
    await openFees(page, 'student');
    const card = feeCard(page, 'Development levy');
    const before = await outstandingOf(card).innerText();

    const dialog = await chooseMethod(page, 'Development levy', /^Paystack/);
    await dialog.getByRole('radio', { name: /^Installment/ }).check();
    const amount = dialog.getByLabel('Amount to pay now (₦)');
    await expect(amount).toHaveValue('8333.34');
    await amount.fill('5000');
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(dialog.getByText('The minimum installment is ₦8,333.34')).toBeVisible();
    await amount.fill('10000');
    await viewScreenshot(page, 'desktop-payment-installment');

    const popupOpened = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Pay ₦10,000.00' }).click();
    const popup = await popupOpened;
    await popup.waitForURL(/\/checkout\//);
    await expect(popup.getByText('NGN 10,000.00')).toBeVisible();
    await popup.close();

    const processing = page.getByRole('dialog', { name: 'Awaiting Confirmation' });
    await expect(processing.getByText('We have not received confirmation yet')).toBeVisible();
    await expect(processing.getByRole('button', { name: 'Open payment page' })).toBeVisible();
    await viewScreenshot(page, 'desktop-payment-pending');
    await processing.getByRole('button', { name: 'Check again' }).click();
    await expect(processing.getByText('We have not received confirmation yet')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(processing).toBeHidden();

    await expect(outstandingOf(card)).toHaveText(before);
    await page.getByRole('tab', { name: 'Payment History' }).click();
    const attempt = page.getByRole('article', { name: 'Development levy, ₦10,000.00' });
    await expect(attempt.getByText('Awaiting payment — not charged', { exact: true })).toBeVisible();
    await expect(attempt.getByText('Installment', { exact: true })).toBeVisible();
    await expect(attempt.getByRole('button', { name: 'Receipt' })).toHaveCount(0);
  });
});
