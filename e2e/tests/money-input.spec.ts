import { expect, type Page, test } from '@playwright/test';
import { screenshot, signInAs } from './support';

const INEXACT = 'Enter an amount in naira with at most two decimal places';

/**
 * Every write the page sends to the API, so a test can say nothing was sent; signing in and the
 * ticket that opens the notification stream change no data.
 */
function apiWrites(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (
      request.method() !== 'GET' &&
      url.includes('/api/v1/') &&
      !url.includes('/auth/') &&
      !url.includes('/notification/stream-ticket')
    ) {
      sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
    }
  });
  return sent;
}

test.describe('an amount is exact naira or refused before it is sent', () => {
  test('the fee form refuses 10.999 with the API message and sends nothing', async ({ page }) => {
    const writes = apiWrites(page);
    await signInAs(page, 'bursar', '/fees');
    await page.getByRole('tab', { name: 'Fee Management' }).click();
    await page.getByRole('button', { name: 'Create Fee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Fee' });
    const field = (name: string) => dialog.getByLabel(name, { exact: true });
    await field('Fee name').fill('Exactness Levy');
    await field('Description').fill('Never saved');
    await field('Fee type').selectOption('miscellaneous');
    await field('Amount (₦)').fill('10.999');
    await dialog.getByRole('button', { name: 'Save Fee' }).click();
    await expect(dialog.getByText(INEXACT)).toBeVisible();
    await screenshot(page, 'money-input-fee-form');

    await field('Amount (₦)').fill('-1');
    await dialog.getByRole('button', { name: 'Save Fee' }).click();
    await expect(dialog.getByText('Amount must be greater than 0')).toBeVisible();
    await field('Amount (₦)').fill('10.50');
    await expect(dialog.getByText(INEXACT)).toBeHidden();
    expect(writes).toEqual([]);
  });

  test('the cash desk refuses 1.005 with the same message and sends nothing', async ({ page }) => {
    const writes = apiWrites(page);
    await signInAs(page, 'bursar', '/bursar/cash-payments');
    await page.getByLabel('Search student').fill('CVC/2025/0142');
    await page
      .getByRole('list', { name: 'Matching students' })
      .getByRole('button', { name: /Chiamaka/ })
      .click();
    await page.getByRole('radio', { name: /JSS Tuition/ }).check();
    await page.getByRole('radio', { name: /Partial payment/ }).check();
    await page.getByLabel('Amount (₦)').fill('1.005');
    await page.getByRole('button', { name: 'Record cash payment' }).click();
    await expect(page.getByText(INEXACT)).toBeVisible();
    await page.getByLabel('Amount (₦)').fill('0.50');
    await page.getByRole('button', { name: 'Record cash payment' }).click();
    await expect(page.getByText('Amount must be at least ₦1')).toBeVisible();
    await screenshot(page, 'money-input-cash-desk');
    expect(writes).toEqual([]);
  });

  test('the payment configuration refuses a minimum installment with three decimals', async ({ page }) => {
    const writes = apiWrites(page);
    await signInAs(page, 'ict', '/admin/payment-config');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel('Minimum installment amount (₦)').fill('100.125');
    await page.getByRole('button', { name: 'Save configuration' }).click();
    await expect(page.getByText(INEXACT)).toBeVisible();
    expect(writes).toEqual([]);
  });
});
