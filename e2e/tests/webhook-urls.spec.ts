import { expect, test } from '@playwright/test';
import { signInAs } from './support';

test.describe('webhook URLs on Payment Configuration', () => {
  test('each provider tab shows its webhook URL, built from the app address, with a copy button', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAs(page, 'ict', '/admin/payment-config');
    const main = page.getByRole('main');

    for (const [tab, name, path] of [
      ['Paystack', 'Paystack', 'paystack'],
      ['Flutterwave', 'Flutterwave', 'flutterwave'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      const block = main.getByRole('region', { name: `${name} webhook URL` });
      const url = `${baseURL}/api/v1/payment/${path}/webhook`;
      await expect(block.getByRole('paragraph').filter({ hasText: url })).toHaveText(`${name} webhook URL: ${url}`);
      await block.getByRole('button', { name: `Copy ${name} webhook URL` }).click();
      await expect(block.getByRole('button', { name: `${name} webhook URL copied` })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      // The test server runs on localhost, which no provider can call: the screen says so.
      await expect(block.getByText(`${name} cannot reach this address from the internet.`)).toBeVisible();
    }

    // Not on the other tabs, where there is nothing to paste it into.
    await page.getByRole('tab', { name: 'Bank Transfer' }).click();
    await expect(main.getByRole('region', { name: /webhook URL$/ })).toHaveCount(0);
  });
});
