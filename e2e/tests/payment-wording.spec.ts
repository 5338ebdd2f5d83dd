import { expect, test } from '@playwright/test';
import { signInAs } from './support';

test.describe('payment wording', () => {
  test('a parent reads whose fees are overdue', async ({ page }) => {
    await signInAs(page, 'parent', '/student/fees');
    await expect(page.getByText('Chiamaka Ifeoma Obi · JSS 2A · Crestview College, Ikeja')).toBeVisible();
    await expect(
      page.getByText(/^Overdue: Chiamaka has \d+ overdue fees? totalling ₦[\d,.]+\. Please pay/),
    ).toBeVisible();
    await expect(page.getByText(/You have \d+ overdue/)).toHaveCount(0);
  });

  test('a student still reads “You have”', async ({ page }) => {
    await signInAs(page, 'student', '/student/fees');
    await expect(page.getByText(/^Overdue: You have \d+ overdue fees? totalling ₦/)).toBeVisible();
  });

  test('the payment dialog is titled after a failure, not “Processing Payment”', async ({ page }) => {
    await signInAs(page, 'student', '/student/fees');
    await page
      .getByRole('article', { name: 'Transport', exact: true })
      .getByRole('button', { name: 'Pay Now' })
      .click();
    const methods = page.getByRole('dialog', { name: 'Choose Payment Method' });
    await methods.getByRole('radio', { name: /^Paystack/ }).check();
    const popupOpened = page.waitForEvent('popup');
    await methods.getByRole('button', { name: /^Pay ₦/ }).click();
    const popup = await popupOpened;
    await expect(page.getByRole('dialog', { name: 'Processing Payment' })).toBeVisible();
    await popup.waitForURL(/\/checkout\//);
    await popup.getByRole('button', { name: 'Fail', exact: true }).click();
    // Paystack keeps its page open after a failure, so the payer may try again; they close it.
    await expect(popup.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
    await popup.close();

    const failed = page.getByRole('dialog', { name: 'Payment Failed' });
    await expect(failed.getByText('Payment failed', { exact: true })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Processing Payment' })).toHaveCount(0);
    await expect(failed.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
