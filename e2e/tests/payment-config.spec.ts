import { expect, type Page, test } from '@playwright/test';
import { expectAnnounced, screenshot, signInAs } from './support';

/** The demo's Paystack test secret (apps/api/src/seed/payments.ts): it must never reach the page. */
const DEMO_PAYSTACK_SECRET = 'sk_test_crestviewdemo0000000000000001';
const PHONE = { width: 390, height: 844 };
const ACCOUNT_NAME = 'Crestview College Ikeja Fees Account';

async function openConfig(page: Page) {
  await signInAs(page, 'ict', '/admin/payment-config');
  await expect(page.getByRole('heading', { name: 'Payment Configuration', level: 1 })).toBeVisible();
}

test.describe('payment configuration', () => {
  test('an ICT administrator tests Paystack, edits the bank account and sees the analytics', async ({ page }) => {
    await openConfig(page);
    // The ICT administrator configures their own school: no school selector.
    await expect(page.getByLabel('School', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Paystack', selected: true })).toBeVisible();

    const secret = page.getByLabel('Secret key', { exact: true });
    await expect(secret).toHaveValue('');
    await expect(secret).toHaveAttribute('type', 'password');
    await expect(secret).toHaveAttribute('placeholder', /^sk_test_.*•+.*0001 \(saved — leave empty to keep\)$/);
    expect(await page.content()).not.toContain(DEMO_PAYSTACK_SECRET);

    const methods = page.getByRole('complementary', { name: 'Payment methods and setup guide' });
    await expect(methods.getByText('Active', { exact: true })).toHaveCount(4);
    await expect(methods.getByText('/api/v1/payment/paystack/webhook')).toBeVisible();

    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Connected to Paystack' })).toBeVisible();
    await screenshot(page, 'desktop-payment-config');

    await page.getByRole('tab', { name: 'Bank Transfer' }).click();
    const accountName = page.getByLabel('Account name', { exact: true });
    await expect(accountName).toHaveValue('Crestview College Ikeja');
    // A wrong account number is caught under its field before anything is sent.
    await page.getByLabel('Account number', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Save configuration' }).click();
    await expect(page.getByText('Account number must be 10 digits')).toBeVisible();
    await page.getByLabel('Account number', { exact: true }).fill('1013527846');
    await accountName.fill(ACCOUNT_NAME);
    await page.getByRole('button', { name: 'Save configuration' }).click();
    await expectAnnounced(page, 'Payment configuration updated successfully!');
    await expect(page.getByText('All changes saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Bank Transfer', selected: true })).toBeVisible();
    await expect(page.getByLabel('Account name', { exact: true })).toHaveValue(ACCOUNT_NAME);
    // Saving without typing a secret kept the stored one.
    await page.getByRole('tab', { name: 'Paystack' }).click();
    await expect(page.getByLabel('Secret key', { exact: true })).toHaveAttribute('placeholder', /saved/);
    expect(await page.content()).not.toContain(DEMO_PAYSTACK_SECRET);

    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByLabel('From')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByText('Total payments')).toBeVisible();
    await expect(page.getByText('Total amount')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recommendations' })).toBeVisible();
    await screenshot(page, 'desktop-payment-config-analytics');

    await page.setViewportSize(PHONE);
    await page.getByRole('tab', { name: 'Paystack' }).click();
    await expect(page.getByRole('button', { name: 'Save configuration' })).toBeVisible();
    await screenshot(page, 'phone-payment-config');
  });

  test('a test without any key says the keys are required', async ({ page }) => {
    await openConfig(page);
    // A key pasted into the wrong box comes back from the server as an error under that field.
    await page.getByLabel('Public key', { exact: true }).fill('sk_test_not_a_public_key');
    await page.getByRole('button', { name: 'Save configuration' }).click();
    await expect(
      page
        .getByRole('tabpanel', { name: 'Paystack' })
        .getByText('A Paystack public key starts with pk_test_ or pk_live_'),
    ).toBeVisible();
    await expect(page.getByText('Failed to save payment configuration')).toBeVisible();
    await page.getByRole('button', { name: 'Discard' }).click();

    await page.getByRole('tab', { name: 'Flutterwave' }).click();
    await page.getByRole('button', { name: 'Remove saved secret key', exact: true }).click();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'API keys are required' })).toBeVisible();
    await expect(page.getByText('You have unsaved changes.')).toBeVisible();
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByText('All changes saved.')).toBeVisible();
  });

  test('a bursar cannot open the payment configuration', async ({ page }) => {
    await signInAs(page, 'bursar', '/admin/payment-config');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the super-admin chooses the school first', async ({ page }) => {
    await signInAs(page, 'admin', '/admin/payment-config');
    const school = page.getByLabel('School', { exact: true });
    await expect(page.getByRole('heading', { name: 'Please select a school' })).toBeVisible();
    await school.selectOption({ label: 'Crestview College, Ikeja' });
    await expect(page.getByRole('tab', { name: 'Paystack', selected: true })).toBeVisible();
    await expect(page.getByLabel('Public key', { exact: true })).not.toHaveValue('');

    // Switching school with unsaved edits asks first.
    await page.getByRole('tab', { name: 'Bank Transfer' }).click();
    await page.getByLabel('Bank name', { exact: true }).fill('Access Bank');
    await school.selectOption({ label: 'Crestview College, Wuse' });
    const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page.getByLabel('Bank name', { exact: true })).toHaveValue('Access Bank');
    await school.selectOption({ label: 'Crestview College, Wuse' });
    await discard.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByLabel('Bank name', { exact: true })).toHaveValue('Guaranty Trust Bank');
  });
});
