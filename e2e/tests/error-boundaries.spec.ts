import { expect, type Page, test } from '@playwright/test';
import { screenshot, signInAs } from './support';

// The Reports page's own code, fetched when the page is first opened (not report-runs-….js, a shared piece).
const REPORTS_CODE = /\/assets\/reports-[\w-]{8}\.js$/;

const failure = (page: Page) => page.getByRole('alert').filter({ hasText: 'This page could not be shown' });

test.describe('a page that fails to open', () => {
  test('keeps the menu working, says so without technical detail, and opens on Retry', async ({ page }) => {
    await signInAs(page, 'bursar', '/profile');
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
    // As when the connection drops, or a new version replaced the files, while the app is open.
    await page.route(REPORTS_CODE, (route) => route.abort('internetdisconnected'));

    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(failure(page)).toBeVisible();
    await expect(failure(page)).toContainText('choose another page from the menu');
    await expect(failure(page)).not.toContainText(/import|module|Error/);
    await screenshot(page, 'desktop-page-failure');

    // The rest of the app is still there: another page opens from the same menu.
    await menu.getByRole('link', { name: 'Expenses' }).click();
    await expect(page.getByRole('heading', { name: 'Expenses', level: 1 })).toBeVisible();
    await expect(failure(page)).toHaveCount(0);

    await page.goBack();
    await expect(failure(page)).toBeVisible();
    await page.unroute(REPORTS_CODE);
    await failure(page).getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();
    await expect(failure(page)).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
  });

  test('on a phone, leaves the menu button in reach', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route(REPORTS_CODE, (route) => route.abort('internetdisconnected'));
    await signInAs(page, 'bursar', '/reports');
    await expect(failure(page)).toBeVisible();
    await screenshot(page, 'phone-page-failure');
    await page.setViewportSize({ width: 360, height: 740 });
    await screenshot(page, 'phone-360-page-failure');

    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await page.getByRole('dialog', { name: 'Navigation' }).getByRole('link', { name: 'Expenses' }).click();
    await expect(page.getByRole('heading', { name: 'Expenses', level: 1 })).toBeVisible();
  });
});
